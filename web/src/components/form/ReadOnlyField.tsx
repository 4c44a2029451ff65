import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A value shown in a form that cannot be edited there. It looks it (a filled, shaded box without
 * the underline an editable field has) and says it (`readonly`, `aria-readonly`), so nobody
 * clicks into it expecting to type.
 */
export function ReadOnlyField({
  label,
  value,
  slotProps,
  ...rest
}: { label: string; value: string | number | null | undefined } & Omit<
  TextFieldProps,
  'label' | 'value' | 'variant' | 'onChange'
>) {
  return (
    <TextField
      {...rest}
      label={label}
      value={value ?? ''}
      variant="filled"
      fullWidth
      data-readonly
      slotProps={{
        ...slotProps,
        input: { ...(slotProps?.input as object), readOnly: true, disableUnderline: true },
        htmlInput: { ...(slotProps?.htmlInput as object), 'aria-readonly': true },
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
      }}
      sx={{ '& .MuiFilledInput-root': { bgcolor: 'action.hover', cursor: 'default' }, ...rest.sx }}
    />
  );
}
