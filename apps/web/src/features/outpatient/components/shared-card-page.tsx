import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { useLanguage } from '../../../lib/i18n';
import { openSharedCard } from '../../member-card/api/member-card-api';
import { QrTicketCard } from '../../member-card/components/qr-ticket-card';

/** The token of a shared link travels in the fragment (`#t=…`), which never reaches a server log. */
export function sharedTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token !== null && /^[A-Za-z0-9_-]{22,128}$/.test(token) ? token : null;
}

/** `/e-card/shared#t=…`: one member's card behind a shared link, and nothing else. */
export function SharedCardPage() {
  const { t } = useTranslation(['outpatient', 'errors']);
  const language = useLanguage();
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
        <Alert severity="warning">{t('errors:invalid_token')}</Alert>
      ) : shared.data === undefined ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="h2">
                {language === 'zh-HK'
                  ? shared.data.card.holder_name_zh
                  : shared.data.card.holder_name_en}
              </Typography>
              <Typography>
                {t('owner.cardNumber', { number: shared.data.card.card_number })}
              </Typography>
              <Stack
                direction="row"
                useFlexGap
                sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}
              >
                {shared.data.tickets.map((ticket) => (
                  <QrTicketCard key={ticket.type} ticket={ticket} headingLevel="h3" />
                ))}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
