// HTTP of the clinic side (issue 18): who the caller is, verifying a ticket by QR token or typed
// number, and the recording steps. Every route runs as the caller the module's hook found (a
// staff member or a clinic key), at one of its venues, under the failure limits, with an audit
// line; the steps are idempotent with `Idempotency-Key` (a staff member's) and naturally (a
// second scan of a recorded step records nothing).
import { clinicContract } from '@clinicpass/shared/contracts/clinic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { route } from '../../lib/contract-route';
import { visitService, type TicketRef } from '../outpatient';
import { idempotencyKeyOf, idempotentUnder } from '../platform-common/idempotency';
import { chooseVenue, guardedStep, type ClinicActor } from './clinic-counter.service';
import * as repo from './clinic-user.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The clinic caller on clinic-area routes: a staff member or a clinic key. */
    clinicActor: ClinicActor | null;
  }
}

function noStore(reply: FastifyReply) {
  void reply.header('cache-control', 'no-store');
}

function actorOf(request: FastifyRequest): ClinicActor {
  const actor = request.clinicActor;
  if (actor === null) throw new Error('clinic route without a clinic caller');
  return actor;
}

function refOf(body: { token?: string | undefined; number?: string | undefined }): TicketRef {
  return body.token !== undefined ? { token: body.token } : { number: body.number ?? '' };
}

/**
 * Runs a recording step in a transaction: under the staff member's `Idempotency-Key` when sent
 * (a clinic key's calls rely on the natural idempotency: a recorded step is never recorded
 * again, decision 185).
 */
async function inStepTransaction<Result>(
  request: FastifyRequest,
  actor: ClinicActor,
  work: (tx: Database) => Promise<Result>,
): Promise<Result> {
  const db = request.server.db;
  const key = idempotencyKeyOf(request);
  if (actor.userId === null || key === null) return db.transaction((tx) => work(tx));
  return idempotentUnder(db, request, actor.userId, `clinic:${key}`, request.now.instant, work);
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const clinicRoutes: FastifyPluginAsyncZod = async (app) => {
  const secretKey = app.config.secretKey;

  route(app, clinicContract.getMe, async (request, reply) => {
    noStore(reply);
    const actor = actorOf(request);
    const venues = await visitService.venuesByIds(app.db, actor.venueIds);
    return { kind: actor.kind, email: actor.email, venues };
  });

  route(app, clinicContract.verify, async (request, reply) => {
    noStore(reply);
    const actor = actorOf(request);
    const venueId = chooseVenue(actor, request.body.venue_id);
    const now = request.now;
    return guardedStep(
      app.db,
      {
        actor,
        venueId,
        address: request.ip,
        step: 'verify',
        method: request.body.token !== undefined ? 'qr' : 'number',
        now: now.instant,
      },
      async () => {
        const assessment = await visitService.assessTicket(
          app.db,
          secretKey,
          { ref: refOf(request.body), venueId, step: request.body.step },
          now,
        );
        const result = await visitService.verificationAnswer(
          app.db,
          assessment,
          venueId,
          now.today,
        );
        return { result, seen: { outcome: assessment.outcome, ticketType: assessment.ticketType } };
      },
    );
  });

  /** The three recording steps share everything but the service call. */
  const step =
    (
      name: 'open-visit' | 'close-visit' | 'body-check',
      record: (
        tx: Database,
        body: {
          token?: string | undefined;
          number?: string | undefined;
          service_point_id?: number;
          amount?: number;
        },
        input: visitService.StepInput,
        now: { today: string; instant: Date },
      ) => Promise<visitService.StepResult>,
    ) =>
    async (
      request: FastifyRequest<{
        Body: {
          token?: string | undefined;
          number?: string | undefined;
          venue_id?: number | undefined;
          service_point_id?: number;
          amount?: number;
        };
      }>,
      reply: FastifyReply,
    ) => {
      noStore(reply);
      const actor = actorOf(request);
      const venueId = chooseVenue(actor, request.body.venue_id);
      const now = request.now;
      return guardedStep(
        app.db,
        {
          actor,
          venueId,
          address: request.ip,
          step: name,
          method: request.body.token !== undefined ? 'qr' : 'number',
          now: now.instant,
        },
        async () => {
          let seen: { outcome: visitService.Assessment['outcome']; ticketType: string | null } | null =
            null;
          const result = await inStepTransaction(request, actor, async (tx) => {
            const done = await record(
              tx,
              request.body,
              {
                ref: refOf(request.body),
                venueId,
                actor: { userId: actor.userId, keyId: actor.keyId },
              },
              now,
            );
            seen = { outcome: done.assessment.outcome, ticketType: done.assessment.ticketType };
            return { recorded: done.recorded, visit: done.visit, usage: done.usage };
          });
          return { result, seen: seen ?? { outcome: 'replayed' as const, ticketType: null } };
        },
      );
    };

  route(
    app,
    clinicContract.openVisit,
    step('open-visit', (tx, _body, input, now) =>
      visitService.openVisit(tx, secretKey, input, now),
    ),
  );
  route(
    app,
    clinicContract.closeVisit,
    step('close-visit', (tx, body, input, now) =>
      visitService.closeVisit(
        tx,
        secretKey,
        { ...input, servicePointId: body.service_point_id ?? 0, amount: body.amount ?? 0 },
        now,
      ),
    ),
  );
  route(
    app,
    clinicContract.recordBodyCheck,
    step('body-check', (tx, _body, input, now) =>
      visitService.recordBodyCheckAtClinic(tx, secretKey, input, now),
    ),
  );
};

/** The venues a signed-in account acts for (empty: not clinic staff). */
export async function staffVenues(db: Database, userId: string): Promise<number[]> {
  return repo.venueIdsOfUser(db, userId);
}
