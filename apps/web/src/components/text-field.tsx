import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { OutlinedTextFieldProps } from '@mui/material/TextField';
import { useId, type InputHTMLAttributes, type Ref } from 'react';

type SlotProps<T> = T | ((ownerState: TextFieldProps) => T);

export type TextFieldProps = Omit<
  OutlinedTextFieldProps,
  'variant' | 'select' | 'SelectProps' | 'slots' | 'slotProps' | 'children' | 'ref'
> & {
  variant?: 'outlined';
  ref?: Ref<HTMLDivElement>;
  slotProps?: {
    input?: SlotProps<Partial<OutlinedInputProps>>;
    htmlInput?: SlotProps<InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>>;
    inputLabel?: SlotProps<Partial<InputLabelProps>>;
    formHelperText?: SlotProps<Partial<FormHelperTextProps>>;
  };
};

const resolve = <T,>(slot: SlotProps<T> | undefined, props: TextFieldProps): T | undefined =>
  typeof slot === 'function' ? (slot as (ownerState: TextFieldProps) => T)(props) : slot;

/**
 * An outlined text field: MUI's TextField as its documentation composes it (FormControl,
 * InputLabel, OutlinedInput, FormHelperText), the same props and markup. MUI's own TextField
 * imports its select (Select, Menu, Popover, Modal) and its other two variants into every page
 * with a text field; the web's fields are all outlined and none is a select (decision 272).
 */
export function TextField(props: TextFieldProps) {
  const {
    autoComplete,
    autoFocus = false,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps = {},
    type,
    value,
    variant = 'outlined',
    ...other
  } = props;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const inputLabelProps = resolve(slotProps.inputLabel, props);
  return (
    <FormControl
      {...other}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant={variant}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabelProps}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={resolve(slotProps.htmlInput, props)}
        label={label}
        {...(inputLabelProps?.shrink !== undefined && { notched: inputLabelProps.shrink })}
        {...resolve(slotProps.input, props)}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...resolve(slotProps.formHelperText, props)}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
