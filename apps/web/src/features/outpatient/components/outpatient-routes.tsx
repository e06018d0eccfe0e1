import { languageFromPrefix } from '@clinicpass/shared/i18n/languages';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { NotFoundPage } from '../../../components/not-found-page';
import { env } from '../../../config/env';
import { mainAppApplyHref, paths } from '../../../config/paths';
import type { RouteLoadArgs, RouteRedirect } from '../../../lib/app-router';
import { useLanguage } from '../../../lib/i18n';
import { useSignedIn } from '../api/sign-in-state';

/** `/outpatient/apply[/:token]`: a full-page hand-over to the main application (spec §2.2). */
export function applyLoader({ location, params }: RouteLoadArgs): RouteRedirect {
  const language = languageFromPrefix(params.lang) ?? 'en';
  return {
    documentRedirect: mainAppApplyHref(env.mainAppUrl, language, location.search, params.token),
  };
}

/** `/outpatient` (exact) → `/outpatient/apply`, query kept. */
export function outpatientIndexLoader(args: RouteLoadArgs): RouteRedirect {
  const { token: _token, ...params } = args.params;
  return applyLoader({ ...args, params });
}

function Waiting() {
  const { t } = useTranslation('outpatient');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('checkingSignIn')} />
    </Box>
  );
}

/** `/e-card` (exact): the owner's cards when signed in, the member card form when not. */
export function ECardRedirect() {
  const language = useLanguage();
  const signedIn = useSignedIn();
  if (signedIn.data === undefined) return <Waiting />;
  return (
    <Navigate
      replace
      to={
        signedIn.data
          ? paths.outpatient.eCardOwner.getHref(language)
          : paths.outpatient.memberCard.getHref(language)
      }
    />
  );
}

/** Anything else under `/outpatient`: not found, with a link back to the sub-app's base. */
export function OutpatientNotFound() {
  const language = useLanguage();
  return <NotFoundPage backTo={paths.outpatient.base.getHref(language)} />;
}
