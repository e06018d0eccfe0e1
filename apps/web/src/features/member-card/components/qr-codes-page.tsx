import { TICKET_TYPES } from '@clinicpass/shared/schemas/outpatient';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import { useLanguage } from '../../../lib/i18n';

import { KeepCardControl } from './kept-card';
import { useMemberContext } from './member-layout';
import { QrTicketCard } from '../../../components/qr-ticket-card';
import { UsageSummary } from './usage-summary';

/** QR codes page (spec §2.1 item 2): the three cards and the remark on network doctors. */
export function QrCodesPage() {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const { member, tickets } = useMemberContext();
  const ordered = TICKET_TYPES.flatMap((type) => tickets.filter((ticket) => ticket.type === type));
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('qr.documentTitle')} />
      <Typography variant="h1">{t('qr.heading.page')}</Typography>
      <Typography>
        {t('qr.holder', {
          name: language === 'zh-HK' ? member.name_zh : member.name_en,
          membershipNumber: member.membership_number,
        })}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
        {ordered.map((ticket) => (
          <QrTicketCard key={ticket.type} ticket={ticket} />
        ))}
      </Stack>
      <UsageSummary usage={member.usage} />
      <Typography variant="body2" color="text.secondary">
        {t('qr.remark')}
      </Typography>
      <KeepCardControl member={member} tickets={ordered} />
    </Stack>
  );
}
