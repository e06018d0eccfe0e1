// Staff single sign-on by OpenID Connect (issue 39, decision 328), with `openid-client`: the
// authorization code flow with PKCE, state and nonce. The flow's secrets ride in a sealed,
// short-lived cookie of their own (`cp_staff_sso`, Path=/api/ops/sso, SameSite=Lax so the
// provider's redirect back carries it), never in the address. The provider's groups decide the
// roles at every sign-in (`STAFF_OIDC_GROUP_ROLES`); a change of roles ends the person's other
// sessions (roles_version). A person is found by the provider's issuer and subject, else — the
// first time — by a verified email of an account made in the back office, else made.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { FALLBACK_LANGUAGE, type Language, LANGUAGES } from '@clinicpass/shared/i18n/languages';
import { STAFF_ROLES, type Staff, type StaffRole } from '@clinicpass/shared/platform/staff';
import { and, eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import { staffUser } from '../../db/staff-schema';
import { deriveKey, seal, unseal } from '../../lib/crypto';
import { recordAudit } from './audit';
import {
  openStaffSession,
  type StaffCaller,
  type StaffContext,
  type StaffRow,
} from './staff.service';

export const SSO_COOKIE = 'cp_staff_sso';
export const SSO_COOKIE_PATH = '/api/ops/sso';
/** How long a sign-in at the provider may take before its flow is refused. */
export const SSO_FLOW_MS = 10 * 60_000;

type SsoConfig = NonNullable<Config['staffOidc']>;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  lang: Language;
  /** Until when (ms) the flow may be finished. */
  until: number;
}

/** The roles the person's groups give, in the roles' own order. */
export function rolesForGroups(
  groupRoles: SsoConfig['groupRoles'],
  groups: readonly string[],
): StaffRole[] {
  const given = new Set(groups.flatMap((group) => groupRoles[group] ?? []));
  return STAFF_ROLES.filter((role) => given.has(role));
}

/** The claim as a list of strings (a provider may send one group as a string). */
function groupsOf(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((item): item is string => typeof item === 'string');
  return [];
}

const failed = (reason: string) => new AppError('staff_sso_failed', { message: reason });

