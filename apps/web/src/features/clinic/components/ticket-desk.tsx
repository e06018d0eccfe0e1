import { isApiError } from '@clinicpass/shared/api-client/client';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import { OpaqueTokenSchema } from '@clinicpass/shared/schemas/outpatient';
import type { ClinicVerification } from '@clinicpass/shared/schemas/clinic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { InlineNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';
import { clinicApi, type TicketRef } from '../api/clinic-api';
import { outcomeText } from '../lib/outcome';
import { decodeQrFile } from '../lib/qr-decoder';
import { normaliseTicketNumber } from '../lib/ticket-number';

import { CameraScanner } from './camera-scanner';
import { VerificationDetails } from './verification-details';
import { StepPanel } from './step-panel';

type NumberProblem = 'empty' | 'characters' | 'length';

/** What a QR code read says: the member's token, or (a code holding the number) the number. */
function ticketOfScan(text: string): TicketRef | null {
  const trimmed = text.trim();
  const number = normaliseTicketNumber(trimmed);
  if (number.ok) return { number: number.number };
  return OpaqueTokenSchema.safeParse(trimmed).success ? { token: trimmed } : null;
}

interface Checked {
  ticket: TicketRef;
  verification: ClinicVerification;
  /** One Idempotency-Key for this ticket's step: a retry of the step sends it again. */
  stepKey: string;
}

/** Identify a ticket (camera, picture, typed number), show the outcome, record the step. */
export function TicketDesk({ venueId }: { venueId: number }) {
  const { t } = useTranslation('clinic');
  const language = useLanguage();
  const [typed, setTyped] = useState('');
  const [numberProblem, setNumberProblem] = useState<NumberProblem | null>(null);
  const [photoProblem, setPhotoProblem] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const numberField = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const outcomeSection = useRef<HTMLElement>(null);

  const verify = useMutation({
    mutationFn: (ticket: TicketRef) => clinicApi.verify(venueId, ticket),
    onSuccess: (verification, ticket) => {
      setChecked({ ticket, verification, stepKey: crypto.randomUUID() });
    },
  });

  const check = (ticket: TicketRef | null) => {
    setChecked(null);
    setPhotoProblem(false);
    setUnreadable(ticket === null);
    verify.reset();
    if (ticket !== null) verify.mutate(ticket);
  };

  const onNumber = (event: SubmitEvent) => {
    event.preventDefault();
    const number = normaliseTicketNumber(typed);
    if (!number.ok) {
      setNumberProblem(number.reason);
      numberField.current?.focus();
      return;
    }
    setNumberProblem(null);
    check({ number: number.number });
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setChecked(null);
    const text = await decodeQrFile(file).catch(() => null);
    if (text === null) {
      setPhotoProblem(true);
      return;
    }
    check(ticketOfScan(text));
  };

  const again = () => {
    setChecked(null);
    setTyped('');
    setUnreadable(false);
    verify.reset();
    numberField.current?.focus();
  };

  // On a phone the outcome is below the fold: bring it up when it arrives.
  useEffect(() => {
    const section = outcomeSection.current;
    if ((checked === null && !unreadable) || section === null) return;
    const top = section.getBoundingClientRect().top;
    if (top > window.innerHeight * 0.6 || top < 0) {
      window.scrollTo({ top: Math.max(0, window.scrollY + top - 16) });
    }
  }, [checked, unreadable]);

  const outcome = checked === null ? null : outcomeText(checked.verification, t, language);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={3}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <Paper variant="outlined" component="section" sx={{ p: 2, flex: 1 }}>
          <Stack spacing={2}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('scan.heading')}
            </Typography>
            <CameraScanner
              onRead={(text) => {
                check(ticketOfScan(text));
              }}
            />
            <Box>
              <Button
                variant="outlined"
                onClick={() => {
                  photoInput.current?.click();
                }}
                sx={{ minHeight: 44 }}
              >
                {t('scan.photo')}
              </Button>
              <input
                ref={photoInput}
                type="file"
                accept="image/*"
                hidden
                aria-label={t('scan.photo')}
                data-testid="qr-picture"
                onChange={(event) => void onPhoto(event)}
              />
            </Box>
            {photoProblem && (
              <Typography role="alert" color="error">
                {t('scan.photoNotFound')}
              </Typography>
            )}
          </Stack>
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="clinic-number-heading"
          sx={{ p: 2, flex: 1 }}
        >
          <Stack spacing={2} component="form" noValidate onSubmit={onNumber}>
            <Typography variant="h2" id="clinic-number-heading" sx={{ fontSize: '1.25rem' }}>
              {t('number.heading')}
            </Typography>
            <TextInput
              inputRef={numberField}
              label={t('number.label')}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setNumberProblem(null);
              }}
              error={numberProblem !== null}
              helperText={
                numberProblem === null ? t('number.hint') : t(`number.errors.${numberProblem}`)
              }
              autoComplete="off"
              slotProps={{
                htmlInput: { inputMode: 'numeric', spellCheck: false, maxLength: 64 },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={verify.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('number.submit')}
            </Button>
          </Stack>
        </Paper>
      </Stack>

      <Box component="section" ref={outcomeSection} aria-label={t('outcome.heading')}>
        {/* The outcome is announced when it arrives; the member's details follow it. */}
        <Box role="status" aria-live="polite" aria-atomic data-testid="clinic-outcome">
          {verify.isPending && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={24} aria-hidden />
              <Typography>{t('checking')}</Typography>
            </Stack>
          )}
          {unreadable && (
            <InlineNotification type="error" live="none">
              <strong>{t('outcome.unknown')}</strong> {t('outcome.detail.unknown')}
            </InlineNotification>
          )}
          {outcome !== null && (
            <InlineNotification type={outcome.severity} live="none">
              <Typography component="h2" variant="h3" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                {outcome.title}
              </Typography>
              <Typography>{outcome.detail}</Typography>
            </InlineNotification>
          )}
        </Box>
        {verify.error !== null && (
          <InlineNotification type="error">
            {errorMessage(isApiError(verify.error) ? verify.error.code : 'default', language)}
          </InlineNotification>
        )}
        {checked !== null && (
          <Stack spacing={3} sx={{ mt: 2 }}>
            <VerificationDetails verification={checked.verification} />
            {checked.verification.outcome === 'valid' && (
              <StepPanel
                venueId={venueId}
                ticket={checked.ticket}
                verification={checked.verification}
                idempotencyKey={checked.stepKey}
              />
            )}
            <Button variant="outlined" onClick={again} sx={{ alignSelf: 'flex-start' }}>
              {t('step.next')}
            </Button>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
