import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The group medical card dialog: the policy's card as a clinic counter sees it. The medical
 * card look-up (`GET /policy/medical-card`) is not built yet, so the dialog shows the card
 * number the member holds (the policy number) and how to use it (docs/decisions/024).
 */
export function GroupMedicalCardDialog({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('network');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('card.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t('card.title')}</DialogTitle>
        <DialogContent>
          <Paper
            variant="outlined"
            sx={{ p: 2, mb: 2, background: 'linear-gradient(135deg, #FCE4EC, #E3F2FD)' }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('card.policyNumber')}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{policyNumber}</Typography>
            <Typography variant="body2">{t('card.type')}</Typography>
          </Paper>
          <Typography>{t('card.body')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
          >
            {t('close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
