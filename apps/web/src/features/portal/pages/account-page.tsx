import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { useIdentity } from '../../../lib/identity';
import { portalAccountPaths } from '../account/account-paths';
import { PageHeading } from '../components/page-heading';

/**
 * `account`: who is signed in, the portal's account screens (payments; security: password, phone
 * number, sign out) and the member app's account page.
 */
export function AccountPage() {
  const { t } = useTranslation('portal');
  const { t: tAccount } = useTranslation('portal-account');
  const language = useLanguage();
  const { user } = useIdentity();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageHeading title={t('account.heading')} />
      {user !== null && <Typography>{t('account.signedInAs', { email: user.email })}</Typography>}
      <Button
        component={RouterLink}
        to={portalAccountPaths.payments.href(language)}
        variant="contained"
        sx={{ minHeight: 44 }}
      >
        {tAccount('account.payments')}
      </Button>
      <Button
        component={RouterLink}
        to={portalAccountPaths.security.href(language)}
        variant="outlined"
        sx={{ minHeight: 44 }}
      >
        {tAccount('account.security')}
      </Button>
      <Button
        href={paths.outpatient.account.getHref(language)}
        variant="text"
        sx={{ minHeight: 44 }}
      >
        {tAccount('security.memberAccount')}
      </Button>
    </Stack>
  );
}
