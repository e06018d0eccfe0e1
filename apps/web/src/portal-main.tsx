// The policy owner's portal (issue 20, decisions 194–195): a page of its own, `/portal/`, with
// its routes in the hash (`/portal/#/{en|zh-hk}/…`). It shares the member app's providers, API
// client, identity and texts, but none of its pages: the member pages never load the portal.
// Started in steps like the member app (decision 219).
import './lib/zod-csp';

import { bootApp } from './app/boot';

void bootApp({
  routes: async () => (await import('./portal-start')).portalRoutes,
  history: 'hash',
});
