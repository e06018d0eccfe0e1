import { PANELS, type Panel } from '@clinicpass/shared/constants';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { servicePointsQuery } from '../api/finder-queries';
import type { FinderReference } from '../hooks/use-finder-reference';
import type { FinderState } from '../hooks/use-finder-state';

import { FilterBar } from './filter-bar';
import { ResultList } from './result-list';

interface ResultsViewProps {
  panel: Panel;
  policyNumber: string;
  reference: FinderReference;
  state: FinderState;
}

/** The results view (spec §2.4): heading, primary-panel intro, filter bar, result list. */
export function ResultsView({ panel, policyNumber, reference, state }: ResultsViewProps) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const { filters, page, expandUntilFound } = state;
  const results = useQuery({
    ...servicePointsQuery(
      reference.ready ? { panel, policyNumber, filters, page, expandUntilFound } : null,
      language,
    ),
    placeholderData: keepPreviousData,
  });
  // Kept between renders, so the drawn page of results (ResultsBody, memoised) is not drawn
  // again when only the filter bar changes.
  const chosenDistricts = useMemo(
    () => reference.districts.filter((district) => filters.districts.includes(district.code)),
    [reference.districts, filters.districts],
  );
  const loading =
    !reference.ready || results.isPending || (results.isFetching && results.isPlaceholderData);

  return (
    <Stack spacing={2.5}>
      <Stack spacing={1}>
        <Typography variant="h1">{t(`results.heading.${panel}`)}</Typography>
        {panel === PANELS.primary && (
          <>
            <Typography>{t('results.intro.description')}</Typography>
            <Typography sx={{ fontWeight: 600, color: 'primary.main' }}>
              {t('results.intro.caption')}
            </Typography>
            <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }}>
              <li>{t('results.intro.point1')}</li>
              <li>{t('results.intro.point2')}</li>
              <li>{t('results.intro.point3')}</li>
            </Stack>
          </>
        )}
      </Stack>
      <FilterBar
        panel={panel}
        policyNumber={policyNumber}
        reference={reference}
        filters={filters}
        // While a new search loads, the last one's total is not this one's: none is shown.
        total={loading ? null : (results.data?.pagination.total ?? null)}
        onChange={(next) => {
          state.update(next);
        }}
      />
      <ResultList
        panel={panel}
        data={results.data}
        loading={loading}
        error={reference.error ?? results.error}
        onRetry={() => {
          reference.refetch();
          void results.refetch();
        }}
        onPage={state.setPage}
        expandUntilFound={expandUntilFound}
        onExpand={state.expand}
        chosenDistricts={chosenDistricts}
      />
    </Stack>
  );
}
