import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './fields';

/** Keeps the digits of what was typed (codes, project ids): other characters are ignored. */
export const onlyDigits = (typed: string): string => typed.replace(/\D/g, '');

/** A text field that ignores non-digit typing; the value stays text (codes may start with 0). */
export function DigitsField<T extends FieldValues>({
  maxLength,
  ...props
}: Omit<FormTextFieldProps<T>, 'transform' | 'slotProps'> & { maxLength?: number }) {
  return (
    <FormTextField
      {...props}
      transform={onlyDigits}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength } }}
    />
  );
}
