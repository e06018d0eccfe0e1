// The portal's routes as its entry starts them (decision 219: a step of its own). The sign-in
// feature's forms for `account/security` are provided here, loaded with that page (decision 198).
import { provideSecurityForms } from './features/portal/account/security-forms';
import { portalRoutes } from './features/portal/portal-router';

provideSecurityForms(() => import('./features/auth/security-forms'));

export { portalRoutes };
