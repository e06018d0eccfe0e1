import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';

import { ERRORS_NAMESPACE, type ErrorMessageKey } from '@clinicpass/shared/errors/messages';

import { CATALOGUE_FIELD_MESSAGES, type ValidationKey } from './form-schemas';

const fromCatalogue = new Set<string>(CATALOGUE_FIELD_MESSAGES);

/** A field's error text from its validation key (or the error catalogue's key). */
export function useFieldError() {
  const { t } = useTranslation('auth');
  return (error: FieldError | undefined) => {
    if (error?.message === undefined) return undefined;
    if (fromCatalogue.has(error.message))
      return t(error.message as ErrorMessageKey, { ns: ERRORS_NAMESPACE });
    return t(`validation.${error.message as ValidationKey}`);
  };
}

type FieldProps = Omit<TextFieldProps, 'error'> & { fieldError?: FieldError };

/** A text field showing its validation message (linked by aria-describedby through MUI). */
export const FormField = forwardRef<HTMLInputElement, FieldProps>(function FormField(
  { fieldError, helperText, ...props },
  ref,
) {
  const message = useFieldError()(fieldError);
  return (
    <TextField
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
