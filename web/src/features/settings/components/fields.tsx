// Fields of the settings forms that the shared form fields do not cover.
import type { ChangeEvent, ReactNode } from 'react';
import { Controller, useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../../../components/form';
import { sixDigitHex } from '../companySchema';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}

/** A hex colour typed as text (`#DB5C0E`), with a swatch that opens the browser's colour picker. */
export function ColorField<T extends FieldValues>({ control, name, label }: FieldProps<T>) {
  const { field } = useController({ control, name });
  const value = String(field.value ?? '');
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      placeholder="#DB5C0E"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${label} picker`}
                value={sixDigitHex(value)}
                onChange={(e: ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
                sx={{
                  width: 28,
                  height: 28,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  cursor: 'pointer',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A labelled slider over a number field, showing its value. */
export function SliderField<T extends FieldValues>({
  control,
  name,
  label,
  min,
  max,
  unit = 'px',
}: FieldProps<T> & { min: number; max: number; unit?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <Typography id={`${field.name}-label`} variant="body2" gutterBottom>
            {label}: {field.value}
            {unit}
          </Typography>
          <Slider
            value={Number(field.value)}
            min={min}
            max={max}
            step={1}
            onChange={(_, v) => field.onChange(v as number)}
            onBlur={field.onBlur}
            valueLabelDisplay="auto"
            aria-labelledby={`${field.name}-label`}
            marks={[
              { value: min, label: `${min}` },
              { value: max, label: `${max}` },
            ]}
          />
        </Box>
      )}
    />
  );
}

/** An on/off switch over a boolean field; `onToggle` sees the new value first. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  onToggle,
}: Omit<FieldProps<T>, 'label'> & { label: ReactNode; onToggle?(on: boolean): void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              name={field.name}
              checked={!!field.value}
              onChange={(e) => {
                onToggle?.(e.target.checked);
                field.onChange(e.target.checked);
              }}
            />
          }
        />
      )}
    />
  );
}
