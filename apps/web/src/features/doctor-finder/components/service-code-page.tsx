import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { useIdentity } from '../../../lib/identity';
import { memberTicketsQuery } from '../api/finder-queries';

import { HelpDialog } from './help-dialog';
import { TicketTabs } from './ticket-qr';

/** Consultation tickets shown on this screen, in tab order. */
const SERVICE_CODE_TYPES = ['visit', 'payment'] as const;

/** The service-code QR screen: before-consultation and after-consultation tabs. */
export function ServiceCodePage({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('network');
  const language = useLanguage();
  const { signedIn } = useIdentity();
  const tickets = useQuery(memberTicketsQuery(policyNumber, signedIn));
  const list = SERVICE_CODE_TYPES.flatMap((type) =>
    (tickets.data ?? []).filter((ticket) => ticket.type === type),
  );
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('serviceCode.heading')} />
      <Typography variant="h1">{t('serviceCode.heading')}</Typography>
      {list.length > 0 ? (
        <TicketTabs
          tickets={list}
          labelFor={(ticket) =>
            ticket.type === 'visit' ? t('serviceCode.before') : t('serviceCode.after')
          }
        />
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('serviceCode.none')}</Typography>
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.outpatient.memberCard.getHref(language)}
          >
            {t('serviceCode.lookUp')}
          </Button>
        </Stack>
      )}
      <HelpDialog topic="serviceCode" />
    </Stack>
  );
}
