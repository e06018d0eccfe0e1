/**
 * `account/payments` (issue 20, c20d): the customer's payment methods. Add a card through the
 * card form (decision 071's test tokens), make a method the default, deactivate one. A method
 * that pays policies is deactivated after they move to the default method (with the customer's
 * confirmation); without another default the dialog says to choose one first.
 */
import type { PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CardForm } from '../account/card-form';
import {
  deactivate,
  makeDefault,
  policiesPaidBy,
  usePaymentMethods,
  useRefreshPayments,
} from '../api/account';
import { PageHeading } from '../components/page-heading';
import { EmptyState, QueryState, useErrorText } from '../components/states';
import { useLanguage } from '../../../lib/i18n';
import { portalPaths } from '../portal-paths';

interface Confirming {
  method: PaymentMethod;
  policies: { id: number; number: string }[];
  target: PaymentMethod | null;
}

function MethodCard({
  method,
  onDefault,
  onDeactivate,
  busy,
}: {
  method: PaymentMethod;
  onDefault: () => void;
  onDeactivate: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('portal-account');
  const data = method.display_data;
  const active = method.status === 'active';
  return (
    <Card variant="outlined" component="li" aria-label={data.label}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h3" component="p" sx={{ fontSize: '1.1rem', mr: 1 }}>
            {data.label}
          </Typography>
          {method.is_default && <Chip color="primary" label={t('payments.default')} />}
          {!active && <Chip label={t('payments.inactive')} />}
          {active && !method.is_verified && <Chip label={t('payments.unverified')} />}
          {method.has_billings && active && (
            <Chip variant="outlined" label={t('payments.paysPolicies')} />
          )}
        </Stack>
        {data.exp_month !== null && data.exp_year !== null && (
          <Typography color="text.secondary">
            {t('payments.expires', {
              month: String(data.exp_month).padStart(2, '0'),
              year: data.exp_year,
            })}
          </Typography>
        )}
        {data.holder_name !== null && (
          <Typography color="text.secondary">{data.holder_name}</Typography>
        )}
      </CardContent>
      {active && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {!method.is_default && method.is_verified && (
            <Button
              onClick={onDefault}
              disabled={busy}
              aria-label={t('payments.makeDefaultFor', { label: data.label })}
              sx={{ minHeight: 44 }}
            >
              {t('payments.makeDefault')}
            </Button>
          )}
          <Button
            color="error"
            onClick={onDeactivate}
            disabled={busy}
            aria-label={t('payments.deactivateFor', { label: data.label })}
            sx={{ minHeight: 44 }}
          >
            {t('payments.deactivate')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

export function PaymentsPage() {
  const { t } = useTranslation(['portal-account', 'portal']);
  const language = useLanguage();
  const methods = usePaymentMethods();
  const refresh = useRefreshPayments();
  const errorText = useErrorText();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const run = (work: () => Promise<string>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    work()
      .then(async (done) => {
        await refresh();
        setNotice(done);
      })
      .catch((error: unknown) => {
        setFailure(errorText(error));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  const askDeactivate = (method: PaymentMethod, all: PaymentMethod[]) => {
    setBusy(true);
    setFailure(null);
    policiesPaidBy(method.id)
      .then((policies) => {
        const target = all.find((m) => m.is_default && m.id !== method.id && m.status === 'active');
        setConfirming({ method, policies, target: target ?? null });
      })
      .catch((error: unknown) => {
        setFailure(errorText(error));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <Stack spacing={2}>
      <PageHeading
        title={t('payments.heading')}
        subtitle={t('payments.intro')}
        back={{ to: portalPaths.account.href(language), label: t('portal:account.heading') }}
      />
      <div aria-live="polite">
        {notice !== null && <Alert severity="success">{notice}</Alert>}
        {failure !== null && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </div>
      <QueryState query={methods}>
        {(list) => (
          <Stack spacing={2}>
            {list.length === 0 ? (
              <EmptyState>{t('payments.empty')}</EmptyState>
            ) : (
              <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {list.map((method) => (
                  <MethodCard
                    key={method.id}
                    method={method}
                    busy={busy}
                    onDefault={() => {
                      run(async () => {
                        await makeDefault(method.id);
                        return t('payments.madeDefault', { label: method.display_data.label });
                      });
                    }}
                    onDeactivate={() => {
                      askDeactivate(method, list);
                    }}
                  />
                ))}
              </Stack>
            )}
            {adding ? (
              <CardForm
                onCancel={() => {
                  setAdding(false);
                }}
                onAdded={(method) => {
                  setAdding(false);
                  void refresh();
                  setNotice(t('payments.added', { label: method.display_data.label }));
                }}
              />
            ) : (
              <Button
                variant="contained"
                onClick={() => {
                  setNotice(null);
                  setAdding(true);
                }}
                sx={{ alignSelf: 'flex-start', minHeight: 44 }}
              >
                {t('payments.addCard')}
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
      <Dialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
        }}
        aria-labelledby="deactivate-title"
      >
        {confirming !== null && (
          <>
            <DialogTitle id="deactivate-title">
              {t('payments.confirmTitle', { label: confirming.method.display_data.label })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                {confirming.policies.length === 0
                  ? t('payments.confirmBody')
                  : confirming.target === null
                    ? t('payments.confirmNoDefault', {
                        policies: confirming.policies.map((p) => p.number).join(', '),
                      })
                    : t('payments.confirmMove', {
                        policies: confirming.policies.map((p) => p.number).join(', '),
                        target: confirming.target.display_data.label,
                      })}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button
                onClick={() => {
                  setConfirming(null);
                }}
                sx={{ minHeight: 44 }}
              >
                {t('payments.cancel')}
              </Button>
              {(confirming.policies.length === 0 || confirming.target !== null) && (
                <Button
                  color="error"
                  variant="contained"
                  onClick={() => {
                    const { method, policies, target } = confirming;
                    setConfirming(null);
                    run(async () => {
                      await deactivate(
                        method.id,
                        target === null
                          ? null
                          : { targetId: target.id, policyIds: policies.map((p) => p.id) },
                      );
                      return t('payments.deactivated', { label: method.display_data.label });
                    });
                  }}
                  sx={{ minHeight: 44 }}
                >
                  {t('payments.confirm')}
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
    </Stack>
  );
}
