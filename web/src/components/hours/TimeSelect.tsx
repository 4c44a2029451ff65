import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * A small select of times; `format` turns an option into its text (`7:30 AM`). `ariaLabel` names
 * it for screen readers when the short visible label is not enough (`Monday start`).
 */
export function TimeSelect<T extends string | number>({
  label,
  ariaLabel,
  value,
  options,
  format,
  onChange,
  disabled,
  error,
  width = 132,
}: {
  label: string;
  ariaLabel?: string;
  value: T;
  options: readonly T[];
  format?: (option: T) => string;
  onChange(value: T): void;
  disabled?: boolean;
  error?: boolean;
  width?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      disabled={disabled}
      error={error}
      onChange={(e) => {
        const picked = options.find((o) => String(o) === e.target.value);
        if (picked !== undefined) onChange(picked);
      }}
      sx={{ width }}
      slotProps={
        ariaLabel
          ? { select: { SelectDisplayProps: { 'aria-label': ariaLabel, 'aria-labelledby': undefined } } }
          : undefined
      }
    >
      {options.map((o) => (
        <MenuItem key={String(o)} value={String(o)}>
          {format ? format(o) : String(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
