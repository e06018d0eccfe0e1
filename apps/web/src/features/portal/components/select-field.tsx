import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';

/**
 * An outlined select with its label (the app's text fields are `TextInput`, which has no
 * `select`: decision 313). `options` are value/label pairs.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  return (
    <FormControl sx={sx}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value} sx={{ minHeight: 44 }}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
