import { INVOICE_STATUSES, type InvoiceStatus } from '@clinicpass/shared/platform/enums';
import type { Invoice, PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import { formatMoney } from '@clinicpass/shared/platform/format';
import { INVOICE_STATUS_LABELS, statusLabel } from '@clinicpass/shared/platform/status-labels';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useLanguage } from '../../../lib/i18n';
import { useInvoices, usePaymentMethods } from '../api/billing';
import { PdfLink } from '../components/document-list';
import { FactList } from '../components/fact-list';
import { SelectField } from '../components/select-field';
import { EmptyState, QueryState } from '../components/states';
import { formatDate } from '../lib/format';
import { paymentMethodName } from '../lib/payment-method';

import type { SectionProps } from './sections';

/** Invoices per page. */
export const INVOICE_PAGE_SIZE = 4;
const ORDERINGS = ['-due_date', 'due_date'] as const;
type Ordering = (typeof ORDERINGS)[number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isStatus = (value: string | null): value is InvoiceStatus =>
  INVOICE_STATUSES.some((status) => status === value);

/** The filters, kept in the hash route's query so a link, a reload and a language switch keep them. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const ordering = params.get('ordering');
  const page = Number(params.get('page') ?? '1');
  const filters = {
    status: isStatus(status) ? status : null,
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    ordering: (ORDERINGS.find((value) => value === ordering) ?? '-due_date') satisfies Ordering,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const update = (
    changes: Partial<Record<'status' | 'from' | 'to' | 'ordering' | 'page', string>>,
  ) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === '') next.delete(name);
          else next.set(name, value);
        }
        // A new filter starts again at page 1.
        if (changes.page === undefined) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update };
}

const LINE_KEYS = {
  'basic-premium': 'invoices.lines.basic-premium',
  'adjustment-premium': 'invoices.lines.adjustment-premium',
  'premium-loading': 'invoices.lines.premium-loading',
  'non-insurance-premium': 'invoices.lines.non-insurance-premium',
  shortfall: 'invoices.lines.shortfall',
  discount: 'invoices.lines.discount',
  waiver: 'invoices.lines.waiver',
  levy: 'invoices.lines.levy',
} as const;

function InvoiceItem({ invoice, methods }: { invoice: Invoice; methods: PaymentMethod[] }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const summaryId = useId();
  const money = (value: number) => formatMoney(value, invoice.currency);
  const paid = Math.max(0, invoice.total_amount - invoice.outstanding_amount);
  const method = methods.find((candidate) => candidate.id === invoice.payment_method);
  const settled = invoice.status !== 'open' && invoice.status !== 'partially-paid';
  return (
    <Accordion
      variant="outlined"
      disableGutters
      component="article"
      aria-labelledby={summaryId}
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary sx={{ minHeight: 56 }} aria-controls={`${summaryId}-details`}>
        <Stack
          id={summaryId}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ width: '100%', justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Typography sx={{ fontWeight: 600 }}>
              {t('invoices.number', { id: invoice.id })}
            </Typography>
            <Typography color="text.secondary">
              {t('invoices.due', { date: formatDate(invoice.due_date, language) })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{money(invoice.total_amount)}</Typography>
            <Chip
              size="small"
              label={statusLabel(INVOICE_STATUS_LABELS, invoice.status, language)}
              color={settled ? 'default' : 'primary'}
              variant={settled ? 'outlined' : 'filled'}
            />
          </Stack>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-details`}>
        <Stack spacing={2}>
          <FactList
            facts={[
              [
                t('invoices.coverage'),
                t('invoices.period', {
                  from: formatDate(invoice.coverage_start_date, language),
                  to: formatDate(invoice.coverage_end_date, language),
                }),
              ],
              [t('invoices.policyYear'), String(invoice.policy_year)],
            ]}
          />
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
              {t('invoices.linesHeading')}
            </Typography>
            <FactList
              facts={[
                ...invoice.pre_levy_amount_breakdown.map(
                  (line) => [t(LINE_KEYS[line.component]), money(line.amount)] as [string, string],
                ),
                [t('invoices.levy', { percent: invoice.levy_percent }), money(invoice.levy_amount)],
                [t('invoices.total'), money(invoice.total_amount)],
              ]}
            />
          </Box>
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
              {t('invoices.paymentsHeading')}
            </Typography>
            <FactList
              facts={[
                [t('invoices.paid'), money(paid)],
                [t('invoices.outstanding'), money(invoice.outstanding_amount)],
                ...(invoice.refunded_amount > 0
                  ? [
                      [
                        t('invoices.refunded'),
                        invoice.refund_date === null
                          ? money(invoice.refunded_amount)
                          : `${money(invoice.refunded_amount)} (${formatDate(invoice.refund_date, language)})`,
                      ] as [string, string],
                    ]
                  : []),
                ...(invoice.void_date === null
                  ? []
                  : [
                      [t('invoices.voided'), formatDate(invoice.void_date, language)] as [
                        string,
                        string,
                      ],
                    ]),
                [
                  t('invoices.method'),
                  method === undefined ? t('policies.none') : paymentMethodName(method, t),
                ],
                [t('invoices.attempts'), String(invoice.attempt_count)],
              ]}
            />
          </Box>
          {invoice.document !== null && (
            <PdfLink url={invoice.document.url} name={t('invoices.document', { id: invoice.id })} />
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** `invoices`: the policy's invoices, filtered by status and due date, newest due first. */
export function InvoicesSection({ policy }: SectionProps) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const { filters, update } = useFilters();
  const invoices = useInvoices({
    policy_number: policy.policy_number,
    ordering: filters.ordering,
    page: filters.page,
    page_size: INVOICE_PAGE_SIZE,
    ...(filters.status === null ? {} : { status: filters.status }),
    ...(filters.from === '' ? {} : { due_date__gte: filters.from }),
    ...(filters.to === '' ? {} : { due_date__lte: filters.to }),
  });
  const methods = usePaymentMethods();
  const filtered = filters.status !== null || filters.from !== '' || filters.to !== '';
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        role="search"
        aria-label={t('invoices.filters')}
        onSubmit={(event) => {
          event.preventDefault();
        }}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        <SelectField
          label={t('invoices.status')}
          value={filters.status ?? 'all'}
          options={[
            { value: 'all', label: t('invoices.allStatuses') },
            ...INVOICE_STATUSES.map((status) => ({
              value: status,
              label: statusLabel(INVOICE_STATUS_LABELS, status, language),
            })),
          ]}
          onChange={(value) => {
            update({ status: value === 'all' ? '' : value });
          }}
        />
        <TextInput
          type="date"
          label={t('invoices.dueFrom')}
          value={filters.from}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => {
            update({ from: event.target.value });
          }}
        />
        <TextInput
          type="date"
          label={t('invoices.dueTo')}
          value={filters.to}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => {
            update({ to: event.target.value });
          }}
        />
        <SelectField
          label={t('invoices.ordering')}
          value={filters.ordering}
          options={[
            { value: '-due_date', label: t('invoices.newestFirst') },
            { value: 'due_date', label: t('invoices.oldestFirst') },
          ]}
          onChange={(value) => {
            update({ ordering: value === '-due_date' ? '' : value });
          }}
        />
      </Box>
      {filtered && (
        <Box>
          <Button
            onClick={() => {
              update({ status: '', from: '', to: '' });
            }}
            sx={{ minHeight: 44 }}
          >
            {t('invoices.clearFilters')}
          </Button>
        </Box>
      )}
      <QueryState query={invoices}>
        {(page) => {
          const pages = Math.max(1, Math.ceil(page.pagination.total / INVOICE_PAGE_SIZE));
          if (page.results.length === 0) {
            return (
              <EmptyState>{filtered ? t('invoices.noneMatch') : t('invoices.none')}</EmptyState>
            );
          }
          return (
            <Stack spacing={1.5}>
              <Typography role="status" color="text.secondary">
                {t('invoices.showing', {
                  from: page.pagination.start + 1,
                  to: page.pagination.end + 1,
                  total: page.pagination.total,
                })}
              </Typography>
              <Box>
                {page.results.map((invoice) => (
                  <InvoiceItem
                    key={invoice.id}
                    invoice={invoice}
                    methods={methods.data?.results ?? []}
                  />
                ))}
              </Box>
              {pages > 1 && (
                <Pagination
                  aria-label={t('invoices.pagination')}
                  count={pages}
                  page={Math.min(filters.page, pages)}
                  onChange={(_event, value) => {
                    update({ page: String(value) });
                  }}
                  getItemAriaLabel={(type, value, selected) => {
                    if (
                      type === 'first' ||
                      type === 'last' ||
                      type === 'next' ||
                      type === 'previous'
                    ) {
                      return t(`invoices.${type}`);
                    }
                    return t(selected ? 'invoices.pageCurrent' : 'invoices.page', {
                      page: value ?? '',
                    });
                  }}
                  sx={{
                    '& ul': { justifyContent: 'center' },
                    '& .MuiPaginationItem-root': { minWidth: 44, height: 44 },
                  }}
                />
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
