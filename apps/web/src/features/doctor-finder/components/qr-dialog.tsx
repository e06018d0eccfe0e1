import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useIdentity } from '../../../lib/identity';
import { memberTicketsQuery } from '../api/finder-queries';

import { QrIcon } from './icons';
import { TicketTabs } from './ticket-qr';

/**
 * The member QR entry of the primary panel (spec §2.4, §5): opens a dialog with a tab per
 * ticket; disabled while there are no tickets (none held in this tab, or none issued).
 */
export function QrLink({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('doctor-finder');
  const { signedIn } = useIdentity();
  const [open, setOpen] = useState(false);
  const tickets = useQuery(memberTicketsQuery(policyNumber, signedIn));
  const list = tickets.data ?? [];
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<QrIcon />}
        disabled={list.length === 0}
        onClick={() => {
          setOpen(true);
        }}
        title={list.length === 0 ? t('qr.unavailable') : undefined}
      >
        {t('qr.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        aria-labelledby="finder-qr-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="finder-qr-title">{t('qr.title')}</DialogTitle>
        <DialogContent>
          <TicketTabs tickets={list} />
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
          >
            {t('qr.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
