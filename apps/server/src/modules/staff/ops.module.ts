// The back office's API (`/api/ops`, issue 39, decision 295). Staff carry the `cp_staff` cookie
// (HttpOnly, SameSite=Strict, Path=/api/ops); a customer's or a clinic's sign-in counts for
// nothing here. Each route names its roles in the route table; a caller without one of them is
// refused 403 before the body is read, a guest 401, a session that ended 401
// `staff_session_ended`.
import rateLimit from '@fastify/rate-limit';
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { RouteContract } from '@clinicpass/shared/contracts/route';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, sessionCookie } from '../../lib/cookies';
import { route } from '../../lib/contract-route';
import { cookieIsSecure } from '../../lib/secure-cookie';
import { requestLanguage } from '../../plugins/errors';
import { addressRateLimit } from '../../plugins/limits';
import type { Staff } from '@clinicpass/shared/platform/staff';
import { auditCsv, listAudit } from './audit';
import { opsWorkRoutes } from './ops-work.routes';
import { LANGUAGE_PREFIXES } from '@clinicpass/shared/i18n/languages';
import { createStaffSso, SSO_COOKIE, SSO_COOKIE_PATH, SSO_FLOW_MS } from './sso';
import {
  authenticate,
  createStaff,
  finishSmsSignIn,
  listStaff,
  setSecondFactor,
  signIn,
  startSmsSignIn,
  signOut,
  STAFF_SESSION_MAX_MS,
  type StaffCaller,
  type StaffContext,
  updateStaff,
  actorOf,
} from './staff.service';

export const STAFF_COOKIE = 'cp_staff';
export const STAFF_COOKIE_PATH = '/api/ops';
/** Sign-in attempts per client address per window (the account lock counts per account). */
export const STAFF_SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: 15 * 60_000 } as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, on back-office routes. */
    staff: StaffCaller | null;
    /** The signed-in staff member's account, as their session's check read it. */
    staffAccount: Staff | null;
    /** A staff cookie was presented for a session that has ended. */
    staffSessionEnded: boolean;
  }
}

/** The route's hook refusing callers without one of its roles. */
function requireRoles(contract: RouteContract) {
  return async (request: FastifyRequest) => {
    const caller = request.staff;
    if (caller === null) {
      throw new AppError(request.staffSessionEnded ? 'staff_session_ended' : 'unauthenticated');
    }
    const roles = contract.staffRoles ?? [];
    if (roles !== 'any' && !roles.some((role) => caller.roles.includes(role))) {
      throw new AppError('forbidden', {
        message: `This needs the ${roles.join(' or ')} role`,
      });
    }
    return Promise.resolve();
  };
}

function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string, now: Date) {
  reply.header(
    'set-cookie',
    sessionCookie(STAFF_COOKIE, token, {
      path: STAFF_COOKIE_PATH,
      maxAge: token === '' ? 0 : STAFF_SESSION_MAX_MS / 1000,
      secure: cookieIsSecure(request),
      now,
    }),
  );
}

export interface OpsModuleOptions {
  /** Rebuilds the finder's read model after "details confirmed" (the finder's own function). */
  rebuildReadModel: (db: FastifyInstance['db']) => Promise<number>;
}

