/**
 * Loads the ALTCHA widget on demand (its own chunk): the CSP-friendly `altcha/external` build,
 * its stylesheet, and the PBKDF2 worker as a file of our origin (worker-src falls back to
 * script-src 'self'; no blob: workers, no inline scripts). The challenge is fetched through the
 * app's API client, which tells a network failure apart.
 */
import { API_AREAS, isApiError } from '@clinicpass/shared/api-client/client';
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { captchaContract } from '@clinicpass/shared/contracts/captcha';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { CAPTCHA_CHALLENGE_PATH } from '@clinicpass/shared/schemas/captcha';
import type { TFunction } from 'i18next';

import { api } from './api';

/** The algorithm the server's challenges use (apps/server captcha.service.ts). */
const ALGORITHM = 'PBKDF2/SHA-256';
/** The spec's "timeout" error: a solve taking longer than this gives up. */
export const CAPTCHA_SOLVE_TIMEOUT_MS = 30_000;

/** The address the widget is given; our `fetch` below answers it. */
export const CHALLENGE_URL = `${API_AREAS.customer}${CAPTCHA_CHALLENGE_PATH}`;

let fetchFailed = false;
/** The difficulty the next challenge is asked at (a `captcha_required` answer's); null: base. */
let difficulty: number | null = null;

/** Asks the challenges fetched from now on at this difficulty (decision 150); null: the base. */
export function setChallengeDifficulty(value: number | null): void {
  difficulty = value;
}

/** The difficulty the next challenge is asked at; null: the server's base. */
export function challengeDifficulty(): number | null {
  return difficulty;
}
/** When (device time, ms) the last challenge fetched stops being accepted; see takeDeadline. */
let deadline: number | null = null;

/**
 * The device time at which the last fetched challenge expires: its signed lifetime counted from
 * when it arrived, so a device clock that is wrong does not matter (decision 090). Read once.
 */
export function takeDeadline(): number | null {
  const value = deadline;
  deadline = null;
  return value;
}

/** Notes that a challenge could not be fetched for want of a network. */
export function markFetchFailure(): void {
  fetchFailed = true;
}

/** Whether the last challenge fetch failed for want of a network (read once). */
export function takeFetchFailure(): boolean {
  const failed = fetchFailed;
  fetchFailed = false;
  return failed;
}

/**
 * The widget's `fetch`: the app's API client, answered back as a Response. A failure to reach
 * the server (no network, or a 5xx) is noted for `takeFetchFailure` (the "network" message); a
 * 4xx answer is not.
 */
export async function challengeFetch(): Promise<Response> {
  fetchFailed = false;
  try {
    const received = Date.now();
    const data = await callRoute(api, captchaContract.getChallenge, {
      query: difficulty === null ? {} : { difficulty: String(difficulty) },
    });
    const lifetime = data.parameters.data;
    deadline =
      typeof lifetime?.expires_at === 'number' && typeof lifetime.issued_at === 'number'
        ? received + (lifetime.expires_at - lifetime.issued_at) * 1000
        : null;
    return new Response(JSON.stringify(data), {
      headers: { 'content-type': 'application/json' },
    });
  } catch (error) {
    if (!isApiError(error) || error.code === 'network_error' || error.status >= 500) {
      markFetchFailure();
    }
    throw error;
  }
}

/** The widget's language key for ours. */
export const altchaLanguage = (language: Language) => (language === 'en' ? 'en' : 'zh-hk');

let loading: Promise<void> | undefined;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/altcha.css');
    await import('altcha/external');
    const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
    globalThis.$altcha.algorithms.set(ALGORITHM, () => new Pbkdf2Worker());
    globalThis.$altcha.defaults.set({
      fetch: challengeFetch,
      hideFooter: true,
      hideLogo: true,
      timeout: CAPTCHA_SOLVE_TIMEOUT_MS,
      humanInteractionSignature: false,
    });
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The widget's own texts in our words, for one language. */
export function setAltchaTexts(language: Language, t: TFunction<'captcha'>): void {
  globalThis.$altcha.i18n.set(altchaLanguage(language), {
    ariaLinkLabel: t('group'),
    enterCode: t('label'),
    enterCodeAria: t('label'),
    error: t('errors.network'),
    expired: t('errors.expired'),
    footer: '',
    getAudioChallenge: t('label'),
    label: t('label'),
    loading: t('verifying'),
    reload: t('label'),
    verify: t('label'),
    verificationRequired: t('required'),
    verified: t('verified'),
    verifying: t('verifying'),
    waitAlert: t('verifying'),
  });
}
