// Route table: the back office (`/api/ops`, issue 39, decision 295). Staff sign in with a
// password and an authenticator code; each entry names the roles that may call it, and the ops
// module refuses every other role 403 before the body is read.
import { z } from 'zod';
import {
  AuditPageSchema,
  AuditQuerySchema,
  StaffCreateBodySchema,
  StaffCreatedSchema,
  StaffIdParamsSchema,
  StaffListSchema,
  StaffSchema,
  StaffSessionSchema,
  StaffSignInBodySchema,
  StaffUpdateBodySchema,
} from '../platform/staff';
import { LANGUAGES } from '../i18n/languages';
import { defineRoute } from './route';

/** `GET /sso/start?lang=`: the language the back office opens in afterwards. */
const SsoStartQuerySchema = z.object({ lang: z.enum(LANGUAGES).default('en') });
/** The provider's redirect back: read whole by the OpenID client (code, state, iss, error…). */
const SsoCallbackQuerySchema = z.record(z.string(), z.string().max(4096));

const tags = ['Back office'];

export const opsContract = {
  signIn: defineRoute({
    method: 'POST',
    area: 'ops',
    path: '/session',
    body: StaffSignInBodySchema,
    responses: { 200: StaffSessionSchema },
    errors: ['validation_error', 'staff_sign_in_failed', 'limit_exceeded'],
    auth: 'none',
    tags,
    summary: 'Sign a staff member in (password + authenticator code); sets the staff cookie',
  }),
  session: defineRoute({
    method: 'GET',
    area: 'ops',
    path: '/session',
    responses: { 200: StaffSessionSchema },
    errors: ['unauthenticated', 'staff_session_ended'],
    auth: 'staff',
    staffRoles: 'any',
    tags,
    summary: 'The signed-in staff member, their roles and when the session ends',
  }),
  signOut: defineRoute({
    method: 'DELETE',
    area: 'ops',
    path: '/session',
    responses: { 200: z.object({ signed_out: z.literal(true) }) },
    errors: ['unauthenticated', 'staff_session_ended'],
    auth: 'staff',
    staffRoles: 'any',
    tags,
    summary: 'End this staff session',
  }),
  listStaff: defineRoute({
    method: 'GET',
    area: 'ops',
    path: '/staff',
    responses: { 200: StaffListSchema },
    errors: ['unauthenticated', 'staff_session_ended', 'forbidden'],
    auth: 'staff',
    staffRoles: ['admin'],
    tags,
    summary: 'Every staff account',
  }),
  createStaff: defineRoute({
    method: 'POST',
    area: 'ops',
    path: '/staff',
    body: StaffCreateBodySchema,
    responses: { 200: StaffCreatedSchema },
    errors: ['validation_error', 'unauthenticated', 'staff_session_ended', 'forbidden', 'conflict'],
    auth: 'staff',
    staffRoles: ['admin'],
    tags,
    summary: 'Create a staff account; its first password and authenticator secret are shown once',
  }),
  updateStaff: defineRoute({
    method: 'PATCH',
    area: 'ops',
    path: '/staff/:id',
    params: StaffIdParamsSchema,
    body: StaffUpdateBodySchema,
    responses: { 200: StaffSchema },
    errors: [
      'validation_error',
      'unauthenticated',
      'staff_session_ended',
      'forbidden',
      'not_found',
      'conflict',
    ],
    auth: 'staff',
    staffRoles: ['admin'],
    tags,
    summary: "Change a staff member's roles or disable the account; their sessions end",
  }),
  listAudit: defineRoute({
    method: 'GET',
    area: 'ops',
    path: '/audit',
    query: AuditQuerySchema,
    responses: { 200: AuditPageSchema },
    errors: ['validation_error', 'unauthenticated', 'staff_session_ended', 'forbidden'],
    auth: 'staff',
    staffRoles: ['admin'],
    tags,
    summary: 'The audit log, newest first, filtered by actor, action, target and time',
  }),
  exportAudit: defineRoute({
    method: 'GET',
    area: 'ops',
    path: '/audit/export',
    query: AuditQuerySchema.omit({ page: true }),
    responses: { 200: z.string().describe('text/csv') },
    errors: ['validation_error', 'unauthenticated', 'staff_session_ended', 'forbidden'],
    auth: 'staff',
    staffRoles: ['admin'],
    tags,
    summary: 'The audit log matching the filters as CSV (UTF-8)',
  }),
  ssoStart: defineRoute({
    method: 'GET',
    area: 'ops',
    path: '/sso/start',
    query: SsoStartQuerySchema,
    responses: {},
    errors: ['validation_error', 'not_found', 'service_unavailable', 'limit_exceeded'],
    auth: 'none',
    tags,
    summary: 'Start single sign-on: a redirect (302) to the identity provider',
    description:
      'Sets the sealed flow cookie (cp_staff_sso). 404 not_found when STAFF_OIDC_ISSUER is not set.',
  }),
  ssoCallback: defineRoute({
    method: 'GET',
    area: 'ops',
    path: '/sso/callback',
    query: SsoCallbackQuerySchema,
    responses: {},
    errors: ['not_found', 'limit_exceeded'],
    auth: 'none',
    tags,
    summary: "The identity provider's redirect back: a redirect (302) to the back office",
    description:
      'Signed in: the staff cookie is set and the browser goes to /{lang}/ops. Refused: it goes to /{lang}/ops/sign-in?sso=<error code>.',
  }),
} as const;
