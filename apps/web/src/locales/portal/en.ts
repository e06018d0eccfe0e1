// The portal's texts in this language, one chunk: every namespace file of ./en/ (a new file is
// picked up as it is). Loaded only by the portal (features/portal/portal-i18n.ts).
import { namespacesOf } from '../bundles/namespaces';

export default namespacesOf(
  import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }),
);
