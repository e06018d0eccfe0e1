import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { ControlledField } from './controlled-field';

interface NewPasswordValues {
  new_password: string;
  confirm_password: string;
}

/**
 * New password and its confirmation, with the account's email as a hidden username so password
 * managers save the pair (WCAG 2.2 3.3.8).
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  control,
  email,
}: {
  control: Control<T>;
  email: string;
}) {
  const { t } = useTranslation('auth');
  const c = control as unknown as Control<NewPasswordValues>;
  return (
    <>
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <ControlledField
        control={c}
        name="new_password"
        type="password"
        label={t('fields.newPassword')}
        helperText={t('fields.passwordHint')}
        autoComplete="new-password"
        required
      />
      <ControlledField
        control={c}
        name="confirm_password"
        type="password"
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
