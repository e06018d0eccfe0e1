import { isApiError } from '@clinicpass/shared/api-client/client';
import type { ClinicVenue } from '@clinicpass/shared/schemas/clinic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { InlineNotification } from '../../../components/notification';
import { paths } from '../../../config/paths';
import { useAppNavigate } from '../../../lib/app-router';
import { useLanguage } from '../../../lib/i18n';
import { useIdentity, useSignOut } from '../../../lib/identity';
import { clinicApi, clinicKeys } from '../api/clinic-api';

import { SelectField } from './select-field';
import { TicketDesk } from './ticket-desk';

/** The venue chosen on this device for this tab (a staff member may work at several). */
const VENUE_STORAGE_KEY = 'clinic-venue';

function storedVenue(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(VENUE_STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeVenue(id: number) {
  try {
    window.sessionStorage.setItem(VENUE_STORAGE_KEY, String(id));
  } catch {
    // private mode: the choice lasts as long as the page
  }
}

function Loading() {
  const { t } = useTranslation('clinic');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

/**
 * The clinic counter (issue 18), tablet and phone first: a staff member signed in with the
 * clinic role picks the venue they work at, identifies a member's ticket (camera, picture or
 * typed number), sees the outcome and records the step.
 */
export function ClinicPage() {
  const { t } = useTranslation('clinic');
  const language = useLanguage();
  const identity = useIdentity();
  const navigate = useAppNavigate();
  const signOut = useSignOut();
  const me = useQuery({
    queryKey: clinicKeys.me,
    queryFn: clinicApi.me,
    enabled: identity.signedIn,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [picked, setPicked] = useState<number | null>(storedVenue);
  const signInHere = paths.outpatient.login.withNext(language, paths.clinic.getHref(language));

  const leave = async () => {
    await signOut();
    await navigate(signInHere, { replace: true });
  };

  let body;
  if (identity.isLoading || (identity.signedIn && me.isPending)) {
    body = <Loading />;
  } else if (!identity.signedIn || (isApiError(me.error) && me.error.status === 401)) {
    return <Navigate to={signInHere} replace />;
  } else if (me.error !== null || me.data === undefined) {
    const notStaff = isApiError(me.error) && me.error.status === 403;
    if (!notStaff) throw me.error ?? new Error('no clinic caller');
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <InlineNotification type="warning" live="none">
          {t('notClinicUser')}
        </InlineNotification>
        <Button variant="contained" onClick={() => void leave()}>
          {t('signOut')}
        </Button>
      </Stack>
    );
  } else {
    const { venues, email } = me.data;
    const venue: ClinicVenue | undefined =
      venues.length === 1 ? venues[0] : venues.find((candidate) => candidate.id === picked);
    const name = (v: ClinicVenue) => (language === 'zh-HK' ? v.name_zh : v.name_en);
    body = (
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          {email !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('signedInAs', { email })}
            </Typography>
          )}
          <Button variant="text" onClick={() => void leave()}>
            {t('signOut')}
          </Button>
        </Stack>
        {venues.length === 0 && (
          <InlineNotification type="warning" live="none">
            {t('venue.none')}
          </InlineNotification>
        )}
        {venues.length > 1 && (
          <SelectField
            label={t('venue.label')}
            helperText={t('venue.pick')}
            value={venue === undefined ? '' : String(venue.id)}
            onChange={(value) => {
              const id = Number(value);
              storeVenue(id);
              setPicked(id);
            }}
            maxWidth={480}
          >
            <option value="" disabled>
              {t('venue.pick')}
            </option>
            {venues.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {name(candidate)}
              </option>
            ))}
          </SelectField>
        )}
        {venue !== undefined && (
          <>
            <Typography sx={{ fontWeight: 700 }} data-testid="clinic-venue">
              {t('venue.current', { venue: name(venue) })}
            </Typography>
            <TicketDesk key={venue.id} venueId={venue.id} />
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <DocumentTitle page={t('documentTitle')} />
      <Typography variant="h1">{t('heading')}</Typography>
      {body}
    </Stack>
  );
}
