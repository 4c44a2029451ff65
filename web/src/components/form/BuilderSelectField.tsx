import type { ReactNode, Ref } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSession } from '../../api/session';
import { useBuilderSelection } from '../../app/builderSelection';
import { useEnterpriseBuilders } from '../../features/builders/api/useBuilders';
import { LoadError, loadErrorText } from '../LoadError';

/**
 * Whether an add/edit form lets the user choose the builder (adding, as an enterprise user), and
 * the builder to start with: the top bar's selection, unless none or All Builders is chosen.
 */
export function useFormBuilderChoice(isEdit: boolean): { chooseBuilder: boolean; initialBuilder: number | null } {
  const { user } = useSession();
  const topBarBuilder = useBuilderSelection();
  const chooseBuilder = !isEdit && !!user?.isEnterprise;
  return { chooseBuilder, initialBuilder: chooseBuilder && topBarBuilder ? topBarBuilder : null };
}

export interface BuilderSelectProps {
  value: number | null;
  onChange(builderId: number | null): void;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
}

/** `Builder` select over the enterprise user's builders, with the load error and Retry under it. */
export function BuilderSelect({ value, onChange, inputRef, ...rest }: BuilderSelectProps) {
  const builders = useEnterpriseBuilders();
  const list = builders.data ?? [];
  const field = (
    <TextField
      {...rest}
      select
      fullWidth
      label="Builder"
      // Until the builders arrive the chosen id has no option: show it empty meanwhile.
      value={value !== null && list.some((b) => b.builder_id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      inputRef={inputRef}
    >
      {list.map((b) => (
        <MenuItem key={b.builder_id} value={b.builder_id}>
          {b.name}
        </MenuItem>
      ))}
    </TextField>
  );
  if (!builders.isError) return field;
  return (
    <Stack spacing={1}>
      {field}
      <LoadError onRetry={() => void builders.refetch()}>{loadErrorText('Builders', builders.error)}</LoadError>
    </Stack>
  );
}

/** Required `BuilderSelect` bound to a `number | null` field of a react-hook-form form. */
export function BuilderSelectField<T extends FieldValues>({
  control,
  name,
  onPicked,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, number | null>;
  /** Called when the user picks a builder. */
  onPicked?(): void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <BuilderSelect
          required
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={(field.value as number | null) ?? null}
          onChange={(picked) => {
            onPicked?.();
            field.onChange(picked);
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
