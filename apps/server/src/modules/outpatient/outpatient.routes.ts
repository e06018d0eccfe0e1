// HTTP of the member card (customer area): the look-up, tickets, the member summary, medical
// cards and shared card links; plus the clinic counter's ticket check (clinic area).
import {
  CARD_TYPES,
  MEMBER_VIEW_TOKEN_HEADER,
  MedicalCardsResponseSchema,
  MemberSummarySchema,
  MemberTicketResponseSchema,
  OpaqueTokenSchema,
  SharedCardLinkResponseSchema,
  SharedCardResponseSchema,
  TicketsResponseSchema,
} from '@clinicpass/shared/schemas/outpatient';
import { MemberLookupSchema } from '@clinicpass/shared/schemas/outpatient-lookup';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../plugins/errors';
import { requireCaptcha } from '../captcha/captcha.plugin';
import * as service from './outpatient.service';

export function outpatientDeps(app: FastifyInstance): service.OutpatientDeps {
  return { db: app.db, clock: app.clock, secretKey: app.config.secretKey };
}

/** The requester of a request: the signed-in identity and the member view token header. */
export function requesterOf(request: FastifyRequest): service.Requester {
  const header = request.headers[MEMBER_VIEW_TOKEN_HEADER];
  return {
    identity: request.identity,
    viewToken: typeof header === 'string' && header !== '' ? header : undefined,
  };
}

/** Answers carrying bearer tokens or personal data are never stored by a cache. */
function noStore(reply: FastifyReply) {
  void reply.header('cache-control', 'no-store');
}

const PolicyNumberSchema = z.string().trim().min(1).max(32);
const TAGS = ['Outpatient'];

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const outpatientRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = outpatientDeps(app);

  app.post(
    '/outpatient/member-ticket',
    {
      schema: {
        tags: TAGS,
        summary: 'Member QR tickets by HKID (or member code) and applicant phone, without sign-in',
        body: MemberLookupSchema,
        response: { 200: MemberTicketResponseSchema },
      },
      // Every look-up costs a solved captcha (issue 8), checked once the body is valid.
      preHandler: requireCaptcha(app),
    },
    async (request, reply) => {
      noStore(reply);
      return service.lookUpMember(deps, request.body, request.ip, {
        solvedDifficulty: request.captchaDifficulty,
        requiredDifficulty: (failures) => app.captcha.requiredDifficulty(failures),
      });
    },
  );

  app.get(
    '/outpatient/ticket',
    {
      schema: {
        tags: TAGS,
        summary: "A policy's tickets: its signed-in owner, or a member view token for it",
        querystring: z.object({ policy_id: PolicyNumberSchema }),
        response: { 200: TicketsResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const tickets = await service.listTicketsForPolicy(
        deps,
        requesterOf(request),
        request.query.policy_id,
      );
      return { tickets };
    },
  );

  app.get(
    '/outpatient/member',
    {
      schema: {
        tags: TAGS,
        summary: 'The member behind a member view token',
        response: { 200: MemberSummarySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.memberForViewToken(deps, requesterOf(request).viewToken);
    },
  );

  app.get(
    '/policy/medical-card',
    {
      schema: {
        tags: TAGS,
        summary: 'Medical cards of a policy (same access rule as tickets)',
        querystring: z.object({
          policy_number: PolicyNumberSchema.optional(),
          card_type: z.enum(CARD_TYPES).optional(),
        }),
        response: { 200: MedicalCardsResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const results = await service.listMedicalCards(
        deps,
        requesterOf(request),
        { policyNumber: request.query.policy_number, cardType: request.query.card_type },
        requestLanguage(request),
      );
      return { results };
    },
  );

  app.post(
    '/outpatient/shared-card',
    {
      schema: {
        tags: TAGS,
        summary: "A 7-day link to one member's card",
        body: z.object({ member_code: z.string().trim().min(1).max(32).optional() }).default({}),
        response: { 200: SharedCardLinkResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.createSharedCardLink(deps, requesterOf(request), request.body.member_code);
    },
  );

  // The token travels in the body (not the address), so it stays out of access logs.
  app.post(
    '/outpatient/shared-card/open',
    {
      schema: {
        tags: TAGS,
        summary: 'The card behind a shared link',
        body: z.object({ token: OpaqueTokenSchema }),
        response: { 200: SharedCardResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.openSharedCard(deps, request.body.token, requestLanguage(request));
    },
  );

  app.post(
    '/outpatient/shared-card/revoke',
    {
      schema: {
        tags: TAGS,
        summary: 'Revokes a shared card link',
        body: z.object({ token: OpaqueTokenSchema }),
      },
    },
    async (request, reply) => {
      await service.revokeSharedCard(deps, request.body.token);
      return reply.status(204).send();
    },
  );
};

/** The clinic counter's check of a presented QR token (clinic area). */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const outpatientClinicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = outpatientDeps(app);
  app.post(
    '/outpatient/ticket/verify',
    {
      schema: {
        tags: TAGS,
        summary: 'Checks a presented QR token: refused once expired or revoked',
        body: z.object({ token: OpaqueTokenSchema }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.verifyTicket(deps, request.body.token);
    },
  );
};
