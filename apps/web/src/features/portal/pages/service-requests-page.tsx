/**
 * `service-requests` (issue 20): the customer's requests and their status, starting one (a plan
 * change, an identity-document update, or ending a policy through its retention offer) and
 * cancelling one in progress. A started request shows where it stands in its flow (the API's
 * flow page) and, for a plan change, the first-year premium before and after and its effective
 * date (the API's projections).
 */
import { isApiError } from '@clinicpass/shared/api-client/client';
import { TERMINATION_REASONS, type ServiceRequestBody } from '@clinicpass/shared/platform/bodies';
import type { PolicyServiceRequest } from '@clinicpass/shared/platform/entities/policy';
import { formatMoney } from '@clinicpass/shared/platform/format';
import {
  SERVICE_REQUEST_STATUS_LABELS,
  statusLabel,
} from '@clinicpass/shared/platform/status-labels';
import { CANCELLABLE_SERVICE_REQUEST_STATUSES } from '@clinicpass/shared/platform/transitions';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { usePolicies } from '../api/landing-routes';
import { newIdempotencyKey } from '../api/account';
import {
  acceptOffer,
  cancelRequest,
  createRequest,
  startRetention,
  submitRequest,
  terminatePolicy,
  useProductCatalogue,
  useProductOptions,
  useRequestProgress,
  useServiceRequests,
} from '../api/service-requests';
import { PageHeading } from '../components/page-heading';
import { SelectField } from '../components/select-field';
import { EmptyState, QueryState, useErrorText } from '../components/states';
import { formatDate, productName, productShortName } from '../lib/format';

const KINDS = [
  'PRODUCT_CHANGE',
  'IDENTITY_VERIFICATION_CHANGE',
  'ADD_IL_BIRTH_CERTIFICATE',
  'TERMINATION',
] as const;
type Kind = (typeof KINDS)[number];

const DOCUMENT_TYPES = [
  'hong-kong-identity-card',
  'passport',
  'hong-kong-birth-certificate',
] as const;
const DOWNGRADES = new Set(['downgrade', 'sum-assured-decrease']);

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['portal'] });
}

