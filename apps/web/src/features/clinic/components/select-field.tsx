import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

/**
 * An outlined, labelled native select. The app's `TextInput` has no `select` (decision 313),
 * and a native select is the easiest to use on a counter's tablet.
 */
export function SelectField({
  label,
  value,
  onChange,
  helperText,
  error = false,
  children,
  maxWidth,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helperText?: string | undefined;
  error?: boolean;
  children: ReactNode;
  maxWidth?: number;
}) {
  const id = useId();
  return (
    <FormControl error={error} sx={maxWidth === undefined ? undefined : { maxWidth }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        input={<OutlinedInput label={label} notched />}
        inputProps={{
          id,
          ...(helperText === undefined ? {} : { 'aria-describedby': `${id}-helper` }),
        }}
      >
        {children}
      </NativeSelect>
      {helperText !== undefined && (
        <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>
      )}
    </FormControl>
  );
}
