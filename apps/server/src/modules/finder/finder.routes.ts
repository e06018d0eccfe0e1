// REST of the doctor finder under /api/customer: the service-point searches of both panels and
// the group-policy list, and bookmarks. Readable without sign-in (decision 012).
import { formatContentRange, type Pagination } from '@clinicpass/shared/api-client/pagination';
import { PANELS } from '@clinicpass/shared/constants';
import { finderContract as contract } from '@clinicpass/shared/contracts/finder';
import type { FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { sendKeptCompressed } from '../../plugins/compression';
import { requestLanguage } from '../../plugins/errors';
import type { KeptAnswer } from './finder.answers';
import { hkMinute } from './finder.hours';
import type { FinderCaller, FinderList, FinderService } from './finder.service';

/** The finder's caller: the request's language and the signed-in customer, if any. */
function finderCallerOf(request: FastifyRequest): FinderCaller {
  return {
    language: requestLanguage(request),
    userId: request.caller?.userId ?? null,
    address: request.ip,
    now: request.now.instant,
  };
}

/**
 * Sends a search already written as UTF-8 JSON in the response schema's shape (the service
 * writes it from typed objects): Fastify sends a buffer as is, so the schema stays in the
 * OpenAPI document without a parse-and-stringify of every answer (decision 110).
 */
function sendJson(reply: FastifyReply, found: { json: Buffer; pagination: Pagination }) {
  reply.header('content-range', formatContentRange(found.pagination));
  reply.type('application/json; charset=utf-8');
  return reply.send(found.json);
}

/** A kept answer, compressed once and kept with it (decision 147). */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  reply.header('content-range', formatContentRange(kept.pagination));
  reply.type('application/json; charset=utf-8');
  return sendKeptCompressed(request, reply, kept.json, kept.forms);
}

/**
 * Where a guest's answer is kept: the caller's language, the Hong Kong minute (cards say
 * whether a venue is open now, issue 19) and the address as asked.
 */
function answerKey(request: FastifyRequest): string | undefined {
  return request.identity === null
    ? `${requestLanguage(request)} ${hkMinute(request.now.instant).minuteKey} ${request.url}`
    : undefined;
}

/* eslint-disable @typescript-eslint/require-await -- Fastify plugins are async by contract */
export const finderRoutes: FastifyPluginAsyncZod<{ service: FinderService }> = async (
  app,
  { service },
) => {
  // A kept answer skips validation and the search. Before parsing, so after every onRequest
  // hook: the sign-in hook has named the caller and the rate limit (which adds its hook to each
  // route's onRequest list, after a route's own) has counted the request.
  const fromCache: preParsingHookHandler = (request, reply, payload, done) => {
    const key = answerKey(request);
    const kept = key === undefined ? undefined : service.cachedAnswer(key);
    if (kept === undefined) done(null, payload);
    else void sendKept(request, reply, kept);
  };

  const searchRoute = (
    entry: typeof contract.searchPrimaryPanel | typeof contract.searchSecondPanel,
    list: FinderList,
  ) => {
    route(
      app,
      entry,
      async (request, reply) => {
        const found = await service.searchServicePointsJson(
          list,
          request.query,
          finderCallerOf(request),
          answerKey(request),
        );
        return sendJson(reply, found);
      },
      { preParsing: fromCache },
    );
  };
  searchRoute(contract.searchPrimaryPanel, PANELS.primary);
  searchRoute(contract.searchSecondPanel, PANELS.second);

  route(
    app,
    contract.searchGroupPolicy,
    async (request, reply) => {
      const query = {
        ...request.query,
        no_pagination: false,
        expand_until_found: false,
        specialty_slug: undefined,
        price_range: undefined,
        open_now: false,
        open_sunday: false,
      };
      const found = await service.searchServicePointsJson(
        'group',
        query,
        finderCallerOf(request),
        answerKey(request),
      );
      return sendJson(reply, found);
    },
    { preParsing: fromCache },
  );

  for (const [entry, bookmarked] of [
    [contract.setBookmark, true],
    [contract.removeBookmark, false],
  ] as const) {
    route(app, entry, async (request) =>
      service.setBookmark(request.caller?.userId ?? null, request.params.id, bookmarked),
    );
  }
};
/* eslint-enable @typescript-eslint/require-await */
