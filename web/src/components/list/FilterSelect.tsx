import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterOption {
  value: string;
  label: string;
}

/** Options whose value is their label. */
export const named = (names: readonly string[]): FilterOption[] => names.map((n) => ({ value: n, label: n }));

/**
 * One select of a filter menu: "All ..." (no filter) first, then the options. A value from the
 * URL stays shown even when it is no longer offered.
 */
export function FilterSelect({
  label,
  all,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  all: string;
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
  /** A load error of the options, shown under the field. */
  error?: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      error={!!error}
      helperText={error}
    >
      <MenuItem value="">{all}</MenuItem>
      {value && !options.some((o) => o.value === value) && <MenuItem value={value}>{value}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
