/**
 * Calls to the identity service (`/identity/…`), typed and validated by its route table entries
 * (`@clinicpass/shared/contracts/identity`). The session travels in HttpOnly cookies.
 */
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { identityContract } from '@clinicpass/shared/contracts/identity';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { captchaHeaders } from '@clinicpass/shared/schemas/captcha';
import type { DeliveryMedium } from '@clinicpass/shared/schemas/identity';

import { api } from './api';

export const identityApi = {
  me: () => callRoute(api, identityContract.me),
  /** `captcha`: a solved payload, once the server asked for one (`captcha_required`). */
  signIn: (email: string, password: string, captcha?: string | null) =>
    callRoute(api, identityContract.signIn, {
      body: { email, password },
      headers: captchaHeaders(captcha),
    }),
  respondToChallenge: (session: string, code: string) =>
    callRoute(api, identityContract.respondToChallenge, { body: { session, code } }),
  signOut: () => callRoute(api, identityContract.signOut, { body: {} }),
  forgotPassword: (input: {
    email: string;
    delivery: DeliveryMedium;
    language: Language;
    redirectUrl: string;
    /** Every code sent costs a solved captcha. */
    captcha: string;
  }) =>
    callRoute(api, identityContract.forgotPassword, {
      body: {
        email: input.email,
        delivery: input.delivery,
        language: input.language,
        redirect_url: input.redirectUrl,
      },
      headers: captchaHeaders(input.captcha),
    }),
  confirmForgotPassword: (email: string, code: string, newPassword: string) =>
    callRoute(api, identityContract.confirmForgotPassword, {
      body: { email, code, new_password: newPassword },
    }),
  firstTime: (email: string, language: Language) =>
    callRoute(api, identityContract.firstTime, { body: { email, language } }),
  firstTimeConfirm: (email: string, code: string, newPassword: string) =>
    callRoute(api, identityContract.firstTimeConfirm, {
      body: { email, code, new_password: newPassword },
    }),
  verifyPhone: (phoneNumber: string, language: Language) =>
    callRoute(api, identityContract.verifyPhone, {
      body: { phone_number: phoneNumber, language },
    }),
  confirmPhone: (code: string) => callRoute(api, identityContract.confirmPhone, { body: { code } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    callRoute(api, identityContract.changePassword, {
      body: { current_password: currentPassword, new_password: newPassword },
    }),
};
