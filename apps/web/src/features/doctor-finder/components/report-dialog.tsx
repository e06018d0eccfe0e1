// "Report wrong details" on a result card (issue 19): one tap opens a short form, made for
// phones first — what is wrong (wrong phone, moved or closed, price differs, doctor no longer
// here, other) and an optional note of up to 500 characters. A guest passes the captcha; a
// signed-in customer does not. Nothing personal is asked.
import { isApiError } from '@clinicpass/shared/api-client/client';
import {
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  type ReportKind,
} from '@clinicpass/shared/schemas/directory-report';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CaptchaField, type CaptchaHandle } from '../../../components/captcha-field';
import { captchaMessageOf } from '../../../lib/captcha-errors';
import { useIdentity } from '../../../lib/identity';
import { reportServicePoint } from '../api/reports';

function ReportForm({
  servicePointId,
  titleId,
  onClose,
}: {
  servicePointId: number;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('doctor-finder');
  const { signedIn } = useIdentity();
  const kindLabelId = useId();
  const [kind, setKind] = useState<ReportKind | null>(null);
  const [note, setNote] = useState('');
  const [missingKind, setMissingKind] = useState(false);
  // The field's handle, read by the submit handlers. A ref object, not state set by a callback
  // ref: the field hands its handle over as it mounts, and state set then re-renders the whole
  // page again, synchronously, in the task that commits it (decision 231).
  const captchaRef = useRef<CaptchaHandle>(null);
  const send = useMutation({
    mutationFn: (input: { kind: ReportKind; note: string; captcha: string | null }) =>
      reportServicePoint(
        servicePointId,
        { kind: input.kind, ...(input.note.trim() === '' ? {} : { note: input.note }) },
        input.captcha,
      ),
    onError: (error) => {
      const message = captchaMessageOf(error);
      if (message !== null) captchaRef.current?.show(message);
    },
  });
  const failure =
    send.error === null || captchaMessageOf(send.error) !== null
      ? null
      : isApiError(send.error) && send.error.code === 'limit_exceeded'
        ? t('report.limited')
        : t('report.failed');

  const submit = async () => {
    if (kind === null) {
      setMissingKind(true);
      return;
    }
    let payload: string | null = null;
    if (!signedIn) {
      payload = (await captchaRef.current?.take()) ?? null;
      if (payload === null) return;
    }
    send.mutate({ kind, note, captcha: payload });
  };

  if (send.isSuccess) {
    return (
      <>
        <DialogTitle id={titleId}>{t('report.title')}</DialogTitle>
        <DialogContent>
          <Typography role="status">{t('report.sent')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {t('report.close')}
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <>
      <DialogTitle id={titleId}>{t('report.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          id={`report-form-${servicePointId}`}
        >
          <Typography variant="body2" color="text.secondary">
            {t('report.intro')}
          </Typography>
          <FormControl error={missingKind} required>
            <FormLabel id={kindLabelId}>{t('report.kindLabel')}</FormLabel>
            <RadioGroup
              aria-labelledby={kindLabelId}
              value={kind ?? ''}
              onChange={(event) => {
                setKind(event.target.value as ReportKind);
                setMissingKind(false);
              }}
            >
              {REPORT_KINDS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={t(`report.kind.${value}`)}
                  sx={{ minHeight: 44 }}
                />
              ))}
            </RadioGroup>
            {missingKind && <FormHelperText>{t('report.chooseKind')}</FormHelperText>}
          </FormControl>
          <TextInput
            label={t('report.note')}
            value={note}
            onChange={(event) => {
              setNote(event.target.value.slice(0, REPORT_NOTE_MAX));
            }}
            multiline
            minRows={2}
            helperText={t('report.noteHelp', { count: note.length, max: REPORT_NOTE_MAX })}
            slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX } }}
          />
          {!signedIn && <CaptchaField ref={captchaRef} />}
          {failure !== null && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('report.cancel')}
        </Button>
        <Button
          type="submit"
          form={`report-form-${servicePointId}`}
          variant="contained"
          loading={send.isPending}
          sx={{ minHeight: 44 }}
        >
          {t('report.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

/** The card's button and its dialog (a new form per opening). */
export function ReportButton({
  servicePointId,
  doctorName,
}: {
  servicePointId: number;
  doctorName: string;
}) {
  const { t } = useTranslation('doctor-finder');
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const titleId = useId();
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        variant="text"
        size="small"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
        aria-label={t('report.openFor', { name: doctorName })}
        sx={{ minHeight: 44, alignSelf: 'flex-start' }}
      >
        {t('report.open')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        {open && (
          <ReportForm
            key={opening}
            servicePointId={servicePointId}
            titleId={titleId}
            onClose={close}
          />
        )}
      </Dialog>
    </>
  );
}
