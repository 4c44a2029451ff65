import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSession } from '../../api/session';
import { useBuilderSelection } from '../../app/builderSelection';
import { useEnterpriseBuilders } from '../../features/builders/api/useBuilders';
import { LoadError, loadErrorText } from '../LoadError';
import { FormTextField } from './fields';

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

/** Required `Builder` select over the enterprise user's builders, bound to a `number | null` field. */
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
  const builders = useEnterpriseBuilders();
  const field = (
    <FormTextField
      control={control}
      name={name}
      label="Builder"
      select
      required
      transform={(picked) => {
        onPicked?.();
        return picked === '' ? null : Number(picked);
      }}
    >
      {(builders.data ?? []).map((b) => (
        <MenuItem key={b.builder_id} value={b.builder_id}>
          {b.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
  if (!builders.isError) return field;
  return (
    <Stack spacing={1}>
      {field}
      <LoadError onRetry={() => void builders.refetch()}>{loadErrorText('Builders', builders.error)}</LoadError>
    </Stack>
  );
}
