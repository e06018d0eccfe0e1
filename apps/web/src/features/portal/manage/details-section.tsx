import type { MedicalCard } from '@clinicpass/shared/schemas/outpatient';
import {
  MONEY_PER_UNIT,
  type ClaimBalanceItem,
  type PolicyDetail,
} from '@clinicpass/shared/platform/entities/policy';
import { formatMoney } from '@clinicpass/shared/platform/format';
import { COUPON_STATUS_LABELS, statusLabel } from '@clinicpass/shared/platform/status-labels';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { QrTicketCard } from '../../../components/qr-ticket-card';
import { useLanguage } from '../../../lib/i18n';
import { ticketsQuery } from '../../../lib/tickets';
import {
  usePolicyClaimBalance,
  usePolicyCoupons,
  usePolicyCoverage,
  usePolicyMemberCards,
} from '../api/policies';
import { FactList } from '../components/fact-list';
import { EmptyState, QueryState } from '../components/states';
import { formatDate, personName } from '../lib/format';

import type { SectionProps } from './sections';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const COUNTED = new Set(['visit', 'check', 'day', 'week', 'surgery']);

/** What a benefit's figure is: its limit, what was used, or the balance left. */
type Figure = 'limit' | 'used' | 'balance';

/**
 * A benefit limit, use or balance in its own unit, in the page's language: money for HK$
 * benefits (a yearly one says so on its limit), visits, checks… counted otherwise. A limit per
 * day or per surgery (MONEY_PER_UNIT) is money for each, its use counted in days or surgeries.
 */
function useBenefitAmount() {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const number = new Intl.NumberFormat(language === 'zh-HK' ? 'zh-HK' : 'en-HK');
  return (value: number | null, unit: string | null, none: string, figure: Figure): string => {
    if (value === null) return none;
    if (unit === null || unit === 'HKD') return formatMoney(value);
    if (unit === 'year') {
      return figure === 'limit'
        ? t('details.units.perYear', { amount: formatMoney(value) })
        : formatMoney(value);
    }
    if (figure !== 'used' && MONEY_PER_UNIT.includes(unit)) {
      return t(`details.units.per_${unit as 'day'}`, { amount: formatMoney(value) });
    }
    // `count` picks the plural form; `n` is the number as the language writes it (1,000).
    const n = number.format(value);
    return COUNTED.has(unit)
      ? t(`details.units.${unit as 'visit'}`, { count: value, n })
      : t('details.units.other', { n, unit });
  };
}

function Coverage({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const coverage = usePolicyCoverage(policy.id);
  return (
    <Block title={t('details.coverage')}>
      <QueryState query={coverage}>
        {(data) => (
          <FactList
            facts={[
              [t('details.totalSumAssured'), formatMoney(data.total_sum_assured)],
              [t('policies.effectiveDate'), formatDate(policy.effective_date, language)],
              [
                t('policies.expiryDate'),
                policy.expiry_date === null
                  ? t('policies.none')
                  : formatDate(policy.expiry_date, language),
              ],
            ]}
          />
        )}
      </QueryState>
    </Block>
  );
}

/** One benefit's three figures, as the table's cells or the phone's list show them. */
function useBenefitRows(policy: PolicyDetail, items: ClaimBalanceItem[]) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const amount = useBenefitAmount();
  return items.map((item) => {
    const unit = policy.policy_schedule.find((row) => row.benefit === item.benefit)?.unit ?? null;
    return {
      key: item.benefit,
      name: language === 'zh-HK' ? item.name_zh : item.name_en,
      figures: [
        [t('details.limit'), amount(item.limit, unit, t('details.unlimited'), 'limit')],
        [t('details.used'), amount(item.used, unit, '', 'used')],
        [t('details.balance'), amount(item.balance, unit, t('details.unlimited'), 'balance')],
      ] as const,
    };
  });
}

function Benefits({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const balance = usePolicyClaimBalance(policy.id);
  return (
    <Block title={t('details.benefits')}>
      <QueryState query={balance}>
        {(data) =>
          data.balance_items.length === 0 ? (
            <EmptyState>{t('details.noBenefits')}</EmptyState>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('details.balanceOn', { date: formatDate(data.evaluated_on, language) })}
              </Typography>
              <BenefitBalances policy={policy} items={data.balance_items} />
            </>
          )
        }
      </QueryState>
    </Block>
  );
}

/**
 * Each benefit's limit, use and balance: a block per benefit on a phone, where a four-column
 * table would not fit its card; a table from a small tablet up. Only one of them is displayed.
 */
