// A step of the entries' start (decision 219, `boot.ts`): the texts, the runtime settings, error
// reporting and the server-state cache, one chunk (each of them is small; one step each would
// only split the chunks further, and every chunk compresses on its own).
// The texts: evaluated in this step (i18next and the catalogues), used through React's context.
import '../lib/i18n';

export { runtimeConfig } from '../config/runtime';
export { startErrorReporting } from '../lib/error-reporting';
export { createQueryClient } from '../lib/query-client';
export { createAppRouter, createHistory } from '../lib/app-router';
export { renderWhenReady } from './render-when-ready';
