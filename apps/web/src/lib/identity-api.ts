/** Calls to the identity service (`/identity/…`). The session travels in HttpOnly cookies. */
import type { Language } from '@clinicpass/shared/i18n/languages';
import {
  CodeDeliveryResponseSchema,
  MeResponseSchema,
  OkResponseSchema,
  SignInResponseSchema,
  type DeliveryMedium,
} from '@clinicpass/shared/schemas/identity';
import { captchaHeaders } from '@clinicpass/shared/schemas/captcha';
import type { ZodType } from 'zod';

import { api } from './api';

const post = async <T>(path: string, body: unknown, schema: ZodType<T>, captcha?: string | null) =>
  (
    await api.request({
      area: 'identity',
      path,
      method: 'POST',
      body,
      schema,
      headers: captchaHeaders(captcha),
    })
  ).data;

export const identityApi = {
  me: async () =>
    (await api.request({ area: 'identity', path: '/me', schema: MeResponseSchema })).data,
  /** `captcha`: a solved payload, once the server asked for one (`captcha_required`). */
  signIn: (email: string, password: string, captcha?: string | null) =>
    post('/sign-in', { email, password }, SignInResponseSchema, captcha),
  respondToChallenge: (session: string, code: string) =>
    post('/sign-in/challenge', { session, code }, SignInResponseSchema),
  signOut: () => post('/sign-out', {}, OkResponseSchema),
  forgotPassword: (input: {
    email: string;
    delivery: DeliveryMedium;
    language: Language;
    redirectUrl: string;
    /** Every code sent costs a solved captcha. */
    captcha: string;
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
      input.captcha,
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
  changePassword: (currentPassword: string, newPassword: string) =>
    post(
      '/change-password',
      { current_password: currentPassword, new_password: newPassword },
      OkResponseSchema,
    ),
};
