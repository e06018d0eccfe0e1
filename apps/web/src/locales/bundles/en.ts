// English texts, one chunk: every namespace file of ../en/ (a new file is picked up as it is),
// but the clinic counter's, which its own route loads (features/clinic/lib/texts.ts), and the
// finder's names in both languages, which the finder's chunk carries (decision 315).
// Loaded by lib/i18n.ts only when English is shown (decision 149).
import { namespacesOf } from './namespaces';

export default namespacesOf(
  import.meta.glob<Record<string, unknown>>(
    ['../en/*.json', '!../en/clinic.json', '!../en/finder-names.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