export function createStaffSso(
  ctx: StaffContext,
  settings: SsoConfig,
  /** Where the provider sends the person back: `<PUBLIC_URL>/api/ops/sso/callback`. */
  redirectUri: string,
) {
  const flowKey = deriveKey(ctx.secretKey, 'staff-sso-flow');
  /** The flow the cookie carries; null when there is none or it was not sealed here. */
  const readFlow = (sealedFlow: string | null): Flow | null => {
    if (sealedFlow === null || sealedFlow === '') return null;
    try {
      const flow = JSON.parse(unseal(flowKey, sealedFlow)) as Flow;
      return LANGUAGES.includes(flow.lang) ? flow : null;
    } catch {
      return null;
    }
  };
  const issuer = new URL(settings.issuer);
  // Discovered on first use and kept; a failed discovery is tried again at the next sign-in.
  let configuration: Promise<oidc.Configuration> | null = null;
  const discovered = () => {
    configuration ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain HTTP is allowed only for a provider on this machine (checked by the config).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- the library's own switch for a non-TLS provider in development and tests, marked deprecated only to stand out
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  /** The person's row for these claims: found, linked or made; roles set from the groups. */
  async function staffFor(
    claims: { sub: string; email: string; name: string; groups: string[] },
    now: Date,
    requestId: string | null,
  ): Promise<StaffRow> {
    const roles = rolesForGroups(settings.groupRoles, claims.groups);
    if (roles.length === 0) {
      throw new AppError('forbidden', {
        message: 'None of your groups at the identity provider gives a back-office role',
      });
    }
    return ctx.db.transaction(async (tx) => {
      const bySubject = and(
        eq(staffUser.oidcIssuer, settings.issuer),
        eq(staffUser.oidcSubject, claims.sub),
      );
      let [row] = await tx.select().from(staffUser).where(bySubject).for('update').limit(1);
      if (row === undefined) {
        const [byEmail] = await tx
          .select()
          .from(staffUser)
          .where(eq(staffUser.email, claims.email))
          .for('update')
          .limit(1);
        if (byEmail !== undefined && byEmail.oidcSubject !== null) {
          // The address belongs to another person at the provider.
          throw failed('This email is linked to another account at the identity provider');
        }
        if (byEmail !== undefined) {
          [row] = await tx
            .update(staffUser)
            .set({ oidcIssuer: settings.issuer, oidcSubject: claims.sub })
            .where(eq(staffUser.id, byEmail.id))
            .returning();
        } else {
          [row] = await tx
            .insert(staffUser)
            .values({
              email: claims.email,
              name: claims.name,
              passwordHash: null,
              totpSealed: null,
              roles,
              oidcIssuer: settings.issuer,
              oidcSubject: claims.sub,
            })
            .returning();
          if (row === undefined) throw new Error('staff user not stored');
          await recordAudit(
            tx,
            { kind: 'operator', name: `single sign-on (${issuer.host})` },
            {
              action: 'staff.create',
              targetKind: 'staff',
              targetId: row.id,
              after: { email: row.email, name: row.name, roles, method: 'oidc' },
              requestId,
              at: now,
            },
          );
          return row;
        }
        if (row === undefined) throw new Error('staff user not linked');
      }
      if (row.disabledAt !== null) throw new AppError('staff_sign_in_failed');
      const before = [...row.roles].sort();
      if (before.join(',') !== [...roles].sort().join(',')) {
        // Roles follow the provider's groups; the person's other sessions end (roles_version).
        const [changed] = await tx
          .update(staffUser)
          .set({ roles, rolesVersion: sql`${staffUser.rolesVersion} + 1` })
          .where(eq(staffUser.id, row.id))
          .returning();
        if (changed === undefined) throw new Error('staff roles not stored');
        await recordAudit(
          tx,
          { kind: 'operator', name: `single sign-on (${issuer.host})` },
          {
            action: 'staff.roles-from-provider',
            targetKind: 'staff',
            targetId: row.id,
            before: { roles: before },
            after: { roles },
            requestId,
            at: now,
          },
        );
        row = changed;
      }
      return row;
    });
  }

  return {
    /**
     * The language the sign-in started in, for the page a refusal sends the person back to
     * (even when the flow has run out of time); English when the cookie is missing or forged.
     */
    languageOf(sealedFlow: string | null): Language {
      return readFlow(sealedFlow)?.lang ?? FALLBACK_LANGUAGE;
    },

    /** The provider's authorization address and the sealed flow for the cookie. */
    async start(lang: Language, now: Date): Promise<{ url: string; flow: string }> {
      const config = await discovered().catch(() => {
        throw new AppError('service_unavailable', {
          message: 'The identity provider cannot be reached; try again shortly',
        });
      });
      const flow: Flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        lang,
        until: now.getTime() + SSO_FLOW_MS,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow: seal(flowKey, JSON.stringify(flow)) };
    },

    /**
     * Finishes the flow from the provider's redirect (`callbackUrl` as the browser asked for it)
     * with the sealed flow of the cookie: a staff session, or `staff_sso_failed`.
     */
    async finish(
      callbackUrl: URL,
      sealedFlow: string | null,
      now: Date,
      requestId: string | null,
    ): Promise<{ token: string; caller: StaffCaller; staff: Staff; lang: Language }> {
      const flow = readFlow(sealedFlow);
      if (flow === null) {
        throw failed('The sign-in was not started here, or its cookie was lost; start again');
      }
      if (now.getTime() > flow.until) throw failed('The sign-in took too long; start again');
      const config = await discovered();
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        const sub = String(claims.sub);
        // A provider may keep the email and the groups for the userinfo endpoint.
        if (claims.email === undefined || claims[settings.groupsClaim] === undefined) {
          claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, sub)), ...claims };
        }
      } catch (error) {
        const reason =
          error instanceof oidc.AuthorizationResponseError
            ? `The identity provider refused: ${error.error}`
            : 'The identity provider’s answer could not be verified';
        throw failed(reason);
      }
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
      if (email === '' || claims.email_verified === false) {
        throw failed('The identity provider gave no verified email');
      }
      const row = await staffFor(
        {
          sub: String(claims.sub),
          email,
          name: typeof claims.name === 'string' && claims.name !== '' ? claims.name : email,
          groups: groupsOf(claims[settings.groupsClaim]),
        },
        now,
        requestId,
      );
      const session = await openStaffSession(ctx, row, now, requestId, 'oidc');
      return { ...session, lang: flow.lang };
    },
  };
}

export type StaffSso = ReturnType<typeof createStaffSso>;
