/** Calls to the identity service (`/identity/…`). The session travels in HttpOnly cookies. */
import type { Language } from '@clinicpass/shared/i18n/languages';
import {
  CodeDeliveryResponseSchema,
  MeResponseSchema,
  OkResponseSchema,
  SignInResponseSchema,
  type DeliveryMedium,
} from '@clinicpass/shared/schemas/identity';
import type { ZodType } from 'zod';

import { api } from '../../../lib/api';

const post = async <T>(path: string, body: unknown, schema: ZodType<T>) =>
  (await api.request({ area: 'identity', path, method: 'POST', body, schema })).data;

export const identityApi = {
  me: async () =>
    (await api.request({ area: 'identity', path: '/me', schema: MeResponseSchema })).data,
  signIn: (email: string, password: string) =>
    post('/sign-in', { email, password }, SignInResponseSchema),
  respondToChallenge: (session: string, code: string) =>
    post('/sign-in/challenge', { session, code }, SignInResponseSchema),
  signOut: () => post('/sign-out', {}, OkResponseSchema),
  forgotPassword: (input: {
    email: string;
    delivery: DeliveryMedium;
    language: Language;
    redirectUrl: string;
  }) =>
    post(
      '/forgot-password',
      {
        email: input.email,
        delivery: input.delivery,
        language: input.language,
        redirect_url: input.redirectUrl,
      },
      CodeDeliveryResponseSchema,
    ),
  confirmForgotPassword: (email: string, code: string, newPassword: string) =>
    post('/forgot-password/confirm', { email, code, new_password: newPassword }, OkResponseSchema),
  firstTime: (email: string, language: Language) =>
    post('/first-time', { email, language }, CodeDeliveryResponseSchema),
  firstTimeConfirm: (email: string, code: string, newPassword: string) =>
    post('/first-time/confirm', { email, code, new_password: newPassword }, SignInResponseSchema),
  verifyPhone: (phoneNumber: string, language: Language) =>
    post('/phone/verify', { phone_number: phoneNumber, language }, CodeDeliveryResponseSchema),
  confirmPhone: (code: string) => post('/phone/verify/confirm', { code }, OkResponseSchema),
};
