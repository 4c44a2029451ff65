// react-hook-form bound fields shared by every form.
import { useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { lettersAndSpaces, maskPhone } from '../../lib/format';

type BaseProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'>;

export interface FormTextFieldProps<T extends FieldValues> extends Omit<BaseProps<T>, 'control'> {
  control: Control<T>;
  /** Rewrites what was typed before it is stored (masks, character filters, a select's number). */
  transform?: (typed: string) => unknown;
  /** Text shown under the field when there is no error. */
  hint?: ReactNode;
}

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  transform,
  hint,
  ...rest
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          fullWidth
        />
      )}
    />
  );
}

/** Letters and inner spaces only; anything else is dropped as typed. */
export function NameField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return <FormTextField {...props} transform={lettersAndSpaces} />;
}

/** Phone with a mask: groups of digits joined by dashes (default 999-999-9999). */
export function PhoneField<T extends FieldValues>({
  groups = [3, 3, 4],
  ...props
}: FormTextFieldProps<T> & { groups?: readonly number[] }) {
  const placeholder = groups.map((g) => '9'.repeat(g)).join('-');
  return (
    <FormTextField
      {...props}
      placeholder={placeholder}
      transform={(v) => maskPhone(v, groups)}
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
    />
  );
}

export function PasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const [show, setShow] = useState(false);
  return (
    <FormTextField
      {...props}
      type={show ? 'text' : 'password'}
      autoComplete="new-password"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={show ? 'Hide password' : 'Show password'}
                onClick={() => setShow((s) => !s)}
                edge="end"
                size="small"
              >
                {show ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Checkbox over a 0/1 number field. */
export function FlagCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  ariaLabel,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label?: ReactNode;
  /** Accessible name when the checkbox has no visible label (table cells). */
  ariaLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const box = (
          <Checkbox
            checked={Number(field.value) === 1}
            onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
            name={field.name}
            disabled={disabled}
            slotProps={ariaLabel ? { input: { 'aria-label': ariaLabel } } : undefined}
          />
        );
        return label ? <FormControlLabel label={label} disabled={disabled} control={box} /> : box;
      }}
    />
  );
}
