import { LANGUAGE_PREFIXES } from '@clinicpass/shared/i18n/languages';
import { inLanguage } from '@clinicpass/shared/platform/documents';
import type { DocumentLink } from '@clinicpass/shared/platform/entities/common';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import { useLanguage } from '../../../lib/i18n';

/** A record's documents as links (the API's addresses: the server's PDFs, in the page's language). */
export function DocumentLinks({ documents }: { documents: DocumentLink[] }) {
  const language = useLanguage();
  if (documents.length === 0) return null;
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {documents.map((document) => (
        <li key={document.url}>
          <Link
            href={inLanguage(document.url, LANGUAGE_PREFIXES[language])}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {document.name}
          </Link>
        </li>
      ))}
    </Stack>
  );
}
