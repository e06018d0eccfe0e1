import { isApiError } from '@clinicpass/shared/api-client/client';
import { PANELS, type Panel } from '@clinicpass/shared/constants';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import { useLanguage } from '../../../lib/i18n';
import { servicePointsQuery } from '../api/finder-queries';
import { useFinderReference } from '../hooks/use-finder-reference';
import { useFinderState } from '../hooks/use-finder-state';
import { EMPTY_FILTERS } from '../model/filter-state';

import { LandingView } from './landing-view';
import { NoAccessPage } from './no-access-page';
import { ResultsView } from './results-view';

interface DoctorFinderPageProps {
  panel: Panel;
  policyNumber: string;
  /** Start without the stored filters (spec §4 "reset on mount"). */
  resetOnMount?: boolean;
}

/**
 * Doctor finder for a panel and policy (spec §2.4): the landing view while the address has
 * no search parameters, else the results. The primary panel first asks the server whether
 * the policy may use the network (the first page without filters); `no_access` shows the
 * no-access page.
 */
export function DoctorFinderPage({
  panel,
  policyNumber,
  resetOnMount = false,
}: DoctorFinderPageProps) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const reference = useFinderReference(panel);
  const state = useFinderState(panel, reference.known, { resetOnMount });
  const access = useQuery({
    ...servicePointsQuery(
      panel === PANELS.primary
        ? { panel, policyNumber, filters: EMPTY_FILTERS, page: 1, expandUntilFound: false }
        : null,
      language,
    ),
    retry: false,
  });

  if (isApiError(access.error) && access.error.code === 'no_access') return <NoAccessPage />;

  return (
    <Box data-panel={panel}>
      <DocumentTitle page={t('documentTitle')} />
      {panel === PANELS.primary && access.isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('results.loading')} />
        </Box>
      ) : state.showResults ? (
        <ResultsView
          panel={panel}
          policyNumber={policyNumber}
          reference={reference}
          state={state}
        />
      ) : (
        <LandingView
          panel={panel}
          reference={reference}
          initial={state.filters}
          onStart={(filters) => {
            state.update(filters);
          }}
        />
      )}
    </Box>
  );
}
