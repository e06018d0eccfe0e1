// The texts of the codes and notices the identity service sends, in the request's language.
import { errorMessage } from '@clinicpass/shared/errors/messages';
import type { Language } from '@clinicpass/shared/i18n/languages';

type Texts = Record<
  'mfa' | 'reset' | 'firstTime' | 'alreadyConfirmed' | 'phone' | 'noSmsMethod',
  {
    subject: string;
    body: (v: { code: string; link?: string; minutes: number; phone?: string }) => string;
  }
>;

const en: Texts = {
  mfa: {
    subject: 'ClinicPass sign-in code',
    body: ({ code, minutes }) =>
      `Your ClinicPass sign-in code is ${code}. It expires in ${minutes} minutes. Never share it.`,
  },
  reset: {
    subject: 'Reset your ClinicPass password',
    body: ({ code, link, minutes }) =>
      `Your ClinicPass verification code is ${code}. It expires in ${minutes} minutes.` +
      (link === undefined ? '' : `\n\nEnter it here to set a new password: ${link}`) +
      `\n\nIf you did not ask to reset your password, ignore this message.`,
  },
  firstTime: {
    subject: 'Set your ClinicPass password',
    body: ({ code, minutes }) =>
      `Welcome to ClinicPass. Your verification code is ${code}. It expires in ${minutes / 60} hours.`,
  },
  alreadyConfirmed: {
    subject: 'Your ClinicPass account is already set up',
    body: () =>
      'Someone asked to set a first password for this email, but the account already has one. Sign in, or use "Forgot password" if you do not remember it.',
  },
  noSmsMethod: {
    subject: 'Reset your ClinicPass password',
    body: ({ phone }) =>
      'Someone asked to reset the password of this account with a code by SMS, but the account has no verified phone, so no SMS was sent. ' +
      errorMessage('no_delivery_method', 'en', { values: { phone: phone ?? '' } }) +
      '\n\nIf you did not ask to reset your password, ignore this message.',
  },
  phone: {
    subject: 'ClinicPass phone verification',
    body: ({ code, minutes }) =>
      `Your ClinicPass phone verification code is ${code}. It expires in ${minutes} minutes.`,
  },
};

const zhHK: Texts = {
  mfa: {
    subject: 'ClinicPass 登入驗證碼',
    body: ({ code, minutes }) =>
      `你的 ClinicPass 登入驗證碼是 ${code}，將於 ${minutes} 分鐘後失效。請勿將驗證碼告訴他人。`,
  },
  reset: {
    subject: '重設你的 ClinicPass 密碼',
    body: ({ code, link, minutes }) =>
      `你的 ClinicPass 驗證碼是 ${code}，將於 ${minutes} 分鐘後失效。` +
      (link === undefined ? '' : `\n\n請在此輸入驗證碼以設定新密碼：${link}`) +
      `\n\n如你沒有要求重設密碼，請忽略此訊息。`,
  },
  firstTime: {
    subject: '設定你的 ClinicPass 密碼',
    body: ({ code, minutes }) =>
      `歡迎使用 ClinicPass。你的驗證碼是 ${code}，將於 ${minutes / 60} 小時後失效。`,
  },
  alreadyConfirmed: {
    subject: '你的 ClinicPass 帳戶已經設定',
    body: () =>
      '有人要求為此電郵設定首次密碼，但帳戶已設有密碼。請直接登入；如忘記密碼，請使用「忘記密碼」。',
  },
  noSmsMethod: {
    subject: '重設你的 ClinicPass 密碼',
    body: ({ phone }) =>
      '有人要求以短訊驗證碼重設此帳戶的密碼，但帳戶沒有已驗證的手機號碼，因此沒有發送短訊。' +
      errorMessage('no_delivery_method', 'zh-HK', { values: { phone: phone ?? '' } }) +
      '\n\n如你沒有要求重設密碼，請忽略此訊息。',
  },
  phone: {
    subject: 'ClinicPass 電話驗證',
    body: ({ code, minutes }) =>
      `你的 ClinicPass 電話驗證碼是 ${code}，將於 ${minutes} 分鐘後失效。`,
  },
};

export const IDENTITY_TEXTS: Record<Language, Texts> = { en, 'zh-HK': zhHK };

/** The frame of an email around its message (templates/email, decision 283). */
export const EMAIL_FRAME: Record<
  Language,
  { footer: string; codeLabel: string; linkLabel: string }
> = {
  en: {
    footer: 'This is an automatic message from ClinicPass. Replies to it are not read.',
    codeLabel: 'Your code',
    linkLabel: 'Set a new password',
  },
  'zh-HK': {
    footer: '此電郵由 ClinicPass 自動發出，請勿回覆。',
    codeLabel: '你的驗證碼',
    linkLabel: '設定新密碼',
  },
};