export async function opsModule(app: FastifyInstance, options: OpsModuleOptions): Promise<void> {
  const ctx: StaffContext = { db: app.db, secretKey: app.config.secretKey };
  app.decorateRequest('staff', null);
  app.decorateRequest('staffAccount', null);
  app.decorateRequest('staffSessionEnded', false);
  app.addHook('onRequest', async (request) => {
    const token = readCookie(request, STAFF_COOKIE);
    if (token === null) return;
    const check = await authenticate(ctx, token, request.now.instant);
    if (check.kind === 'signed-in') {
      request.staff = check.caller;
      request.staffAccount = check.staff;
    } else request.staffSessionEnded = check.kind === 'ended';
  });
  const staffRoute = <const C extends RouteContract>(
    contract: C,
    handler: Parameters<typeof route<C>>[2],
  ) => {
    route(app, contract, handler, { onRequest: requireRoles(contract) });
  };

  await app.register(async (limited) => {
    await limited.register(
      rateLimit,
      addressRateLimit(app.db, 'staff-sign-in', STAFF_SIGN_IN_RATE_LIMIT),
    );
    // Single sign-on (decision 328), when STAFF_OIDC_ISSUER is set.
    const settings = app.config.staffOidc;
    const sso =
      settings === null
        ? null
        : createStaffSso(ctx, settings, `${app.config.publicUrl}/api/ops/sso/callback`);
    const ssoOff = () =>
      new AppError('not_found', { message: 'Single sign-on is not set up for the back office' });
    const flowCookie = (request: FastifyRequest, value: string, now: Date) =>
      sessionCookie(SSO_COOKIE, value, {
        path: SSO_COOKIE_PATH,
        maxAge: value === '' ? 0 : SSO_FLOW_MS / 1000,
        secure: cookieIsSecure(request),
        now,
        // The provider's redirect back is a cross-site navigation: Strict would not carry it.
        sameSite: 'Lax',
      });
    route(limited, opsContract.ssoStart, async (request, reply) => {
      if (sso === null) throw ssoOff();
      const now = request.now.instant;
      const { url, flow } = await sso.start(request.query.lang, now);
      return reply.header('set-cookie', flowCookie(request, flow, now)).redirect(url, 302);
    });
    route(limited, opsContract.ssoCallback, async (request, reply) => {
      if (sso === null) throw ssoOff();
      const now = request.now.instant;
      const callbackUrl = new URL(request.url, app.config.publicUrl);
      const cookies = [flowCookie(request, '', now)];
      const flow = readCookie(request, SSO_COOKIE);
      let target: string;
      try {
        const { token, lang } = await sso.finish(callbackUrl, flow, now, request.id);
        cookies.push(
          sessionCookie(STAFF_COOKIE, token, {
            path: STAFF_COOKIE_PATH,
            maxAge: STAFF_SESSION_MAX_MS / 1000,
            secure: cookieIsSecure(request),
            now,
          }),
        );
        target = `/${LANGUAGE_PREFIXES[lang]}/ops`;
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'staff_sso_failed';
        request.log.warn(
          { code, reason: error instanceof Error ? error.message : undefined },
          'staff single sign-on refused',
        );
        // Back to the sign-in page in the language the sign-in started in (the sealed flow's).
        const lang = LANGUAGE_PREFIXES[sso.languageOf(flow)];
        target = `/${lang}/ops/sign-in?sso=${encodeURIComponent(code)}`;
      }
      return reply.header('set-cookie', cookies).redirect(target, 302);
    });
    route(limited, opsContract.signIn, async (request, reply) => {
      const now = request.now.instant;
      const { token, caller, staff } = await signIn(ctx, request.body, now, request.id);
      setStaffCookie(request, reply, token, now);
      return { staff, expires_at: caller.expiresAt.toISOString() };
    });
    // The SMS factor (decision 304): the customers' code path, behind the same limits.
    const sms = app.identityService.outsideChallenges;
    route(limited, opsContract.startSmsSignIn, async (request) => {
      const challenge = await startSmsSignIn(
        ctx,
        sms,
        request.body,
        requestLanguage(request),
        request.now.instant,
      );
      return {
        session: challenge.session,
        destination: challenge.destination,
        expires_in: challenge.expiresInSeconds,
      };
    });
    route(limited, opsContract.finishSmsSignIn, async (request, reply) => {
      const now = request.now.instant;
      const { token, caller, staff } = await finishSmsSignIn(
        ctx,
        sms,
        request.body,
        now,
        request.id,
      );
      setStaffCookie(request, reply, token, now);
      return { staff, expires_at: caller.expiresAt.toISOString() };
    });
  });

  staffRoute(opsContract.session, (request) => {
    const caller = request.staff as StaffCaller;
    const staff = request.staffAccount;
    if (staff === null) throw new AppError('staff_session_ended');
    return { staff, expires_at: caller.expiresAt.toISOString() };
  });

  staffRoute(opsContract.signOut, async (request, reply) => {
    const now = request.now.instant;
    await signOut(ctx, request.staff as StaffCaller, now, request.id);
    setStaffCookie(request, reply, '', now);
    return { signed_out: true as const };
  });

  opsWorkRoutes(app, staffRoute, options.rebuildReadModel);

  staffRoute(opsContract.listStaff, async () => ({ items: await listStaff(app.db) }));

  staffRoute(opsContract.createStaff, (request) =>
    createStaff(
      ctx,
      actorOf(request.staff as StaffCaller),
      request.body,
      request.now.instant,
      request.id,
    ),
  );

  staffRoute(opsContract.updateStaff, (request) =>
    updateStaff(
      ctx,
      request.staff as StaffCaller,
      request.params.id,
      request.body,
      request.now.instant,
      request.id,
    ),
  );

  staffRoute(opsContract.setStaffSecondFactor, (request) =>
    setSecondFactor(
      ctx,
      request.staff as StaffCaller,
      request.params.id,
      request.body,
      request.now.instant,
      request.id,
    ),
  );

  staffRoute(opsContract.listAudit, async (request) => {
    const { page, ...filter } = request.query;
    return listAudit(app.db, filter, page);
  });

  staffRoute(opsContract.exportAudit, async (request, reply) => {
    const csv = await auditCsv(app.db, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="clinicpass-audit.csv"')
      .send(csv);
  });
}
