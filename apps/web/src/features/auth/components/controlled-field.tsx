import type { TextInputProps } from '../../../components/text-input';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

import { CodeField, FormField } from './fields';
import { digitsOnly } from './form-schemas';

type Props<T extends FieldValues> = Omit<TextInputProps, 'name' | 'error'> & {
  control: Control<T>;
  name: Path<T>;
  code?: boolean;
};

/** A react-hook-form field drawn with MUI; a code field keeps only digits. */
export function ControlledField<T extends FieldValues>({
  control,
  name,
  code,
  ...props
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const Field = code ? CodeField : FormField;
        return (
          <Field
            {...props}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            ref={field.ref}
            onChange={(event) => {
              field.onChange(code ? digitsOnly(event.target.value) : event.target.value);
            }}
            fieldError={fieldState.error}
          />
        );
      }}
    />
  );
}
