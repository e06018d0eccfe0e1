// The portal's first texts in this language, one chunk: its own `portal` namespace (layout,
// My policies, policy pages) and the member app's common texts (layout, language switch, status
// pages). Loaded only by the portal (features/portal/portal-i18n.ts), instead of the member
// app's whole bundle; the namespaces some pages show besides (`portal-account`, the sign-in
// forms', the QR card's) are loaded by those pages' routes.
// With the shared catalogues' Chinese (decision 315).
import { cataloguesZhHK } from '../bundles/catalogues-zh-hk';
import { namespacesOf } from '../bundles/namespaces';

export default {
  ...namespacesOf(
    import.meta.glob<Record<string, unknown>>(['./zh-HK/portal.json', '../zh-HK/common.json'], {
      eager: true,
      import: 'default',
    }),
  ),
  ...cataloguesZhHK,
};
