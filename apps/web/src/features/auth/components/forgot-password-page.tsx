import type { DeliveryMedium } from '@clinicpass/shared/schemas/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { CaptchaField, type CaptchaHandle } from '../../../components/captcha-field';
import { captchaMessageOf } from '../../../lib/captcha-errors';
import { identityApi } from '../../../lib/identity-api';
import { useIdentity } from '../../../lib/identity';

import { AuthLayout, formSx } from './auth-layout';
import { FollowTarget } from './follow-target';
import { ControlledField } from './controlled-field';
import { useSignInFlow } from '../hooks/use-sign-in-flow';

import { useErrorBanner } from './error-banner';
import { ForgotPasswordFormSchema, ResetPasswordFormSchema } from './form-schemas';
import { SubmitButton } from './fields';
import { NewPasswordFields } from './new-password-fields';
import { SmsCodeStage } from './sms-code-stage';

type Stage =
  | { name: 'form' }
  | { name: 'new-password'; email: string; delivery: DeliveryMedium; destination: string | null }
  | { name: 'auto-login-mfa'; session: string; destination: string }
  | { name: 'auto-login-captcha'; email: string };

/**
 * Forgot password (spec §2.3, §4): `form` (email, delivery) → `new-password` (code, new
 * password, confirmation) → after the reset, a global sign-out and a sign-in with the new
 * password, `auto-login-mfa` when that sign-in asks for an SMS code. The emailed link carries
 * `email` and `requested`: the code was sent already, so the page goes straight to the code.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const location = useLocation();
  const identity = useIdentity();
  const flow = useSignInFlow();
  const { show, clear, banner } = useErrorBanner(true);
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [finishing, setFinishing] = useState(false);
  // One captcha field is on screen at a time (the email form, or beside "send a new code").
  // The field's handle, read by the submit handlers. A ref object, not state set by a callback
  // ref: the field hands its handle over as it mounts, and state set then re-renders the whole
  // page again, synchronously, in the task that commits it (decision 231).
  const captchaRef = useRef<CaptchaHandle>(null);
  const params = new URLSearchParams(location.search);
  const linkEmail = params.get('email') ?? '';
  const requested = params.get('requested') === 'true';

  const emailForm = useForm({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { email: linkEmail, delivery: 'EMAIL' as DeliveryMedium },
  });
  const resetForm = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { code: '', new_password: '', confirm_password: '' },
  });
  const email = useWatch({ control: emailForm.control, name: 'email' });
  const [code, newPassword, confirmPassword] = useWatch({
    control: resetForm.control,
    name: ['code', 'new_password', 'confirm_password'],
  });

  /** Shows an error: the captcha's in its field, any other in the banner. */
  const fail = (error: unknown) => {
    const captchaMessage = captchaMessageOf(error);
    if (captchaMessage === null) show(error);
    else captchaRef.current?.show(captchaMessage);
  };

  const send = async (values: { email: string; delivery: DeliveryMedium }) => {
    clear();
    // Every code sent costs a solved captcha (issue 8).
    const payload = await captchaRef.current?.take();
    if (payload === undefined || payload === null) return;
    try {
      const redirectUrl = new URL(
        paths.outpatient.forgotPassword.getHref(language),
        window.location.origin,
      ).toString();
      const answer = await identityApi.forgotPassword({
        ...values,
        language,
        redirectUrl,
        captcha: payload,
      });
      setStage({
        name: 'new-password',
        email: values.email,
        delivery: values.delivery,
        destination: answer.code_delivery_details.destination,
      });
    } catch (error) {
      fail(error);
    }
  };
  // Made as the form is sent: `send` reads the captcha's handle.
  const onSend = (event: BaseSyntheticEvent) => emailForm.handleSubmit(send)(event);

  // The emailed link: prefilled, and with `requested` it submits by itself without sending.
  const { handleSubmit: submitEmail } = emailForm;
  useEffect(() => {
    if (!requested || linkEmail === '') return;
    void submitEmail((values) => {
      setStage({ name: 'new-password', email: values.email, delivery: 'EMAIL', destination: null });
    })();
  }, [requested, linkEmail, submitEmail]);

  if (identity.signedIn && stage.name === 'form' && !finishing) {
    return <FollowTarget to={flow.target} />;
  }

  const onReset = resetForm.handleSubmit(async (values) => {
    if (stage.name !== 'new-password') return;
    clear();
    try {
      await identityApi.confirmForgotPassword(stage.email, values.code, values.new_password);
    } catch (error) {
      show(error);
      return;
    }
    setFinishing(true);
    try {
      // Sign out everywhere, then in with the new password.
      await identityApi.signOut();
      const challenge = await flow.signIn(stage.email, values.new_password);
      if (challenge) setStage({ ...challenge, name: 'auto-login-mfa' });
    } catch (error) {
      setFinishing(false);
      // Recent failed sign-ins from here: the sign-in with the new password needs a captcha.
      if (captchaMessageOf(error) === null) show(error);
      else setStage({ name: 'auto-login-captcha', email: stage.email });
    }
  });

  const onCaptchaSignIn = async () => {
    if (stage.name !== 'auto-login-captcha') return;
    clear();
    const payload = await captchaRef.current?.take();
    if (payload === undefined || payload === null) return;
    setFinishing(true);
    try {
      const password = resetForm.getValues('new_password');
      const challenge = await flow.signIn(stage.email, password, payload);
      if (challenge) setStage({ ...challenge, name: 'auto-login-mfa' });
    } catch (error) {
      setFinishing(false);
      fail(error);
    }
  };

  if (stage.name === 'auto-login-captcha') {
    return (
      <AuthLayout
        documentTitle={t('forgot.documentTitle')}
        heading={t('forgot.mfaHeading')}
        intro={t('forgot.captchaIntro')}
        banner={banner}
      >
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onCaptchaSignIn();
          }}
          sx={formSx}
        >
          <CaptchaField ref={captchaRef} initialMessage="required" />
          <SubmitButton label={t('forgot.signIn')} submitting={finishing} empty={false} />
        </Box>
      </AuthLayout>
    );
  }

  if (stage.name === 'auto-login-mfa') {
    return (
      <SmsCodeStage
        documentTitle={t('forgot.documentTitle')}
        heading={t('forgot.mfaHeading')}
        challenge={stage}
        banner={banner}
        onSignedIn={flow.finish}
        onError={show}
        onClear={clear}
      />
    );
  }

  if (stage.name === 'new-password') {
    const submitting = resetForm.formState.isSubmitting || finishing;
    return (
      <AuthLayout
        documentTitle={t('forgot.documentTitle')}
        heading={t('forgot.newPasswordHeading')}
        intro={
          stage.destination === null
            ? t('forgot.sentToRequested', { email: stage.email })
            : t('forgot.sentTo', { destination: stage.destination })
        }
        banner={banner}
      >
        <Box component="form" noValidate onSubmit={(event) => void onReset(event)} sx={formSx}>
          <ControlledField
            control={resetForm.control}
            name="code"
            code
            label={t('fields.code')}
            required
          />
          <NewPasswordFields control={resetForm.control} email={stage.email} />
          <SubmitButton
            label={t('forgot.confirm')}
            submitting={submitting}
            empty={code === '' || newPassword === '' || confirmPassword === ''}
          />
        </Box>
        <CaptchaField ref={captchaRef} />
        <Button
          onClick={() => void send({ email: stage.email, delivery: stage.delivery })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('forgot.resend')}
        </Button>
        {stage.delivery === 'SMS' && (
          // The same answer for every email (decision 142): whether an SMS comes is told here
          // as a condition, and by email to an account without a verified phone.
          <Typography variant="body2" color="text.secondary">
            {t('forgot.smsNote')}
          </Typography>
        )}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle={t('forgot.documentTitle')}
      heading={t('forgot.heading')}
      intro={t('forgot.intro')}
      banner={banner}
    >
      <Box component="form" noValidate onSubmit={(event) => void onSend(event)} sx={formSx}>
        <ControlledField
          control={emailForm.control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          required
        />
        <Controller
          control={emailForm.control}
          name="delivery"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="delivery-label">{t('forgot.delivery')}</FormLabel>
              <RadioGroup {...field} aria-labelledby="delivery-label">
                <FormControlLabel
                  value="EMAIL"
                  control={<Radio />}
                  label={t('forgot.deliveryEmail')}
                />
                <FormControlLabel value="SMS" control={<Radio />} label={t('forgot.deliverySms')} />
              </RadioGroup>
            </FormControl>
          )}
        />
        <CaptchaField ref={captchaRef} />
        <SubmitButton
          label={t('forgot.submit')}
          submitting={emailForm.formState.isSubmitting}
          empty={email === ''}
        />
      </Box>
    </AuthLayout>
  );
}