export function BenefitBalances({
  policy,
  items,
}: {
  policy: PolicyDetail;
  items: ClaimBalanceItem[];
}) {
  const rows = useBenefitRows(policy, items);
  return (
    <>
      <BenefitList rows={rows} />
      <BenefitTable rows={rows} />
    </>
  );
}

type BenefitRow = ReturnType<typeof useBenefitRows>[number];

/** On a phone: one block per benefit, its limit, use and balance below its name. */
function BenefitList({ rows }: { rows: BenefitRow[] }) {
  const { t } = useTranslation('portal');
  return (
    <Box
      component="ul"
      aria-label={t('details.benefits')}
      sx={{ display: { xs: 'block', sm: 'none' }, m: 0, p: 0, listStyle: 'none' }}
    >
      {rows.map((row) => (
        <Box
          component="li"
          key={row.key}
          sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
        >
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 2,
            }}
          >
            {row.figures.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** From a small tablet up: a table, a row per benefit. */
function BenefitTable({ rows }: { rows: BenefitRow[] }) {
  const { t } = useTranslation('portal');
  return (
    <Table
      size="small"
      aria-label={t('details.benefits')}
      sx={{ display: { xs: 'none', sm: 'table' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('details.benefit')}</TableCell>
          <TableCell align="right">{t('details.limit')}</TableCell>
          <TableCell align="right">{t('details.used')}</TableCell>
          <TableCell align="right">{t('details.balance')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {row.name}
            </TableCell>
            {row.figures.map(([label, value]) => (
              <TableCell key={label} align="right">
                {value}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Coupons({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const coupons = usePolicyCoupons(policy.id);
  return (
    <Block title={t('details.coupons')}>
      <QueryState query={coupons}>
        {(page) =>
          page.results.length === 0 ? (
            <EmptyState>{t('details.noCoupons')}</EmptyState>
          ) : (
            <Stack spacing={1.5} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {page.results.map(({ coupon, discount_start_date, discount_end_date }) => (
                <li key={coupon.id}>
                  <Typography sx={{ fontWeight: 600 }}>{coupon.code}</Typography>
                  <Typography color="text.secondary">
                    {t('details.couponLine', {
                      status: statusLabel(COUPON_STATUS_LABELS, coupon.status, language),
                      from: formatDate(discount_start_date, language),
                      to:
                        discount_end_date === null
                          ? t('policies.none')
                          : formatDate(discount_end_date, language),
                    })}
                  </Typography>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Block>
  );
}

function Beneficiaries({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  return (
    <Block title={t('details.beneficiaries')}>
      {policy.beneficiaries.length === 0 ? (
        <EmptyState>{t('details.noBeneficiaries')}</EmptyState>
      ) : (
        <FactList
          facts={policy.beneficiaries.map((beneficiary) => [
            personName(beneficiary.identity, language),
            t('details.allocation', { percent: beneficiary.allocation_percentage }),
          ])}
        />
      )}
    </Block>
  );
}

function MemberCard({ card, policyNumber }: { card: MedicalCard; policyNumber: string }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const tickets = useQuery(ticketsQuery({ policyNumber, token: null }));
  const name = language === 'zh-HK' ? card.holder_name_zh : card.holder_name_en;
  return (
    <Card variant="outlined" component="article" aria-label={name}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('details.cardNumber', { number: card.card_number })}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          {(tickets.data ?? [])
            .filter((ticket) => ticket.membership_number === card.card_number)
            .map((ticket) => (
              <QrTicketCard key={ticket.type} ticket={ticket} headingLevel="h3" />
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Members({ policy }: { policy: PolicyDetail }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const cards = usePolicyMemberCards(policy.policy_number);
  const members = [
    policy.insured_life,
    ...policy.dependents.map((dependent) => dependent.insured_life),
  ];
  return (
    <Block title={t('details.members')}>
      <Typography sx={{ mb: 1.5 }}>
        {members.map((member) => personName(member.identity, language)).join(', ')}
      </Typography>
      <QueryState query={cards}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('details.noMemberCards')}</EmptyState>
          ) : (
            <Stack spacing={2}>
              {list.map((card) => (
                <MemberCard
                  key={card.member_code}
                  card={card}
                  policyNumber={policy.policy_number}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Block>
  );
}

/** `details`: coverage, benefits and the claim balance, coupons, beneficiaries, members. */
export function DetailsSection({ policy }: SectionProps) {
  return (
    <Stack spacing={2}>
      <Coverage policy={policy} />
      <Benefits policy={policy} />
      <Coupons policy={policy} />
      <Beneficiaries policy={policy} />
      <Members policy={policy} />
    </Stack>
  );
}
