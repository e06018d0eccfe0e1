/**
 * The card form (decision 071): number, expiry, CVC and name on the card, checked in the browser
 * with the shared card rules (their faults are the spec's card errors, platform-layer §8), then
 * handed to the provider stand-in for a token; only the token goes to the server. The server's
 * refusals (declined, two-factor failed, unsupported, setup failed, name mismatch) show in the
 * same place, from the shared catalogue in the page's language.
 */
import { isApiError } from '@clinicpass/shared/api-client/client';
import { cardError } from '@clinicpass/shared/platform/card';
import type { PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { addCard, newIdempotencyKey } from '../api/account';

import { tokenizeCard } from './local-card-gateway';

/** Today in Hong Kong, `YYYY-MM-DD` (the card's expiry is checked against its month). */
function hongKongToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());
}

/** `MM/YY` (or `MM/YYYY`) → month and full year; NaN parts when it is not that. */
function parseExpiry(text: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (match === null) return { month: Number.NaN, year: Number.NaN };
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

export function CardForm({
  onAdded,
  onCancel,
}: {
  onAdded: (method: PaymentMethod) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('portal-account');
  const language = useLanguage();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per card typed in: a retry of the same details is the same write.
  const key = useRef<{ details: string; key: string } | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const { month, year } = parseExpiry(expiry);
    const fault =
      holder.trim() === ''
        ? 'card_required'
        : cardError(
            { card_number: number, exp_month: month, exp_year: year, cvc },
            hongKongToday(),
          );
    if (fault !== null) {
      setError(errorMessage(fault, language));
      return;
    }
    const details = `${number}|${expiry}|${cvc}|${holder}|${String(isDefault)}`;
    if (key.current?.details !== details) key.current = { details, key: newIdempotencyKey() };
    setError(null);
    setBusy(true);
    addCard({
      token: tokenizeCard(number),
      holderName: holder.trim(),
      isDefault,
      idempotencyKey: key.current.key,
    })
      .then(onAdded)
      .catch((failure: unknown) => {
        setError(errorMessage(isApiError(failure) ? failure.code : 'card_add_failed', language));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-labelledby="card-form-heading"
      sx={{ maxWidth: 480 }}
    >
      <Typography id="card-form-heading" variant="h2">
        {t('payments.cardForm')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('payments.testCards')}
      </Typography>
      {error !== null && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextInput
        label={t('payments.cardNumber')}
        value={number}
        onChange={(event) => {
          setNumber(event.target.value);
        }}
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
      />
      <Stack direction="row" spacing={2}>
        <TextInput
          label={t('payments.expiry')}
          value={expiry}
          onChange={(event) => {
            setExpiry(event.target.value);
          }}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          sx={{ flex: 1 }}
        />
        <TextInput
          label={t('payments.cvc')}
          value={cvc}
          onChange={(event) => {
            setCvc(event.target.value);
          }}
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <TextInput
        label={t('payments.holderName')}
        value={holder}
        onChange={(event) => {
          setHolder(event.target.value);
        }}
        autoComplete="cc-name"
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={isDefault}
            onChange={(event) => {
              setIsDefault(event.target.checked);
            }}
          />
        }
        label={t('payments.setDefault')}
        sx={{ minHeight: 44 }}
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
          {busy ? t('payments.saving') : t('payments.save')}
        </Button>
        <Button onClick={onCancel} disabled={busy} sx={{ minHeight: 44 }}>
          {t('payments.close')}
        </Button>
      </Stack>
    </Stack>
  );
}