/** One request: its status, where it stands, its premium before/after, and its actions. */
function RequestCard({
  request,
  policyId,
  onNotice,
  onError,
}: {
  request: PolicyServiceRequest;
  policyId: number | null;
  onNotice: (text: string) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('portal-account');
  const language = useLanguage();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const productChange = request.product_change !== null;
  const inProgress = (CANCELLABLE_SERVICE_REQUEST_STATUSES as readonly string[]).includes(
    request.status,
  );
  const progress = useRequestProgress({ id: request.id, policyId, productChange });
  const title = t('requests.request', { id: request.id });
  const act = (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    work()
      .then(async () => {
        await refresh();
        onNotice(done);
      })
      .catch(onError)
      .finally(() => {
        setBusy(false);
      });
  };
  const page = progress.data?.page;
  return (
    <Card variant="outlined" component="li" aria-label={title}>
      <CardContent>
        <Typography variant="h3" component="p" sx={{ fontSize: '1.1rem' }}>
          {`${title} · ${t(`requests.types.${request.type}`)}`}
        </Typography>
        <Typography>
          {`${request.policy} · ${statusLabel(SERVICE_REQUEST_STATUS_LABELS, request.status, language)}`}
        </Typography>
        <Typography color="text.secondary">{formatDate(request.create_date, language)}</Typography>
        {request.proposed_effective_date !== null && (
          <Typography>
            {t('requests.effectiveOn', {
              date: formatDate(request.proposed_effective_date, language),
            })}
          </Typography>
        )}
        {inProgress && page !== undefined && (
          <Typography color="text.secondary">
            {t('requests.step', {
              step: page.sequence + 1,
              steps: page.sequence + (page.is_end ? 1 : 2),
              page: t(`requests.pages.${page.page}`, { defaultValue: page.page }),
            })}
          </Typography>
        )}
        {progress.data?.before != null && (
          <Typography>{`${t('requests.premiumBefore')}: ${formatMoney(progress.data.before)}`}</Typography>
        )}
        {progress.data?.after != null && (
          <Typography>{`${t('requests.premiumAfter')}: ${formatMoney(progress.data.after)}`}</Typography>
        )}
      </CardContent>
      {inProgress && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {request.status === 'draft' && page?.page === 'confirmation' && (
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => {
                act(() => submitRequest(request.id), t('requests.submitted', { id: request.id }));
              }}
              sx={{ minHeight: 44 }}
            >
              {t('requests.submit')}
            </Button>
          )}
          <Button
            color="error"
            disabled={busy}
            aria-label={t('requests.cancelRequestFor', { id: request.id })}
            onClick={() => {
              act(() => cancelRequest(request.id), t('requests.cancelled', { id: request.id }));
            }}
            sx={{ minHeight: 44 }}
          >
            {t('requests.cancelRequest')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** Ending a policy: the reason, the retention offer (accept it or go on), the end date. */
function TerminationFlow({
  policy,
  onNotice,
  onError,
}: {
  policy: { id: number; number: string };
  onNotice: (text: string) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('portal-account');
  const language = useLanguage();
  const refresh = useRefresh();
  const [reason, setReason] = useState<(typeof TERMINATION_REASONS)[number]>('too-expensive');
  const [stage, setStage] = useState<'reason' | 'offer' | 'date'>('reason');
  const [offer, setOffer] = useState<Awaited<ReturnType<typeof startRetention>>['offer']>(null);
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    work()
      .catch(onError)
      .finally(() => {
        setBusy(false);
      });
  };
  if (stage === 'reason') {
    return (
      <Stack spacing={2}>
        <SelectField
          label={t('requests.termination.reason')}
          value={reason}
          onChange={(next) => {
            setReason(next as typeof reason);
          }}
          options={TERMINATION_REASONS.map((value) => ({
            value: value,
            label: t(`requests.termination.reasons.${value}`),
          }))}
        />
        <Button
          variant="contained"
          disabled={busy}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          onClick={() => {
            run(async () => {
              const result = await startRetention(policy.id, reason);
              setOffer(result.offer);
              setStage(result.offer === null ? 'date' : 'offer');
            });
          }}
        >
          {t('requests.termination.continue')}
        </Button>
      </Stack>
    );
  }
  if (stage === 'offer' && offer !== null) {
    const coupon = offer.selling.coupon;
    return (
      <Stack spacing={2}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {t('requests.termination.offerTitle')}
        </Typography>
        <Typography>
          {t('requests.termination.offerBody', {
            offer: t(`requests.termination.rewards.${coupon.reward_type}`, {
              value: coupon.reward_value,
              length: coupon.reward_length,
            }),
          })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            disabled={busy}
            sx={{ minHeight: 44 }}
            onClick={() => {
              run(async () => {
                await acceptOffer(offer.id);
                await refresh();
                onNotice(t('requests.termination.accepted'));
              });
            }}
          >
            {t('requests.termination.accept')}
          </Button>
          <Button
            disabled={busy}
            sx={{ minHeight: 44 }}
            onClick={() => {
              setStage('date');
            }}
          >
            {t('requests.termination.decline')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <TextInput
        type="date"
        label={t('requests.termination.date')}
        value={date}
        onChange={(event) => {
          setDate(event.target.value);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        color="error"
        variant="contained"
        disabled={busy || date === ''}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        onClick={() => {
          run(async () => {
            await terminatePolicy(policy.id, { effective_date: date, reason });
            await refresh();
            onNotice(
              t('requests.termination.terminated', {
                number: policy.number,
                date: formatDate(date, language),
              }),
            );
          });
        }}
      >
        {t('requests.termination.terminate')}
      </Button>
    </Stack>
  );
}

/** The form that starts a request of one of the kinds the API serves. */
function StartRequest({
  onNotice,
  onError,
}: {
  onNotice: (text: string) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('portal-account');
  const language = useLanguage();
  const policies = usePolicies();
  const refresh = useRefresh();
  const [policyNumber, setPolicyNumber] = useState('');
  const [kind, setKind] = useState<Kind>('PRODUCT_CHANGE');
  const [toProduct, setToProduct] = useState('');
  const [date, setDate] = useState('');
  const [role, setRole] = useState<'policyholder' | 'insured-life'>('insured-life');
  const [documentType, setDocumentType] =
    useState<(typeof DOCUMENT_TYPES)[number]>('hong-kong-identity-card');
  const [documentNumber, setDocumentNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef<{ body: string; key: string } | null>(null);
  const list = policies.data?.results ?? [];
  const chosen = list.find((p) => p.policy_number === policyNumber) ?? list[0];
  const options = useProductOptions(kind === 'PRODUCT_CHANGE' ? (chosen?.id ?? null) : null);
  const eligible = (options.data?.results ?? []).filter((option) => option.is_eligible);
  const catalogue = useProductCatalogue(kind === 'PRODUCT_CHANGE');
  /** The option's product by name; until the catalogue answers, a neutral word, never the code. */
  const optionLabel = (code: string) => {
    const product = catalogue.data?.results.find((candidate) => candidate.code === code);
    return product === undefined ? t('requests.otherPlan') : productName(product, language);
  };

  if (policies.isPending) return null;
  if (chosen === undefined) return null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const option = eligible.find((o) => o.to_product === toProduct) ?? eligible[0];
    const body: ServiceRequestBody =
      kind === 'PRODUCT_CHANGE'
        ? {
            policy_number: chosen.policy_number,
            type:
              option !== undefined && DOWNGRADES.has(option.type)
                ? 'PRODUCT_DOWNGRADE'
                : 'PRODUCT_UPGRADE',
            ...(option === undefined ? {} : { to_product: option.to_product }),
          }
        : {
            policy_number: chosen.policy_number,
            type: kind === 'TERMINATION' ? 'IDENTITY_VERIFICATION_CHANGE' : kind,
            identity_document: {
              role: kind === 'ADD_IL_BIRTH_CERTIFICATE' ? 'insured-life' : role,
              type:
                kind === 'ADD_IL_BIRTH_CERTIFICATE' ? 'hong-kong-birth-certificate' : documentType,
              number: documentNumber,
            },
          };
    if (date !== '') body.proposed_effective_date = date;
    const text = JSON.stringify(body);
    if (key.current?.body !== text) key.current = { body: text, key: newIdempotencyKey() };
    setBusy(true);
    createRequest(body, key.current.key)
      .then(async (created) => {
        await refresh();
        setDocumentNumber('');
        onNotice(t('requests.started', { id: created.id }));
      })
      .catch(onError)
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
      aria-labelledby="start-request-heading"
      sx={{ maxWidth: 520 }}
    >
      <Typography id="start-request-heading" variant="h2">
        {t('requests.start')}
      </Typography>
      <SelectField
        label={t('requests.policy')}
        value={chosen.policy_number}
        onChange={(next) => {
          setPolicyNumber(next);
          setToProduct('');
        }}
        options={list.map((p) => ({
          value: p.policy_number,
          label: `${p.policy_number} · ${productShortName(p.product, language)}`,
        }))}
      />
      <SelectField
        label={t('requests.type')}
        value={kind}
        onChange={(next) => {
          setKind(next as Kind);
        }}
        options={KINDS.map((value) => ({
          value: value,
          label: t(`requests.types.${value}`),
        }))}
      />
      {kind === 'TERMINATION' ? (
        <TerminationFlow
          key={chosen.id}
          policy={{ id: chosen.id, number: chosen.policy_number }}
          onNotice={onNotice}
          onError={onError}
        />
      ) : (
        <>
          {kind === 'PRODUCT_CHANGE' &&
            (eligible.length === 0 || catalogue.isPending ? (
              options.isPending || catalogue.isPending ? null : (
                <Alert severity="info">{t('requests.noOptions')}</Alert>
              )
            ) : (
              <SelectField
                label={t('requests.toProduct')}
                value={toProduct === '' ? (eligible[0]?.to_product ?? '') : toProduct}
                onChange={(next) => {
                  setToProduct(next);
                }}
                options={eligible.map((option) => ({
                  value: option.to_product,
                  label: optionLabel(option.to_product),
                }))}
              />
            ))}
          {(kind === 'IDENTITY_VERIFICATION_CHANGE' || kind === 'ADD_IL_BIRTH_CERTIFICATE') && (
            <>
              {kind === 'IDENTITY_VERIFICATION_CHANGE' && (
                <>
                  <SelectField
                    label={t('requests.documentRole')}
                    value={role}
                    onChange={(next) => {
                      setRole(next as typeof role);
                    }}
                    options={(['insured-life', 'policyholder'] as const).map((value) => ({
                      value: value,
                      label: t(`requests.roles.${value}`),
                    }))}
                  />
                  <SelectField
                    label={t('requests.documentType')}
                    value={documentType}
                    onChange={(next) => {
                      setDocumentType(next as typeof documentType);
                    }}
                    options={DOCUMENT_TYPES.map((value) => ({
                      value: value,
                      label: t(`requests.documentTypes.${value}`),
                    }))}
                  />
                </>
              )}
              <TextInput
                label={t('requests.documentNumber')}
                value={documentNumber}
                onChange={(event) => {
                  setDocumentNumber(event.target.value);
                }}
                autoComplete="off"
              />
            </>
          )}
          <TextInput
            type="date"
            label={t('requests.effectiveDate')}
            helperText={t('requests.effectiveDateHelp')}
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={busy || (kind === 'PRODUCT_CHANGE' && eligible.length === 0)}
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          >
            {busy ? t('requests.creating') : t('requests.create')}
          </Button>
        </>
      )}
    </Stack>
  );
}

export function ServiceRequestsPage() {
  const { t } = useTranslation(['portal', 'portal-account']);
  const requests = useServiceRequests();
  const policies = usePolicies();
  const errorText = useErrorText();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onNotice = (text: string) => {
    setFailure(null);
    setNotice(text);
  };
  const onError = (error: unknown) => {
    setNotice(null);
    const details = isApiError(error) ? error.message : '';
    setFailure(
      isApiError(error) && error.code === 'validation_error' && details !== ''
        ? `${errorText(error)} ${details}`
        : errorText(error),
    );
  };
  const idOf = (number: string) =>
    policies.data?.results.find((p) => p.policy_number === number)?.id ?? null;
  return (
    <Stack spacing={3}>
      <PageHeading title={t('serviceRequests.heading')} />
      <div aria-live="polite">
        {notice !== null && <Alert severity="success">{notice}</Alert>}
        {failure !== null && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </div>
      <StartRequest onNotice={onNotice} onError={onError} />
      <Stack spacing={2} component="section" aria-labelledby="requests-list-heading">
        <Typography id="requests-list-heading" variant="h2">
          {t('portal-account:requests.list')}
        </Typography>
        <QueryState query={requests}>
          {(page) =>
            page.results.length === 0 ? (
              <EmptyState>{t('serviceRequests.empty')}</EmptyState>
            ) : (
              <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {page.results.map((request) => (
                  <RequestCard
                    key={request.id}
                    request={request}
                    policyId={idOf(request.policy)}
                    onNotice={onNotice}
                    onError={onError}
                  />
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Stack>
  );
}
