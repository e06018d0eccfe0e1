import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { identityApi } from '../../../lib/identity-api';

import { AuthLayout } from './auth-layout';
import { CodeStep } from './code-step';

/** The SMS_MFA stage of every sign-in (login, after a reset, after a first password). */
export function SmsCodeStage({
  documentTitle,
  heading,
  challenge,
  banner,
  onSignedIn,
  onError,
  onClear,
  children,
}: {
  documentTitle: string;
  heading: string;
  challenge: { session: string; destination: string };
  banner: ReactNode;
  onSignedIn: () => Promise<void>;
  onError: (error: unknown) => void;
  onClear: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const onCode = async (code: string) => {
    onClear();
    try {
      await identityApi.respondToChallenge(challenge.session, code);
      await onSignedIn();
    } catch (error) {
      onError(error);
    }
  };
  return (
    <AuthLayout
      documentTitle={documentTitle}
      heading={heading}
      intro={t('mfa.intro', { destination: challenge.destination })}
      banner={banner}
    >
      <CodeStep submitLabel={t('mfa.submit')} onSubmit={onCode} />
      {children}
    </AuthLayout>
  );
}
