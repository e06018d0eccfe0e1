import '@testing-library/jest-dom/vitest';

import { webcrypto } from 'node:crypto';

import { LANGUAGES } from '@clinicpass/shared/i18n/languages';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import type * as altcha from '../lib/altcha';
import { loadLanguage } from '../lib/i18n';

import { failOnUnexpectedConsoleOutput, startConsoleCapture } from './console';

type AltchaModule = typeof altcha;

// The captcha's solve is a stand-in here (see altcha-stand-in.ts); journeys solve real ones.
vi.mock('../lib/altcha', async (importOriginal) => {
  const actual = await importOriginal<AltchaModule>();
  const { standInSolve } = await import('./altcha-stand-in');
  return { ...actual, solveCaptcha: standInSolve };
});

// Both languages' texts, as the app has them once a page in each language has been shown.
await Promise.all(LANGUAGES.map(loadLanguage));

// The suite runs in VM contexts (vitest's vmThreads pool: one jsdom per worker, decision 221),
// where jsdom's `crypto` has no `subtle`; the captcha's proof of work and the server-side
// challenge the tests make need Web Crypto as the browser has it.
const contextCrypto = globalThis.crypto as Partial<Crypto>;
if (contextCrypto.subtle === undefined) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// jsdom has no layout; React Router's scroll restoration calls scrollTo on every navigation.
window.scrollTo = () => undefined;

// A console.error or console.warn during a test (React act() warnings, prop-type and key
// warnings, React Router notices…) fails it, unless the test calls allowConsoleErrors().
beforeEach(() => {
  startConsoleCapture();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  failOnUnexpectedConsoleOutput();
});
