// Chinese texts, one chunk: every namespace file of ../zh-HK/ (a new file is picked up as it is),
// but the clinic counter's, which its own route loads (features/clinic/lib/texts.ts).
// Loaded by lib/i18n.ts only when Chinese is shown (decision 149), with the shared catalogues'
// Chinese (decision 315).
import { cataloguesZhHK } from './catalogues-zh-hk';
import { namespacesOf } from './namespaces';

export default {
  ...namespacesOf(
    import.meta.glob<Record<string, unknown>>(['../zh-HK/*.json', '!../zh-HK/clinic.json'], {
      eager: true,
      import: 'default',
    }),
  ),
  ...cataloguesZhHK,
};
