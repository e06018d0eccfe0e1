import { useLocation } from 'react-router';

import { isMemberAppPath, paths } from '../../../config/paths';
import { useAppNavigate } from '../../../lib/app-router';
import { useLanguage } from '../../../lib/i18n';
import { identityApi } from '../../../lib/identity-api';
import { safeNext } from '../components/form-schemas';

import { useRefreshIdentity } from '../../../lib/identity';

/**
 * Where a sign-in leads (`next`, else the owner's e-cards) and the steps every flow shares:
 * sign in, and either answer the SMS challenge or go on.
 */
export function useSignInFlow() {
  const language = useLanguage();
  const location = useLocation();
  const navigate = useAppNavigate();
  const refreshIdentity = useRefreshIdentity();
  const target = safeNext(location.search, paths.outpatient.eCardOwner.getHref(language));

  const finish = async () => {
    await refreshIdentity();
    // The portal (`/portal/#/…`) is another page of the site: a full load, not a route change.
    if (isMemberAppPath(target)) await navigate(target, { replace: true });
    else window.location.assign(target);
  };

  /** Signs in: the SMS challenge to answer, or null once signed in and on the way. */
  const signIn = async (email: string, password: string, captcha?: string | null) => {
    const result = await identityApi.signIn(email, password, captcha);
    if (result.challenge) return result.challenge;
    await finish();
    return null;
  };

  return { target, finish, signIn };
}
