import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { encodeValidationMessage } from '@clinicpass/shared/validation/issues';
import { z } from 'zod';

import { InlineNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';
import { identityApi } from '../../../lib/identity-api';
import { useRefreshIdentity } from '../../../lib/identity';

import { formSx } from './auth-layout';
import { CodeStep } from './code-step';
import { ControlledField } from './controlled-field';
import { SubmitButton } from './fields';

// Eight digits starting 4–9 (with an optional +852): the server checks it properly. A wrong
// number says so with the shared validation catalogue's `hk_mobile`.
const PhoneSchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .regex(/^(\+?852[\s-]?)?[4-9]\d{3}[\s-]?\d{4}$/, {
      message: encodeValidationMessage({ key: 'hk_mobile' }),
    }),
});

/**
 * Verify a Hong Kong mobile number by SMS code; may be skipped. `leaveLabel` names the way out
 * where it is not a skip (the portal's security page, where it cancels the change).
 */
export function PhoneStep({
  onDone,
  onError,
  onClear,
  leaveLabel,
}: {
  onDone: () => Promise<void>;
  onError: (error: unknown) => void;
  onClear: () => void;
  leaveLabel?: string;
}) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const refreshIdentity = useRefreshIdentity();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(PhoneSchema),
    defaultValues: { phone: '' },
  });
  const phone = useWatch({ control, name: 'phone' });

  if (verified) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <InlineNotification type="success">{t('setPassword.phoneVerified')}</InlineNotification>
        <Button variant="contained" size="large" onClick={() => void onDone()}>
          {t('setPassword.continue')}
        </Button>
      </Stack>
    );
  }

  if (sentTo !== null) {
    return (
      <Stack spacing={2}>
        <Typography>{t('setPassword.phoneCodeIntro', { destination: sentTo })}</Typography>
        <CodeStep
          submitLabel={t('setPassword.phoneConfirm')}
          onSubmit={async (code) => {
            onClear();
            try {
              await identityApi.confirmPhone(code);
              await refreshIdentity();
              setVerified(true);
            } catch (error) {
              onError(error);
            }
          }}
        />
      </Stack>
    );
  }

  const onSend = handleSubmit(async (values) => {
    onClear();
    try {
      const answer = await identityApi.verifyPhone(values.phone, language);
      setSentTo(answer.code_delivery_details.destination);
    } catch (error) {
      onError(error);
    }
  });

  return (
    <Stack spacing={2}>
      <Box component="form" noValidate onSubmit={(event) => void onSend(event)} sx={formSx}>
        <ControlledField
          control={control}
          name="phone"
          type="tel"
          label={t('fields.phone')}
          autoComplete="tel-national"
          required
        />
        <SubmitButton
          label={t('setPassword.phoneSend')}
          submitting={formState.isSubmitting}
          empty={phone === ''}
        />
      </Box>
      <Button onClick={() => void onDone()} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
        {leaveLabel ?? t('setPassword.phoneSkip')}
      </Button>
    </Stack>
  );
}
