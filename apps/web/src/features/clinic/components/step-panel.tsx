import { isApiError } from '@clinicpass/shared/api-client/client';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import { formatHkd } from '@clinicpass/shared/format/money';
import type { ClinicRecordResult, ClinicVerification } from '@clinicpass/shared/schemas/clinic';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { InlineNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';
import { clinicApi, type TicketRef } from '../api/clinic-api';
import { formatDate } from '../lib/outcome';

import { SelectField } from './select-field';
import { formatTime } from './verification-details';

/** HK$ as typed: digits, at most two decimals (`120`, `120.5`, `120.50`). */
const AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;

type AmountProblem = 'amountRequired' | 'amountInvalid' | 'serviceRequired';

/**
 * The step a valid ticket takes, one button away: a consultation ticket opens the visit; a
 * payment ticket closes it with the service and the amount charged (the server refuses more than
 * the member price); a body-check ticket records the check. Every attempt of the step sends the
 * same Idempotency-Key, so a retry or a double tap never records twice.
 */
export function StepPanel({
  venueId,
  ticket,
  verification,
  idempotencyKey,
}: {
  venueId: number;
  ticket: TicketRef;
  verification: ClinicVerification;
  idempotencyKey: string;
}) {
  const { t } = useTranslation('clinic');
  const language = useLanguage();
  const zh = language === 'zh-HK';
  const type = verification.ticket_type;
  const priced = verification.services;
  const [servicePointId, setServicePointId] = useState<number | null>(
    priced.length === 1 ? (priced[0]?.service_point_id ?? null) : null,
  );
  const service = priced.find((candidate) => candidate.service_point_id === servicePointId);
  const [amount, setAmount] = useState(() =>
    priced.length === 1 && priced[0]?.member_price != null ? String(priced[0].member_price) : '',
  );
  const [problem, setProblem] = useState<AmountProblem | null>(null);

  const step = useMutation({
    mutationFn: (charge: { servicePointId: number; amount: number } | null) => {
      if (type === 'visit') return clinicApi.openVisit(venueId, ticket, idempotencyKey);
      if (type === 'body-check') return clinicApi.recordBodyCheck(venueId, ticket, idempotencyKey);
      if (charge === null) throw new Error('a payment needs its charge');
      return clinicApi.closeVisit(venueId, ticket, charge, idempotencyKey);
    },
  });

  const done = (result: ClinicRecordResult): string => {
    if (!result.recorded) return t('step.alreadyRecorded');
    const { visit } = result;
    if (visit.kind === 'body-check') {
      return t('step.recorded', { date: formatDate(visit.visit_date, language) });
    }
    if (visit.status === 'open') {
      return t('step.opened', { time: formatTime(visit.opened_at, language) });
    }
    return t('step.closed', {
      service: visit.service === null ? '' : zh ? visit.service.name_zh : visit.service.name_en,
      amount: visit.amount_charged === null ? '' : formatHkd(visit.amount_charged),
    });
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (type !== 'payment') {
      step.mutate(null);
      return;
    }
    if (servicePointId === null) {
      setProblem('serviceRequired');
      return;
    }
    const trimmed = amount.trim();
    if (trimmed === '') {
      setProblem('amountRequired');
      return;
    }
    if (!AMOUNT.test(trimmed)) {
      setProblem('amountInvalid');
      return;
    }
    setProblem(null);
    step.mutate({ servicePointId, amount: Number(trimmed) });
  };

  if (type === null) return null;
  const label =
    type === 'visit' ? t('step.open') : type === 'payment' ? t('step.close') : t('step.bodyCheck');
  const serverError =
    step.error === null
      ? null
      : errorMessage(isApiError(step.error) ? step.error.code : 'default', language);
  const amountError =
    step.error !== null &&
    isApiError(step.error) &&
    step.error.code === 'amount_above_member_price';

  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-labelledby="clinic-step">
      <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
        <Typography variant="h2" id="clinic-step" sx={{ fontSize: '1.25rem' }}>
          {label}
        </Typography>
        {type === 'payment' && step.data === undefined && (
          <>
            <SelectField
              label={t('step.service')}
              value={servicePointId === null ? '' : String(servicePointId)}
              onChange={(value) => {
                const id = Number(value);
                setServicePointId(id);
                const price = priced.find((c) => c.service_point_id === id)?.member_price;
                if (price != null) setAmount(String(price));
                setProblem(null);
              }}
              error={problem === 'serviceRequired'}
              helperText={problem === 'serviceRequired' ? t('step.serviceRequired') : undefined}
            >
              <option value="" disabled>
                {t('step.service')}
              </option>
              {priced.map((candidate) => (
                <option key={candidate.service_point_id} value={candidate.service_point_id}>
                  {zh ? candidate.name_zh : candidate.name_en} ·{' '}
                  {zh ? candidate.doctor_name_zh : candidate.doctor_name_en}
                </option>
              ))}
            </SelectField>
            <TextInput
              label={t('step.amount')}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setProblem(null);
                if (amountError) step.reset();
              }}
              error={(problem !== null && problem !== 'serviceRequired') || amountError}
              helperText={
                problem !== null && problem !== 'serviceRequired'
                  ? t(`step.${problem}`)
                  : amountError
                    ? serverError
                    : service?.member_price != null
                      ? t('step.amountHint', { price: formatHkd(service.member_price) })
                      : undefined
              }
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
            />
          </>
        )}
        {step.data === undefined ? (
          <Button
            type="submit"
            variant="contained"
            disabled={step.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {step.isPending ? t('step.saving') : label}
          </Button>
        ) : (
          <InlineNotification type="success" testId="clinic-step-done">
            {done(step.data)}
          </InlineNotification>
        )}
        {serverError !== null && !amountError && (
          <InlineNotification type="error">{serverError}</InlineNotification>
        )}
      </Stack>
    </Paper>
  );
}
