import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { identityApi } from '../../../lib/identity-api';

import { formSx } from './auth-layout';
import { ControlledField } from './controlled-field';
import { ChangePasswordSchema } from './form-schemas';
import { SubmitButton } from './fields';
import { NewPasswordFields } from './new-password-fields';

type Values = z.input<typeof ChangePasswordSchema>;

/** Change the password of the signed-in user: current, new and its confirmation (spec §5). */
export function ChangePasswordForm({
  email,
  onDone,
  onCancel,
  onError,
  onClear,
}: {
  email: string;
  onDone: () => void;
  onCancel: () => void;
  onError: (error: unknown) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('auth');
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const values = useWatch({ control });

  const onSubmit = handleSubmit(async (input) => {
    onClear();
    try {
      await identityApi.changePassword(input.current_password, input.new_password);
      onDone();
    } catch (error) {
      onError(error);
    }
  });

  return (
    <Stack spacing={2}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={formSx}>
        <ControlledField
          control={control}
          name="current_password"
          type="password"
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
        />
        <NewPasswordFields control={control} email={email} />
        <SubmitButton
          label={t('account.changePasswordSubmit')}
          submitting={formState.isSubmitting}
          empty={!values.current_password || !values.new_password || !values.confirm_password}
        />
      </Box>
      <Button onClick={onCancel} sx={{ alignSelf: 'flex-start' }}>
        {t('account.cancel')}
      </Button>
    </Stack>
  );
}
