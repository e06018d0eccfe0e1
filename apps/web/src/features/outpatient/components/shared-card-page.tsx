import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { InlineNotification } from '../../../components/notification';
import { openSharedCard } from '../api/shared-card-api';

import { MemberCardPanel } from './member-card-panel';

/** The token of a shared link travels in the fragment (`#t=…`), which never reaches a server log. */
export function sharedTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token !== null && /^[A-Za-z0-9_-]{22,128}$/.test(token) ? token : null;
}

/** `/e-card/shared#t=…`: one member's card behind a shared link, and nothing else. */
export function SharedCardPage() {
  const { t } = useTranslation(['outpatient', 'errors']);
  const token = sharedTokenFromHash(useLocation().hash);
  const shared = useQuery({
    queryKey: ['member-card', 'shared', token],
    queryFn: () => openSharedCard(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: 10 * 60 * 1000,
  });

  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('shared.documentTitle')} />
      <Typography variant="h1">{t('shared.heading')}</Typography>
      {token === null || shared.error !== null ? (
        <InlineNotification type="warning">{t('errors:invalid_token')}</InlineNotification>
      ) : shared.data === undefined ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : (
        <MemberCardPanel card={shared.data.card} tickets={shared.data.tickets} headingLevel="h2" />
      )}
    </Stack>
  );
}
