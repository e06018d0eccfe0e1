import type { Ticket } from '@clinicpass/shared/schemas/outpatient';
import { hkToday, systemClock } from '@clinicpass/shared/time/clock';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TicketNumber } from '../../../components/ticket-number';

/** QR card width (spec §9: 220, no margin). */
export const QR_CARD_WIDTH = 220;

/** A ticket is enabled once its effective date is today or earlier (Hong Kong time). */
export function isTicketEnabled(
  ticket: Pick<Ticket, 'effective_date'>,
  today: string = hkToday(systemClock),
): boolean {
  return ticket.effective_date <= today;
}

type KnownType = 'visit' | 'payment' | 'body-check';
function knownType(type: string): KnownType | 'other' {
  return type === 'visit' || type === 'payment' || type === 'body-check' ? type : 'other';
}

export function ticketLabelKey(type: string): `qr.type.${KnownType | 'other'}` {
  return `qr.type.${knownType(type)}`;
}

/** What the number under a ticket's QR code is called, as on the QR codes page (spec §2.1). */
function ticketNumberKey(type: string): `qr.number.${KnownType | 'other'}` {
  return `qr.number.${knownType(type)}`;
}

/** Tabs per ticket, the first selected; a ticket before its effective date is disabled. */
export function TicketTabs({
  tickets,
  labelFor,
}: {
  tickets: Ticket[];
  labelFor?: (ticket: Ticket) => string;
}) {
  const { t } = useTranslation('doctor-finder');
  const [selected, setSelected] = useState(0);
  const base = useId();
  const ticket = tickets[selected];
  const label = labelFor ?? ((item: Ticket) => t(ticketLabelKey(item.type)));
  return (
    <Box>
      <Tabs
        value={selected}
        onChange={(_, value: number) => {
          setSelected(value);
        }}
        variant="fullWidth"
        aria-label={t('qr.tabs')}
      >
        {tickets.map((item, index) => (
          <Tab
            key={`${item.type}-${index}`}
            label={label(item)}
            disabled={!isTicketEnabled(item)}
            id={`${base}-tab-${index}`}
            aria-controls={`${base}-panel-${index}`}
          />
        ))}
      </Tabs>
      {ticket !== undefined && (
        <Box
          role="tabpanel"
          id={`${base}-panel-${selected}`}
          aria-labelledby={`${base}-tab-${selected}`}
          sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}
        >
          {isTicketEnabled(ticket) ? (
            <Paper
              variant="outlined"
              sx={{ width: QR_CARD_WIDTH, p: 2, m: 0, textAlign: 'center' }}
            >
              <QRCodeSVG
                value={ticket.token}
                size={QR_CARD_WIDTH - 32}
                role="img"
                aria-label={t('qr.codeLabel', { type: label(ticket) })}
              />
              {/* The number a clinic can type in when its camera cannot read the code: labelled
                  as on the QR codes page, never the opaque token the code carries. */}
              <Typography variant="body2" component="p" sx={{ mt: 1 }}>
                {t(ticketNumberKey(ticket.type))}
              </Typography>
              <TicketNumber>{ticket.number}</TicketNumber>
            </Paper>
          ) : (
            <Typography>{t('qr.notEffective', { date: ticket.effective_date })}</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
