// REST of the doctor finder under /api/customer: the service-point searches of both panels and
// the group-policy list, and bookmarks. Readable without sign-in (decision 012).
import { formatContentRange, type Pagination } from '@clinicpass/shared/api-client/pagination';
import { PANELS } from '@clinicpass/shared/constants';
import {
  BookmarkResultSchema,
  ServicePointIdParamsSchema,
  ServicePointListSchema,
  ServicePointQuerySchema,
} from '@clinicpass/shared/schemas/finder';
import type { FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendKeptCompressed } from '../../plugins/compression';
import { requestLanguage } from '../../plugins/errors';
import type { Answer } from './finder.answers';
import type { FinderCaller, FinderList, FinderService } from './finder.service';

/** The group-policy list takes fewer parameters than the panels. */
export const GroupServicePointQuerySchema = ServicePointQuerySchema.pick({
  policy_number: true,
  district_codes: true,
  service_ids: true,
  search: true,
  page: true,
  page_size: true,
});

export function callerOf(request: FastifyRequest): FinderCaller {
  return { language: requestLanguage(request), userId: request.identity?.userId ?? null };
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
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: Answer) {
  reply.header('content-range', formatContentRange(kept.pagination));
  reply.type('application/json; charset=utf-8');
  return sendKeptCompressed(request, reply, kept.json);
}

/** Where a guest's answer is kept: the caller's language and the address as asked. */
function answerKey(request: FastifyRequest): string | undefined {
  return request.identity === null ? `${requestLanguage(request)} ${request.url}` : undefined;
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

  const searchRoute = (url: string, list: FinderList, summary: string) =>
    app.get(
      url,
      {
        preParsing: fromCache,
        schema: {
          tags: ['finder'],
          summary,
          querystring: ServicePointQuerySchema,
          response: { 200: ServicePointListSchema },
        },
      },
      async (request, reply) => {
        const found = await service.searchServicePointsJson(
          list,
          request.query,
          callerOf(request),
          answerKey(request),
        );
        return sendJson(reply, found);
      },
    );
  searchRoute(
    '/policy/service-point',
    PANELS.primary,
    'Search the primary panel (policy number required)',
  );
  searchRoute('/policy/service-point/outpatient-go', PANELS.second, 'Search the second panel');

  app.get(
    '/group-policy/service-point',
    {
      preParsing: fromCache,
      schema: {
        tags: ['finder'],
        summary: "Search the group policy members' network",
        querystring: GroupServicePointQuerySchema,
        response: { 200: ServicePointListSchema },
      },
    },
    async (request, reply) => {
      const query = {
        ...request.query,
        no_pagination: false,
        expand_until_found: false,
        specialty_slug: undefined,
        price_range: undefined,
      };
      const found = await service.searchServicePointsJson(
        'group',
        query,
        callerOf(request),
        answerKey(request),
      );
      return sendJson(reply, found);
    },
  );

  for (const [method, bookmarked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/service-point/:id/bookmark',
      schema: {
        tags: ['finder'],
        summary: bookmarked ? 'Bookmark a service point' : 'Remove a bookmark',
        params: ServicePointIdParamsSchema,
        response: { 200: BookmarkResultSchema },
      },
      handler: async (request) =>
        service.setBookmark(request.identity?.userId ?? null, request.params.id, bookmarked),
    });
  }
};
/* eslint-enable @typescript-eslint/require-await */
