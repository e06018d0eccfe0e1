import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';

import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { identityApi } from '../api/identity-api';
import { useIdentity, useRefreshIdentity } from '../hooks/use-identity';

import { AuthLayout, formSx } from './auth-layout';
import { ControlledField } from './controlled-field';
import { useErrorBanner } from './error-banner';
import { currentPasswordField, emailField, safeNext } from './form-schemas';
import { SubmitButton } from './new-password-fields';
import { SmsCodeStage } from './sms-code-stage';

const Schema = z.object({ email: emailField, password: currentPasswordField });

type Stage = { name: 'form' } | { name: 'sms-mfa'; session: string; destination: string };

/** Sign-in (spec §2.3, §4): email + password, then an SMS code when challenged. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const identity = useIdentity();
  const refreshIdentity = useRefreshIdentity();
  const { show, clear, banner } = useErrorBanner();
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [finishing, setFinishing] = useState(false);
  const target = safeNext(location.search, paths.outpatient.eCardOwner.getHref(language));

  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(Schema),
    defaultValues: { email: '', password: '' },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });

  const finish = async () => {
    setFinishing(true);
    await refreshIdentity();
    await navigate(target, { replace: true });
  };

  if (identity.signedIn && !finishing) return <Navigate to={target} replace />;

  const onSignIn = handleSubmit(async (values) => {
    clear();
    try {
      const result = await identityApi.signIn(values.email, values.password);
      if (result.challenge) {
        setStage({
          name: 'sms-mfa',
          session: result.challenge.session,
          destination: result.challenge.destination,
        });
      } else {
        await finish();
      }
    } catch (error) {
      show(error);
    }
  });

  if (stage.name === 'sms-mfa') {
    return (
      <SmsCodeStage
        documentTitle={t('login.documentTitle')}
        heading={t('mfa.heading')}
        challenge={stage}
        banner={banner}
        onSignedIn={finish}
        onError={show}
        onClear={clear}
      >
        <Button
          onClick={() => {
            setStage({ name: 'form' });
          }}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('mfa.back')}
        </Button>
      </SmsCodeStage>
    );
  }

  return (
    <AuthLayout
      documentTitle={t('login.documentTitle')}
      heading={t('login.heading')}
      intro={t('login.intro')}
      banner={banner}
    >
      <Box component="form" noValidate onSubmit={(event) => void onSignIn(event)} sx={formSx}>
        <ControlledField
          control={control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          required
        />
        <ControlledField
          control={control}
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
        />
        <SubmitButton
          label={t('login.submit')}
          submitting={formState.isSubmitting || finishing}
          empty={email === '' || password === ''}
        />
      </Box>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Link
          component={RouterLink}
          to={paths.outpatient.forgotPassword.getHref(language, location.search)}
          sx={{ py: 1 }}
        >
          {t('login.forgotPassword')}
        </Link>
        <Link
          component={RouterLink}
          to={paths.outpatient.setPassword.getHref(language, location.search)}
          sx={{ py: 1 }}
        >
          {t('login.setPassword')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
