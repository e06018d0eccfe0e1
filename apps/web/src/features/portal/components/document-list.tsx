import { LANGUAGE_PREFIXES } from '@clinicpass/shared/i18n/languages';
import { inLanguage } from '@clinicpass/shared/platform/documents';
import type { DocumentLink } from '@clinicpass/shared/platform/entities/common';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { documentName } from '../lib/format';

/**
 * A link to one of the server's PDFs, in the page's language, opened in a new tab so the portal
 * stays where it was; its name says so ("Renewal notice (PDF, opens in a new tab)").
 */
export function PdfLink({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  return (
    <Link
      href={inLanguage(url, LANGUAGE_PREFIXES[language])}
      target="_blank"
      rel="noopener"
      aria-label={t('documents.pdfNewTab', { name })}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
    >
      {t('documents.pdf', { name })}
    </Link>
  );
}

/** A record's documents as links (the API's addresses: the server's PDFs, in the page's language). */
export function DocumentLinks({ documents }: { documents: DocumentLink[] }) {
  const language = useLanguage();
  if (documents.length === 0) return null;
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {documents.map((document) => (
        <li key={document.url}>
          <PdfLink url={document.url} name={documentName(document, language)} />
        </li>
      ))}
    </Stack>
  );
}
