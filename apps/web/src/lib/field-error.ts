import { decodeValidationMessage } from '@clinicpass/shared/validation/issues';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The text of a form field's error whose message is a field error of the shared validation
 * catalogue (the shared rules set them: `length_min?length=8`, `identity_or_member_code`, …),
 * in the current language with its values filled in; undefined for no error or another message.
 */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('validation');
  return useCallback(
    (message) => {
      const error = decodeValidationMessage(message);
      return error === null ? undefined : t(error.key, error.values ?? {});
    },
    [t],
  );
}
