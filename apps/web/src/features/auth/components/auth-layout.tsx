import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { DocumentTitle } from '../../../components/document-title';

/** Heading, intro, the error banner's live region, then the form. */
export function AuthLayout({
  documentTitle,
  heading,
  intro,
  banner,
  children,
}: {
  documentTitle: string;
  heading: string;
  intro?: ReactNode;
  banner: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ py: { xs: 1, sm: 3 } }}>
      <DocumentTitle page={documentTitle} />
      <Typography variant="h1">{heading}</Typography>
      {intro !== undefined && <Typography>{intro}</Typography>}
      {banner}
      {children}
    </Stack>
  );
}

export const formSx = { display: 'flex', flexDirection: 'column', gap: 2 } as const;
