import type { MedicalCard, Ticket } from '@clinicpass/shared/schemas/outpatient';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { QrTicketCard } from '../../../components/qr-ticket-card';

/** One member's card with its QR tickets (owner view and shared link). */
export function MemberCardPanel({
  card,
  tickets,
  headingLevel,
}: {
  card: MedicalCard;
  tickets: Ticket[];
  headingLevel: 'h2' | 'h3';
}) {
  const { t } = useTranslation('outpatient');
  const language = useLanguage();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant={headingLevel} component={headingLevel}>
            {language === 'zh-HK' ? card.holder_name_zh : card.holder_name_en}
          </Typography>
          <Typography>{t('owner.cardNumber', { number: card.card_number })}</Typography>
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}
          >
            {tickets.map((ticket) => (
              <QrTicketCard key={ticket.type} ticket={ticket} headingLevel="h3" />
            ))}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
