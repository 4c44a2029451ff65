import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../../api/client';

/**
 * Puts the field errors of a 422 answer (`errors: {field: message}`) on the form's fields.
 * `fields` lists the server keys that are form fields of the same name, or maps server keys to
 * form paths (`{'button_settings.textColor': 'button.textColor'}`). Answers true when at least
 * one field error was applied.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | Readonly<Record<string, string>>,
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  const pathOf = (key: string): string | undefined =>
    Array.isArray(fields) ? (fields.includes(key) ? key : undefined) : (fields as Record<string, string>)[key];
  let applied = false;
  for (const [field, message] of Object.entries(error.errors)) {
    const path = pathOf(field);
    if (path !== undefined) {
      setError(path as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** A failed call's text for a snackbar: the field messages of a 422 answer, else its message. */
export function serverErrorText(error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const messages = [...new Set(Object.values(error.errors))];
    if (messages.length) return messages.join(' ');
  }
  return errorMessage(error);
}
