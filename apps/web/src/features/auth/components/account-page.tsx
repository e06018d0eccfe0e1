import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { InlineNotification } from '../../../components/notification';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { useIdentity, useSignOut } from '../../../lib/identity';

import { AuthLayout } from './auth-layout';
import { ChangePasswordForm } from './change-password-form';
import { useErrorBanner } from './error-banner';
import { PhoneStep } from './phone-step';

/** Who is signed in, phone verification, password change, and sign-out (global). */
export function AccountPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const identity = useIdentity();
  const signOut = useSignOut();
  const { show, clear, banner } = useErrorBanner();
  const [signedOut, setSignedOut] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const loginHref = paths.outpatient.login.getHref(
    language,
    `?next=${encodeURIComponent(paths.outpatient.account.getHref(language))}`,
  );

  if (identity.isLoading) return null;

  if (!identity.signedIn || identity.user === null) {
    return (
      <AuthLayout
        documentTitle={t('account.documentTitle')}
        heading={t('account.heading')}
        banner={banner}
      >
        {signedOut && (
          <InlineNotification type="success">{t('account.signedOut')}</InlineNotification>
        )}
        <Button
          component={RouterLink}
          to={loginHref}
          variant="contained"
          size="large"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.signIn')}
        </Button>
      </AuthLayout>
    );
  }

  const { user } = identity;
  return (
    <AuthLayout
      documentTitle={t('account.documentTitle')}
      heading={t('account.heading')}
      intro={t('account.signedInAs', { email: user.email })}
      banner={banner}
    >
      <Typography>
        {user.phone_verified && user.phone_number !== null
          ? t('account.phone', { phone: user.phone_number })
          : t('account.noPhone')}
      </Typography>
      {changed && (
        <InlineNotification type="success">{t('account.passwordChanged')}</InlineNotification>
      )}
      {changing ? (
        <ChangePasswordForm
          email={user.email}
          onError={show}
          onClear={clear}
          onCancel={() => {
            setChanging(false);
          }}
          onDone={() => {
            setChanging(false);
            setChanged(true);
          }}
        />
      ) : verifying ? (
        <PhoneStep
          onError={show}
          onClear={clear}
          onDone={() => {
            setVerifying(false);
            return Promise.resolve();
          }}
        />
      ) : (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
          <Button
            variant="outlined"
            size="large"
            onClick={() => {
              setVerifying(true);
            }}
          >
            {t('account.verifyPhone')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            onClick={() => {
              setChanged(false);
              setChanging(true);
            }}
          >
            {t('account.changePassword')}
          </Button>
          <Button
            variant="contained"
            size="large"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              clear();
              signOut()
                .then(() => {
                  setSignedOut(true);
                })
                .catch(show)
                .finally(() => {
                  setBusy(false);
                });
            }}
          >
            {t('account.signOut')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
