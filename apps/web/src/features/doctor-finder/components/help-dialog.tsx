import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type HelpTopic = 'finder' | 'serviceCode';

/** A help button and its dialog: how the finder or the service code works. */
export function HelpDialog({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation('network');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button
        variant="text"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t(`help.${topic}.button`)}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t(`help.${topic}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <Typography>{t(`help.${topic}.body1`)}</Typography>
            <Typography>{t(`help.${topic}.body2`)}</Typography>
          </Stack>
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
