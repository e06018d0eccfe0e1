import type { DocumentLink } from '@clinicpass/shared/platform/entities/common';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

/** A record's documents as links (the API's addresses: the server's authenticated PDFs). */
export function DocumentLinks({ documents }: { documents: DocumentLink[] }) {
  if (documents.length === 0) return null;
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {documents.map((document) => (
        <li key={document.url}>
          <Link
            href={document.url}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {document.name}
          </Link>
        </li>
      ))}
    </Stack>
  );
}
