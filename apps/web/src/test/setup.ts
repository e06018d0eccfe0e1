import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

import { failOnUnexpectedConsoleOutput, startConsoleCapture } from './console';

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
