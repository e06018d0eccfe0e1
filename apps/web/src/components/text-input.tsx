import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * The props of the app's text fields: MUI `TextField`'s, for the outlined variant without
 * `select` (decision 313).
 */
export interface TextInputProps extends Omit<
  OutlinedInputProps,
  'slotProps' | 'inputProps' | 'sx' | 'label' | 'notched' | 'ref'
> {
  label?: ReactNode;
  helperText?: ReactNode;
  fullWidth?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  inputRef?: Ref<HTMLInputElement>;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  };
}

/**
 * An outlined text field, composed as MUI's `TextField` composes one (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) and with the same ids: the label names the input, the helper
 * text describes it. `TextField` itself also imports `Select` (Menu, Popover, Modal) and the
 * standard and filled inputs for variants the app never uses (decision 313).
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  {
    id: idOverride,
    label,
    helperText,
    error,
    required,
    disabled,
    fullWidth,
    size,
    color,
    sx,
    className,
    slotProps,
    ...inputProps
  },
  ref,
) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const shrink = slotProps?.inputLabel?.shrink;
  return (
    <FormControl
      ref={ref}
      className={className}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      size={size}
      color={color}
      sx={sx}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        id={id}
        fullWidth={fullWidth}
        label={label}
        {...(shrink === undefined ? {} : { notched: shrink })}
        inputProps={slotProps?.htmlInput}
        {...inputProps}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
