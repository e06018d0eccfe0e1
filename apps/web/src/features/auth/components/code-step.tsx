import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { formSx } from './auth-layout';
import { ControlledField } from './controlled-field';
import { CodeFormSchema } from './form-schemas';
import { SubmitButton } from './fields';

/** One 6-digit code and a submit button (SMS sign-in code, phone verification). */
export function CodeStep({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(CodeFormSchema),
    defaultValues: { code: '' },
  });
  const code = useWatch({ control, name: 'code' });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(({ code: c }) => onSubmit(c))(event)}
      sx={formSx}
    >
      <ControlledField
        control={control}
        name="code"
        code
        label={t('fields.code')}
        required
        autoFocus
      />
      <SubmitButton label={submitLabel} submitting={formState.isSubmitting} empty={code === ''} />
    </Box>
  );
}
