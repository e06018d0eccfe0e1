// Route table: the identity service (`/identity/…`, Cognito-shaped errors), the device session
// (`/session/`) and the development helpers (`/dev/…`, never in production).
import { z } from 'zod';
import {
  ChallengeRequestSchema,
  ChangePasswordRequestSchema,
  CodeDeliveryResponseSchema,
  ConfirmForgotPasswordRequestSchema,
  EmailSchema,
  FirstTimeConfirmRequestSchema,
  FirstTimeRequestSchema,
  ForgotPasswordRequestSchema,
  MeResponseSchema,
  OkResponseSchema,
  PhoneVerifyConfirmRequestSchema,
  PhoneVerifyRequestSchema,
  RefreshRequestSchema,
  SignInRequestSchema,
  SignInResponseSchema,
} from '../schemas/identity';
import { CAPTCHA_ERRORS } from './common';
import { defineRoute } from './route';

const tags = ['identity'] as const;

/** What every identity call may answer besides its own codes. */
const IDENTITY = ['InvalidParameterException', 'TooManyRequestsException'] as const;

export const identityContract = {
  signIn: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/sign-in',
    body: SignInRequestSchema,
    responses: { 200: SignInResponseSchema },
    errors: [
      ...IDENTITY,
      'NotAuthorizedException',
      'UserNotFoundException',
      'PasswordResetRequiredException',
      ...CAPTCHA_ERRORS,
    ],
    auth: 'none',
    tags,
    summary: 'Sign in with email and password; SMS_MFA challenge when the phone is verified',
  }),
  respondToChallenge: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/sign-in/challenge',
    body: ChallengeRequestSchema,
    responses: { 200: SignInResponseSchema },
    errors: [
      ...IDENTITY,
      'NotAuthorizedException',
      'CodeMismatchException',
      'ExpiredCodeException',
      'TooManyFailedAttemptsException',
    ],
    auth: 'none',
    tags,
    summary: 'Answer the SMS_MFA challenge with the 6-digit code',
  }),
  me: defineRoute({
    method: 'GET',
    area: 'identity',
    path: '/me',
    responses: { 200: MeResponseSchema },
    errors: ['NotAuthorizedException'],
    auth: 'optional',
    tags,
    summary: 'Who is signed in (a guest answers signed_in false)',
  }),
  refresh: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/refresh',
    body: RefreshRequestSchema.nullish(),
    responses: { 200: SignInResponseSchema },
    errors: [...IDENTITY, 'NotAuthorizedException'],
    auth: 'token',
    tags,
    summary: 'Rotate the refresh token (cookie, or `refresh_token` in the body)',
  }),
  signOut: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/sign-out',
    body: RefreshRequestSchema.nullish(),
    responses: { 200: OkResponseSchema },
    errors: [...IDENTITY],
    auth: 'optional',
    tags,
    summary: 'Global sign-out: every refresh and access token of the user stops working',
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/forgot-password',
    body: ForgotPasswordRequestSchema,
    responses: { 200: CodeDeliveryResponseSchema },
    errors: [
      ...IDENTITY,
      'LimitExceededException',
      'CodeDeliveryFailureException',
      ...CAPTCHA_ERRORS,
    ],
    auth: 'none',
    tags,
    summary: 'Send a reset code by email (optionally with a link) or SMS',
  }),
  confirmForgotPassword: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/forgot-password/confirm',
    body: ConfirmForgotPasswordRequestSchema,
    responses: { 200: OkResponseSchema },
    errors: [
      ...IDENTITY,
      'CodeMismatchException',
      'ExpiredCodeException',
      'InvalidPasswordException',
      'PasswordHistoryPolicyViolationException',
    ],
    auth: 'none',
    tags,
    summary: 'Set a new password with the reset code (signs out everywhere)',
  }),
  firstTime: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/first-time',
    body: FirstTimeRequestSchema,
    responses: { 200: CodeDeliveryResponseSchema },
    errors: [...IDENTITY, 'LimitExceededException', 'CodeDeliveryFailureException'],
    auth: 'none',
    tags,
    summary: 'First-time login: email a 6-digit code to a member who has no password yet',
  }),
  firstTimeConfirm: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/first-time/confirm',
    body: FirstTimeConfirmRequestSchema,
    responses: { 200: SignInResponseSchema },
    errors: [
      ...IDENTITY,
      'CodeMismatchException',
      'ExpiredCodeException',
      'InvalidPasswordException',
    ],
    auth: 'none',
    tags,
    summary: 'First-time login: set the password with the code, then signed in',
  }),
  verifyPhone: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/phone/verify',
    body: PhoneVerifyRequestSchema,
    responses: { 200: CodeDeliveryResponseSchema },
    errors: [
      ...IDENTITY,
      'NotAuthorizedException',
      'AliasExistsException',
      'LimitExceededException',
      'CodeDeliveryFailureException',
    ],
    auth: 'customer',
    tags,
    summary: 'Send a code by SMS to verify a Hong Kong mobile number (signed in)',
  }),
  confirmPhone: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/phone/verify/confirm',
    body: PhoneVerifyConfirmRequestSchema,
    responses: { 200: OkResponseSchema },
    errors: [
      ...IDENTITY,
      'NotAuthorizedException',
      'CodeMismatchException',
      'ExpiredCodeException',
      'AliasExistsException',
    ],
    auth: 'customer',
    tags,
    summary: 'Confirm the phone with the SMS code (signed in)',
  }),
  changePassword: defineRoute({
    method: 'POST',
    area: 'identity',
    path: '/change-password',
    body: ChangePasswordRequestSchema,
    responses: { 200: OkResponseSchema },
    errors: [
      ...IDENTITY,
      'NotAuthorizedException',
      'InvalidPasswordException',
      'PasswordHistoryPolicyViolationException',
    ],
    auth: 'customer',
    tags,
    summary: 'Change the password: current and new (signed in)',
  }),
} as const;

// The device session's entry lives in its own file, so the shell (which opens a session on
// every page) does not load the identity area's schemas.
export { sessionContract } from './session';

/** A message sent without a transport, as the outbox lists it. */
export const OutboxEntrySchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

export const devContract = {
  outbox: defineRoute({
    method: 'GET',
    area: 'dev',
    path: '/outbox',
    responses: { 200: z.array(OutboxEntrySchema) },
    errors: [],
    auth: 'none',
    tags: ['dev'],
    summary: 'Messages sent without a transport, newest first (not in production)',
  }),
  /** Hidden: an HTML page for people, not an API call. */
  outboxPage: defineRoute({
    method: 'GET',
    area: 'dev',
    path: '/outbox/view',
    responses: {},
    errors: [],
    auth: 'none',
    hide: true,
  }),
  createUser: defineRoute({
    method: 'POST',
    area: 'dev',
    path: '/identity/users',
    body: z.object({
      email: EmailSchema,
      password: z.string().optional(),
      phone_number: z.string().optional(),
    }),
    responses: { 200: z.object({ id: z.string(), email: z.string(), status: z.string() }) },
    errors: ['InvalidParameterException', 'UsernameExistsException'],
    auth: 'none',
    tags: ['dev'],
    summary:
      'Create a test user: confirmed with `password`, or awaiting first-time login without (not in production)',
  }),
} as const;
