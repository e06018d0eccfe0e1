import type { Ticket, TicketType } from '@clinicpass/shared/schemas/outpatient';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { TicketNumber } from './ticket-number';

/** QR code card width (spec §9): 220, no margin. */
export const QR_CARD_WIDTH = 220;
const QR_SIZE = 172;

/** Pink (primary) or blue (secondary) per ticket (spec §9). */
const CARD_COLOR: Record<TicketType, 'primary' | 'secondary'> = {
  visit: 'primary',
  payment: 'secondary',
  'body-check': 'primary',
};

const HEADING_KEY = {
  visit: 'qr.heading.visit',
  payment: 'qr.heading.payment',
  'body-check': 'qr.heading.bodyCheck',
} as const;

const NUMBER_KEY = {
  visit: 'qr.number.visit',
  payment: 'qr.number.payment',
  'body-check': 'qr.number.bodyCheck',
} as const;

/**
 * One QR ticket (spec §2.1 item 2): heading, the QR code of the opaque token, and the number
 * under it. Until its effective date the ticket is shown disabled, without a scannable code.
 */
export function QrTicketCard({
  ticket,
  headingLevel = 'h2',
  action,
}: {
  ticket: Ticket;
  headingLevel?: 'h2' | 'h3';
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation('member-card');
  const color = CARD_COLOR[ticket.type];
  const heading = t(HEADING_KEY[ticket.type]);
  const date = new Intl.DateTimeFormat(i18n.language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${ticket.effective_date}T00:00:00Z`));

  return (
    <Card
      component="article"
      aria-label={heading}
      aria-disabled={ticket.enabled ? undefined : true}
      data-testid={`ticket-${ticket.type}`}
      sx={{
        width: QR_CARD_WIDTH,
        m: 0,
        flexShrink: 0,
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        opacity: ticket.enabled ? 1 : 0.75,
      }}
    >
      <Typography
        component={headingLevel}
        variant="h3"
        sx={{ textAlign: 'center', fontSize: '1rem' }}
      >
        {heading}
      </Typography>
      <Box
        sx={{
          bgcolor: '#FFFFFF',
          p: 1,
          borderRadius: 1,
          width: QR_SIZE + 16,
          height: QR_SIZE + 16,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.primary',
        }}
      >
        {ticket.enabled ? (
          <QRCodeSVG
            value={ticket.token}
            size={QR_SIZE}
            level="M"
            role="img"
            aria-label={t('qr.codeLabel', { heading })}
          />
        ) : (
          <Typography sx={{ textAlign: 'center', px: 1 }} data-testid="ticket-not-effective">
            {t('qr.notEffectiveUntil', { date })}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" component="p" sx={{ textAlign: 'center' }}>
        {t(NUMBER_KEY[ticket.type])}
      </Typography>
      <TicketNumber testId="ticket-number">
        {ticket.enabled ? ticket.number : '•••• •••• •••• ••••'}
      </TicketNumber>
      {action}
    </Card>
  );
}
