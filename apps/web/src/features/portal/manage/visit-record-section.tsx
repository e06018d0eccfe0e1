import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { policyVisitsContract } from '@clinicpass/shared/contracts/clinic';
import { formatMoney } from '@clinicpass/shared/platform/format';
import type { PolicyVisit } from '@clinicpass/shared/schemas/clinic';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { EmptyState, QueryState } from '../components/states';
import { formatDate } from '../lib/format';

import type { SectionProps } from './sections';

const PAGE_SIZE = 10;

function Visit({ visit }: { visit: PolicyVisit }) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const zh = language === 'zh-HK';
  const name = zh ? visit.holder_name_zh : visit.holder_name_en;
  const venue = zh ? visit.venue.name_zh : visit.venue.name_en;
  const service =
    visit.service === null ? null : zh ? visit.service.name_zh : visit.service.name_en;
  return (
    <ListItem divider sx={{ display: 'block' }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography sx={{ fontWeight: 600 }}>
          {t(`visits.kinds.${visit.kind}`)} · {formatDate(visit.visit_date, language)}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`visits.statuses.${visit.status}`)} />
      </Stack>
      <Typography>{t('visits.member', { name, number: visit.membership_number })}</Typography>
      <Typography color="text.secondary">
        {service === null ? venue : `${venue} · ${service}`}
      </Typography>
      {visit.amount_charged !== null && (
        <Typography color="text.secondary">
          {t('visits.charged', { amount: formatMoney(visit.amount_charged) })}
        </Typography>
      )}
    </ListItem>
  );
}

/** `visit-record`: the visits and body checks clinics recorded for the policy's members. */
export function VisitRecordSection({ policy }: SectionProps) {
  const { t } = useTranslation('portal');
  const [page, setPage] = useState(1);
  const visits = useQuery({
    queryKey: ['portal', 'visits', policy.id, page],
    queryFn: () =>
      callRoute(api, policyVisitsContract.listPolicyVisits, {
        params: { id: policy.id },
        query: { page, page_size: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState query={visits}>
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.pagination.total / PAGE_SIZE));
        if (data.results.length === 0) return <EmptyState>{t('visits.none')}</EmptyState>;
        return (
          <Stack spacing={1.5}>
            <List aria-label={t('manage.sections.visit-record')}>
              {data.results.map((visit) => (
                <Visit key={visit.id} visit={visit} />
              ))}
            </List>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_event, value) => {
                  setPage(value);
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
  );
}
