import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The 16-digit number under a ticket's QR code, the one a clinic reads or types in when its
 * camera cannot read the code: on one line, in four groups (it wrapped at 220 px with a wider
 * fallback font: outside probe). The QR codes page and the finder's QR dialog both show it.
 */
export function TicketNumber({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography
      component="p"
      sx={{
        fontWeight: 700,
        fontSize: '0.9375rem',
        letterSpacing: 0.5,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      }}
      data-testid={testId}
    >
      {children}
    </Typography>
  );
}
