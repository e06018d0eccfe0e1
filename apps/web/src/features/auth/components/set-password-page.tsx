import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useLanguage } from '../../../lib/i18n';
import { identityApi } from '../../../lib/identity-api';
import { useRefreshIdentity } from '../../../lib/identity';

import { AuthLayout, formSx } from './auth-layout';
import { CodeStep } from './code-step';
import { ControlledField } from './controlled-field';
import { useSignInFlow } from '../hooks/use-sign-in-flow';

import { useErrorBanner } from './error-banner';
import { FirstTimeFormSchema, NewPasswordFormSchema } from './form-schemas';
import { SubmitButton } from './fields';
import { NewPasswordFields } from './new-password-fields';
import { PhoneStep } from './phone-step';
import { SmsCodeStage } from './sms-code-stage';

type Stage =
  | { name: 'email' }
  | { name: 'code'; email: string; destination: string }
  | { name: 'password'; email: string; code: string }
  | { name: 'sms-mfa'; session: string; destination: string }
  | { name: 'phone' };

/**
 * First-time login (spec §2.3): email → emailed six-digit code → new password (then signed in);
 * verifying a mobile number for SMS sign-in codes is offered last.
 */
export function SetPasswordPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const location = useLocation();
  const refreshIdentity = useRefreshIdentity();
  const { finish } = useSignInFlow();
  const { show, clear, banner } = useErrorBanner();
  const [stage, setStage] = useState<Stage>({ name: 'email' });

  const emailForm = useForm({
    resolver: zodResolver(FirstTimeFormSchema),
    defaultValues: { email: new URLSearchParams(location.search).get('email') ?? '' },
  });
  const passwordForm = useForm({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const email = useWatch({ control: emailForm.control, name: 'email' });
  const [newPassword, confirmPassword] = useWatch({
    control: passwordForm.control,
    name: ['new_password', 'confirm_password'],
  });

  const onEmail = emailForm.handleSubmit(async (values) => {
    clear();
    try {
      const answer = await identityApi.firstTime(values.email, language);
      setStage({
        name: 'code',
        email: values.email,
        destination: answer.code_delivery_details.destination,
      });
    } catch (error) {
      show(error);
    }
  });

  const onPassword = passwordForm.handleSubmit(async (values) => {
    if (stage.name !== 'password') return;
    clear();
    try {
      const result = await identityApi.firstTimeConfirm(
        stage.email,
        stage.code,
        values.new_password,
      );
      await refreshIdentity();
      if (result.challenge) {
        setStage({
          name: 'sms-mfa',
          session: result.challenge.session,
          destination: result.challenge.destination,
        });
      } else {
        setStage({ name: 'phone' });
      }
    } catch (error) {
      show(error);
      if (
        typeof error === 'object' &&
        error !== null &&
        'code' in error &&
        [
          'CodeMismatchException',
          'ExpiredCodeException',
          'TooManyFailedAttemptsException',
        ].includes(String(error.code))
      ) {
        setStage({ name: 'code', email: stage.email, destination: stage.email });
      }
    }
  });

  const common = { documentTitle: t('setPassword.documentTitle'), banner };

  switch (stage.name) {
    case 'code':
      return (
        <AuthLayout
          {...common}
          heading={t('setPassword.codeHeading')}
          intro={t('setPassword.codeIntro', { destination: stage.destination })}
        >
          <CodeStep
            submitLabel={t('setPassword.next')}
            onSubmit={(code) => {
              clear();
              setStage({ name: 'password', email: stage.email, code });
              return Promise.resolve();
            }}
          />
        </AuthLayout>
      );
    case 'password':
      return (
        <AuthLayout {...common} heading={t('setPassword.passwordHeading')}>
          <Box component="form" noValidate onSubmit={(event) => void onPassword(event)} sx={formSx}>
            <NewPasswordFields control={passwordForm.control} email={stage.email} />
            <SubmitButton
              label={t('setPassword.save')}
              submitting={passwordForm.formState.isSubmitting}
              empty={newPassword === '' || confirmPassword === ''}
            />
          </Box>
        </AuthLayout>
      );
    case 'sms-mfa':
      return (
        <SmsCodeStage
          {...common}
          heading={t('mfa.heading')}
          challenge={stage}
          onSignedIn={finish}
          onError={show}
          onClear={clear}
        />
      );
    case 'phone':
      return (
        <AuthLayout
          {...common}
          heading={t('setPassword.phoneHeading')}
          intro={t('setPassword.phoneIntro')}
        >
          <PhoneStep onError={show} onClear={clear} onDone={finish} />
        </AuthLayout>
      );
    case 'email':
      return (
        <AuthLayout {...common} heading={t('setPassword.heading')} intro={t('setPassword.intro')}>
          <Box component="form" noValidate onSubmit={(event) => void onEmail(event)} sx={formSx}>
            <ControlledField
              control={emailForm.control}
              name="email"
              type="email"
              label={t('fields.email')}
              autoComplete="username"
              required
            />
            <SubmitButton
              label={t('setPassword.sendCode')}
              submitting={emailForm.formState.isSubmitting}
              empty={email === ''}
            />
          </Box>
        </AuthLayout>
      );
  }
}
