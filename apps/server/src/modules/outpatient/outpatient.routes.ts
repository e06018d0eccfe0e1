// HTTP of the member card (customer area): the look-up, tickets, the member summary, medical
// cards and shared card links; plus the clinic counter's ticket check (clinic area).
import { policyVisitsContract } from '@clinicpass/shared/contracts/clinic';
import { clinicContract, outpatientContract } from '@clinicpass/shared/contracts/outpatient';
import {
  MEMBER_ON_DEVICE_COOKIE,
  MEMBER_VIEW_TOKEN_HEADER,
} from '@clinicpass/shared/schemas/outpatient';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { cookieIsSecure } from '../../lib/secure-cookie';
import { requestLanguage } from '../../plugins/errors';
import { requireCaptcha } from '../captcha/captcha.plugin';
import { pageReply, pageWindow } from '../platform-common/pagination';
import * as service from './outpatient.service';

export function outpatientDeps(app: FastifyInstance): service.OutpatientDeps {
  return {
    db: app.db,
    clock: app.clock,
    secretKey: app.config.secretKey,
    lookupLimits: {
      perMember: app.config.guestLimits.lookupsPerMemberPerHour,
      perAddress: app.config.guestLimits.lookupsPerAddressPerHour,
    },
  };
}

/** The requester of a request: the signed-in identity and the member view token header. */
export function requesterOf(request: FastifyRequest): service.Requester {
  const header = request.headers[MEMBER_VIEW_TOKEN_HEADER];
  return {
    identity: request.identity,
    viewToken: typeof header === 'string' && header !== '' ? header : undefined,
  };
}

/** A year: a card kept on the device stays until the member forgets it. */
const MEMBER_ON_DEVICE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The look-up's answer marks the browser as holding a member (decision 232): its member pages'
 * addresses are then sent their own shells. Set here, not by the page: a cookie the page writes
 * lasts at most 7 days in Safari, and a card kept at the counter lasts longer. `1` and nothing
 * else; the page reads it and clears it when the cards are forgotten.
 */
function markMemberOnDevice(request: FastifyRequest, reply: FastifyReply) {
  const secure = cookieIsSecure(request) ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${MEMBER_ON_DEVICE_COOKIE}=1; Path=/; Max-Age=${MEMBER_ON_DEVICE_SECONDS}; SameSite=Lax${secure}`,
  );
}

/** Answers carrying bearer tokens or personal data are never stored by a cache. */
function noStore(reply: FastifyReply) {
  void reply.header('cache-control', 'no-store');
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const outpatientRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = outpatientDeps(app);

  route(
    app,
    outpatientContract.lookUpMember,
    async (request, reply) => {
      noStore(reply);
      const found = await service.lookUpMember(deps, request.body, request.ip, {
        solvedDifficulty: request.captchaDifficulty,
        requiredDifficulty: (failures) => app.captcha.requiredDifficulty(failures),
      });
      markMemberOnDevice(request, reply);
      return found;
    },
    // Every look-up costs a solved captcha (issue 8), checked once the body is valid.
    { preHandler: requireCaptcha(app) },
  );

  route(app, outpatientContract.listTickets, async (request, reply) => {
    noStore(reply);
    const tickets = await service.listTicketsForPolicy(
      deps,
      requesterOf(request),
      request.query.policy_id,
    );
    return { tickets };
  });

  route(app, outpatientContract.getMember, async (request, reply) => {
    noStore(reply);
    return service.memberForViewToken(deps, requesterOf(request).viewToken);
  });

  route(app, outpatientContract.listMedicalCards, async (request, reply) => {
    noStore(reply);
    const results = await service.listMedicalCards(
      deps,
      requesterOf(request),
      { policyNumber: request.query.policy_number, cardType: request.query.card_type },
      requestLanguage(request),
    );
    return { results };
  });

  route(app, outpatientContract.createSharedCardLink, async (request, reply) => {
    noStore(reply);
    return service.createSharedCardLink(deps, requesterOf(request), request.body.member_code);
  });

  route(app, outpatientContract.openSharedCard, async (request, reply) => {
    noStore(reply);
    return service.openSharedCard(deps, request.body.token, requestLanguage(request));
  });

  route(app, outpatientContract.revokeSharedCard, async (request, reply) => {
    await service.revokeSharedCard(deps, request.body.token);
    return reply.status(204).send();
  });

  route(app, policyVisitsContract.listPolicyVisits, async (request, reply) => {
    noStore(reply);
    const page = await service.listPolicyVisitsForOwner(
      deps,
      request.requireCaller().userId,
      request.params.id,
      pageWindow(request.query),
      request.now.today,
    );
    return pageReply(reply, request.query, page.items, page.total);
  });
};

/** The clinic counter's check of a presented QR token (clinic area). */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const outpatientClinicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = outpatientDeps(app);
  route(app, clinicContract.verifyTicket, async (request, reply) => {
    noStore(reply);
    return service.verifyTicket(deps, request.body.token);
  });
};
