// English texts, one chunk: every namespace file of ../en/ (a new file is picked up as it is).
// Loaded by lib/i18n.ts only when English is shown (decision 149).
import { namespacesOf } from './namespaces';

export default namespacesOf(
  import.meta.glob<Record<string, unknown>>('../en/*.json', { eager: true, import: 'default' }),
);
