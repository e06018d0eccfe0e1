/**
 * `account/security` (issue 20, c20s): change the password, update and verify the phone number
 * by SMS code, sign out. The forms are the sign-in feature's own (the member app's
 * `/{lang}/outpatient/account` shows them too), provided by the portal's entry (decision 198).
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { InlineNotification } from '../../../components/notification';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { useIdentity, useSignOut } from '../../../lib/identity';
import type { SecurityForms } from '../account/security-forms';
import { PageHeading } from '../components/page-heading';
import { portalPaths } from '../portal-paths';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
          <Typography variant="h2" id={id} sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function SecurityPage({ forms }: { forms: SecurityForms }) {
  const { t } = useTranslation('portal-account');
  const { t: tPortal } = useTranslation('portal');
  const language = useLanguage();
  const { user } = useIdentity();
  const signOut = useSignOut();
  const { ChangePasswordForm, PhoneStep, useErrorBanner } = forms;
  const { show, clear, banner } = useErrorBanner();
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  // The verified number when the phone form opened: the form's "cancel" and "continue" both end it.
  const [verifying, setVerifying] = useState<{ before: string | null } | null>(null);
  const [verified, setVerified] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  if (user === null) return null;
  const phone = user.phone_verified ? user.phone_number : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeading
        title={t('security.heading')}
        back={{ to: portalPaths.account.href(language), label: tPortal('account.heading') }}
      />
      {banner}
      <Section id="security-password" title={t('security.password')}>
        {changed && (
          <InlineNotification type="success">{t('security.passwordChanged')}</InlineNotification>
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
        ) : (
          <Button
            variant="outlined"
            size="large"
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
            onClick={() => {
              clear();
              setChanged(false);
              setChanging(true);
            }}
          >
            {t('security.changePassword')}
          </Button>
        )}
      </Section>
      <Section id="security-phone" title={t('security.phone')}>
        <Typography>
          {phone === null ? t('security.noPhone') : t('security.phoneValue', { phone })}
        </Typography>
        {verified && (
          <InlineNotification type="success">{t('security.phoneVerified')}</InlineNotification>
        )}
        {verifying !== null ? (
          <PhoneStep
            onError={show}
            onClear={clear}
            leaveLabel={t('security.cancelPhone')}
            onDone={() => {
              setVerified(phone !== null && phone !== verifying.before);
              setVerifying(null);
              return Promise.resolve();
            }}
          />
        ) : (
          <Button
            variant="outlined"
            size="large"
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
            onClick={() => {
              clear();
              setVerified(false);
              setVerifying({ before: phone });
            }}
          >
            {t('security.updatePhone')}
          </Button>
        )}
      </Section>
      <Section id="security-sign-out" title={t('security.signOut')}>
        <Typography>{t('security.signOutIntro')}</Typography>
        <Button
          variant="contained"
          size="large"
          disabled={signingOut}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          onClick={() => {
            setSigningOut(true);
            clear();
            signOut()
              .then(() => {
                window.location.assign(paths.home.getHref(language));
              })
              .catch((error: unknown) => {
                setSigningOut(false);
                show(error);
              });
          }}
        >
          {t('security.signOut')}
        </Button>
      </Section>
    </Stack>
  );
}
