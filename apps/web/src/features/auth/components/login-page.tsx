import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, startTransition, Suspense, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { CaptchaField, type CaptchaHandle } from '../../../components/captcha-field';
import { captchaMessageOf } from '../../../lib/captcha-errors';
import { useIdentity } from '../../../lib/identity';
import { useSchemaForm } from '../../../lib/schema-form';

import { AuthLayout, formSx } from './auth-layout';
import { FollowTarget } from './follow-target';
import { FormField, SubmitButton } from './fields';
import { useSignInFlow } from '../hooks/use-sign-in-flow';

import { useErrorBanner } from './error-banner';
import { SignInFormSchema } from './form-schemas';

// The SMS code stage (a react-hook-form form) is fetched as a sign-in is sent, not with the page
// (decision 238).
const loadSmsCodeStage = () => import('./sms-code-stage');
const SmsCodeStage = lazy(() =>
  loadSmsCodeStage().then(({ SmsCodeStage: Stage }) => ({ default: Stage })),
);

const EMPTY = { email: '', password: '' };
const FIELD_ORDER = ['email', 'password'] as const;

type Stage = { name: 'form' } | { name: 'sms-mfa'; session: string; destination: string };

/** Sign-in (spec §2.3, §4): email + password, then an SMS code when challenged. */
// Each link a 44 px touch target in either language (CJK lines are shorter than Latin ones).
const linkTarget = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const location = useLocation();
  const identity = useIdentity();
  const flow = useSignInFlow();
  const { show, clear, banner } = useErrorBanner();
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [finishing, setFinishing] = useState(false);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  // The field's handle, read by the submit handlers. A ref object, not state set by a callback
  // ref: the field hands its handle over as it mounts, and state set then re-renders the whole
  // page again, synchronously, in the task that commits it (decision 231).
  const captchaRef = useRef<CaptchaHandle>(null);

  // The form's own state, not react-hook-form's (decision 238).
  const form = useSchemaForm(SignInFormSchema, EMPTY, FIELD_ORDER);
  const { email, password } = form.values;

  const finish = async () => {
    setFinishing(true);
    await flow.finish();
  };

  if (identity.signedIn && !finishing) return <FollowTarget to={flow.target} />;

  // The handler is made as the form is sent: it reads the captcha's handle.
  const onSignIn = (event: BaseSyntheticEvent) =>
    form.handleSubmit(async (values) => {
      clear();
      // Asked for now, awaited before the stage is shown (below), where a failure is reported.
      loadSmsCodeStage().catch(() => undefined);
      try {
        // Once the server asked for a captcha (after 3 failures), every attempt carries one.
        let payload: string | null = null;
        if (captchaAsked) {
          payload = (await captchaRef.current?.take()) ?? null;
          if (payload === null) return;
        }
        setFinishing(true);
        const challenge = await flow.signIn(values.email, values.password, payload);
        if (challenge) {
          // The stage's code is here before it is shown: a chunk that failed to load is reported
          // on this form like any failed sign-in, not by the page's error boundary; the form
          // stays until the stage has rendered (a transition).
          await loadSmsCodeStage();
          setFinishing(false);
          startTransition(() => {
            setStage({ ...challenge, name: 'sms-mfa' });
          });
        }
      } catch (error) {
        setFinishing(false);
        const captchaMessage = captchaMessageOf(error);
        if (captchaMessage === null) {
          show(error);
        } else if (captchaAsked) {
          captchaRef.current?.show(captchaMessage);
        } else {
          setCaptchaAsked(true);
        }
      }
    })(event);

  if (stage.name === 'sms-mfa') {
    // Loaded before the stage is shown, so this stands only for the moment React takes to read it.
    const waiting = (
      <AuthLayout
        documentTitle={t('login.documentTitle')}
        heading={t('mfa.heading')}
        banner={banner}
      >
        {null}
      </AuthLayout>
    );
    return (
      <Suspense fallback={waiting}>
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
      </Suspense>
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
        <FormField
          {...form.field('email')}
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          required
        />
        <FormField
          {...form.field('password')}
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
        />
        {captchaAsked && <CaptchaField ref={captchaRef} initialMessage="required" />}
        <SubmitButton
          label={t('login.submit')}
          submitting={form.submitting || finishing}
          empty={email === '' || password === ''}
        />
      </Box>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Link
          component={RouterLink}
          to={paths.outpatient.forgotPassword.getHref(language, location.search)}
          sx={linkTarget}
        >
          {t('login.forgotPassword')}
        </Link>
        <Link
          component={RouterLink}
          to={paths.outpatient.setPassword.getHref(language, location.search)}
          sx={linkTarget}
        >
          {t('login.setPassword')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
