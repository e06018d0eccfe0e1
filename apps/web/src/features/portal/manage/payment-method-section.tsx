import { BILLING_STATUS_LABELS, statusLabel } from '@clinicpass/shared/platform/status-labels';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { usePaymentMethods, useReplacePaymentMethod } from '../api/billing';
import { usePolicyBilling } from '../api/policies';
import { FactList } from '../components/fact-list';
import { SelectField } from '../components/select-field';
import { QueryState, useErrorText } from '../components/states';
import { formatDate } from '../lib/format';
import { paymentMethodName } from '../lib/payment-method';

import type { SectionProps } from './sections';

/** `payment-method`: how the policy's premiums are paid, and paying them with another method. */
export function PaymentMethodSection({ policy }: SectionProps) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const billing = usePolicyBilling(policy.id);
  const methods = usePaymentMethods();
  const replace = useReplacePaymentMethod(policy.id);
  const errorText = useErrorText();
  const [chosen, setChosen] = useState('');
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState(false);

  return (
    <QueryState query={billing}>
      {(current) => {
        const all = methods.data?.results ?? [];
        const method = all.find((candidate) => candidate.id === current.payment_method);
        const usable = all.filter(
          (candidate) =>
            candidate.status === 'active' &&
            candidate.is_verified &&
            candidate.id !== current.payment_method,
        );
        return (
          <Stack spacing={2}>
            <Card variant="outlined" component="section" aria-label={t('paymentMethod.billing')}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                  {t('paymentMethod.billing')}
                </Typography>
                <FactList
                  facts={[
                    [
                      t('paymentMethod.current'),
                      method === undefined
                        ? t('paymentMethod.noMethod')
                        : paymentMethodName(method, t),
                    ],
                    [
                      t('paymentMethod.frequency'),
                      t(`paymentMethod.frequencies.${current.frequency}`),
                    ],
                    [
                      t('policies.status'),
                      statusLabel(BILLING_STATUS_LABELS, current.status, language),
                    ],
                    [
                      t('paymentMethod.paidTo'),
                      current.paid_to_date === null
                        ? t('policies.none')
                        : formatDate(current.paid_to_date, language),
                    ],
                    [
                      t('paymentMethod.nextInvoice'),
                      current.next_invoice === null
                        ? t('policies.none')
                        : formatDate(current.next_invoice, language),
                    ],
                  ]}
                />
              </CardContent>
            </Card>
            <Card
              variant="outlined"
              component="section"
              aria-label={t('paymentMethod.replaceHeading')}
            >
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                  {t('paymentMethod.replaceHeading')}
                </Typography>
                {done && (
                  <Alert severity="success" sx={{ mb: 2 }}>
                    {t('paymentMethod.replaced')}
                  </Alert>
                )}
                {replace.isError && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {errorText(replace.error)}
                  </Alert>
                )}
                {usable.length === 0 ? (
                  <Typography>{t('paymentMethod.noOther')}</Typography>
                ) : (
                  <Box
                    component="form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (chosen === '') return;
                      setDone(false);
                      replace.mutate(
                        { paymentMethodId: Number(chosen), key: attemptKey },
                        {
                          onSuccess: () => {
                            setDone(true);
                            setChosen('');
                            setAttemptKey(crypto.randomUUID());
                          },
                        },
                      );
                    }}
                    sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}
                  >
                    <SelectField
                      label={t('paymentMethod.choose')}
                      value={chosen}
                      options={usable.map((candidate) => ({
                        value: String(candidate.id),
                        label: paymentMethodName(candidate, t),
                      }))}
                      onChange={(value) => {
                        setChosen(value);
                        setAttemptKey(crypto.randomUUID());
                      }}
                      sx={{ minWidth: { sm: 280 } }}
                    />
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={chosen === '' || replace.isPending}
                      sx={{ minHeight: 44 }}
                    >
                      {t('paymentMethod.replace')}
                    </Button>
                  </Box>
                )}
              </CardContent>
            </Card>
          </Stack>
        );
      }}
    </QueryState>
  );
}
