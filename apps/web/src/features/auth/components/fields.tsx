import Button from '@mui/material/Button';
import { TextInput, type TextInputProps } from '../../../components/text-input';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

import { ERRORS_NAMESPACE } from '@clinicpass/shared/i18n/namespaces';

import { useValidationText } from '../../../lib/field-error';

import { CATALOGUE_FIELD_MESSAGES, type ValidationKey } from './form-schemas';

const fromCatalogue = new Set<string>(CATALOGUE_FIELD_MESSAGES);
const isCatalogueMessage = (value: string): value is (typeof CATALOGUE_FIELD_MESSAGES)[number] =>
  fromCatalogue.has(value);
const VALIDATION_KEYS = new Set<string>([
  'required',
  'email',
  'code',
  'password',
  'sameAsCurrent',
] satisfies ValidationKey[]);
const isValidationKey = (value: string): value is ValidationKey => VALIDATION_KEYS.has(value);

/** A field's error: react-hook-form's `FieldError` or the app's own forms' (`lib/schema-form`). */
type FieldError = { message?: string };

/**
 * A field's error text: the form's own validation key (the shared identity schemas name it
 * `validation.…`), the error catalogue's key, or a field error of the shared validation
 * catalogue (`hk_mobile`).
 */
export function useFieldError() {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  return (error: FieldError | undefined) => {
    const message = error?.message;
    if (message === undefined) return undefined;
    if (isCatalogueMessage(message)) return t(message, { ns: ERRORS_NAMESPACE });
    const own = message.replace(/^validation\./, '');
    if (isValidationKey(own)) return t(`validation.${own}`);
    return validationText(message) ?? message;
  };
}

type FieldProps = Omit<TextInputProps, 'error'> & { fieldError?: FieldError };

/** A text field showing its validation message (linked by aria-describedby through MUI). */
export const FormField = forwardRef<HTMLInputElement, FieldProps>(function FormField(
  { fieldError, helperText, ...props },
  ref,
) {
  const message = useFieldError()(fieldError);
  return (
    <TextInput
      inputRef={ref}
      fullWidth
      error={fieldError !== undefined}
      helperText={message ?? helperText}
      {...props}
    />
  );
});

/**
 * The one-time code: numeric keyboard, 6 digits, `autocomplete="one-time-code"` so phones offer
 * the SMS code; pasted text keeps only its digits (WCAG 2.2 3.3.8).
 */
export const CodeField = forwardRef<HTMLInputElement, FieldProps>(function CodeField(
  { slotProps, ...props },
  ref,
) {
  return (
    <FormField
      ref={ref}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          pattern: '[0-9]*',
          maxLength: 6,
        },
      }}
      {...props}
    />
  );
});

/** The form's submit: disabled while submitting or while a field is empty (spec §2.3). */
export function SubmitButton({
  label,
  submitting,
  empty,
}: {
  label: string;
  submitting: boolean;
  empty: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <Button type="submit" variant="contained" size="large" disabled={submitting || empty}>
      {submitting ? t('submitting') : label}
    </Button>
  );
}
