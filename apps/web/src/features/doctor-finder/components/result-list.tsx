import { PAGE_SIZE } from '@clinicpass/shared/api-client/pagination';
import type { Panel } from '@clinicpass/shared/constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { pageCount, pageFromStart } from '../model/pagination';
import { mergedDistricts } from '../model/regions';
import type { District, ServicePoint, ServicePointList } from '../model/types';

import { districtName } from './filter-pickers';
import { PaginationNav } from './pagination-nav';
import { useWideScreen } from './picker';
import { ResultCard } from './result-card';

interface ResultListProps {
  panel: Panel;
  data: ServicePointList | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onPage: (page: number) => void;
  expandUntilFound: boolean;
  onExpand: () => void;
  chosenDistricts: District[];
}

/** The result list (spec §4): spinner, cards and pagination, or an empty or error state. */
export function ResultList({
  panel,
  data,
  loading,
  error,
  onRetry,
  onPage,
  expandUntilFound,
  onExpand,
  chosenDistricts,
}: ResultListProps) {
  const { t } = useTranslation('doctor-finder');

  if (loading) return <ResultsLoading />;
  if (error !== null && error !== undefined) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" onClick={onRetry}>
            {t('results.retry')}
          </Button>
        }
      >
        <Typography sx={{ fontWeight: 600 }}>{t('results.errorTitle')}</Typography>
        {t('results.errorDescription')}
      </Alert>
    );
  }
  const total = data?.pagination.total ?? 0;
  if (data === undefined || total === 0) {
    // With no district chosen the whole network was searched: nothing nearby to add.
    const hasExpandFailed = expandUntilFound || chosenDistricts.length === 0;
    return (
      <Stack role="status" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <Typography variant="h2">
          {expandUntilFound ? t('results.expandedEmptyTitle') : t('results.emptyTitle')}
        </Typography>
        <Typography color="text.secondary">
          {chosenDistricts.length === 0
            ? t('results.emptyAnywhereDescription')
            : hasExpandFailed
              ? t('results.expandedEmptyDescription')
              : t('results.emptyDescription')}
        </Typography>
        {!hasExpandFailed && (
          <Button variant="contained" onClick={onExpand}>
            {t('results.expand')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <ResultsBody panel={panel} data={data} chosenDistricts={chosenDistricts} onPage={onPage} />
  );
}

/** The spinner while a page of results is on its way (or being drawn). */
function ResultsLoading() {
  const { t } = useTranslation('doctor-finder');
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('results.loading')} />
    </Box>
  );
}

export interface ResultsPageProps {
  panel: Panel;
  data: ServicePointList;
  chosenDistricts: District[];
  onPage: (page: number) => void;
}

/**
 * A page of results. Drawing its cards is the finder's largest render, so it is a transition
 * (decision 224): when the answer arrives the spinner stays a moment longer, while React draws
 * the page in slices and answers taps between them; the page then shows in one commit. Only the
 * drawing is deferred: a new search shows its spinner at once (above), never the last cards.
 */
const ResultsBody = memo(function ResultsBody({ data: latest, ...rest }: ResultsPageProps) {
  const data = useDeferredValue<ServicePointList | null>(latest, null);
  if (data === null) return <ResultsLoading />;
  return <ResultsPage data={data} {...rest} />;
});

/**
 * The drawn page of results: the note on districts widened to, the cards and the page links.
 * Also rendered at build time for its CSS (app/prerender.tsx), where a deferred value stays
 * at its first one.
 */
export function ResultsPage({ panel, data, chosenDistricts, onPage }: ResultsPageProps) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const wide = useWideScreen();
  const total = data.pagination.total;
  const chosenCodes = new Set(chosenDistricts.map((district) => district.code));
  const outside = data.results
    .map((point) => point.venue.district)
    .filter((district) => !chosenCodes.has(district.code));
  const showNote = chosenDistricts.length > 0 && outside.length > 0;

  return (
    <Stack spacing={2}>
      {showNote && (
        <Alert severity="info" role="status">
          {t('results.expandedNote', {
            districts: mergedDistricts(chosenDistricts, outside)
              .map((district) => districtName(district, language))
              .join(t('picker.separator')),
          })}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={t('results.listLabel')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ResultCards panel={panel} results={data.results} />
      </Box>
      <PaginationNav
        page={pageFromStart(data.pagination.start, PAGE_SIZE)}
        pages={pageCount(total, PAGE_SIZE)}
        mobile={!wide}
        onChange={onPage}
      />
    </Stack>
  );
}

/** The cards, drawn again only for another page of results. */
const ResultCards = memo(function ResultCards({
  panel,
  results,
}: {
  panel: Panel;
  results: ServicePoint[];
}) {
  return results.map((point) => (
    <li key={point.id}>
      <ResultCard panel={panel} point={point} />
    </li>
  ));
});
