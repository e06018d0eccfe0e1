// Chinese texts, one chunk: every namespace file of ../zh-HK/ (a new file is picked up as it is),
// but the clinic counter's, which its own route loads (features/clinic/lib/texts.ts), and the
// finder's names in both languages, which the finder's chunk carries (decision 315).
// Loaded by lib/i18n.ts only when Chinese is shown (decision 149), with the shared catalogues'
// Chinese (decision 315).
import { cataloguesZhHK } from './catalogues-zh-hk';
import { namespacesOf } from './namespaces';

export default {
  ...namespacesOf(
    import.meta.glob<Record<string, unknown>>(
      ['../zh-HK/*.json', '!../zh-HK/clinic.json', '!../zh-HK/finder-names.json'],
      {
        eager: true,
        import: 'default',
      },
    ),
  ),
  ...cataloguesZhHK,
};
