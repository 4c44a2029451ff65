import Grid from '@mui/material/Grid';
import { ReadOnlyField } from '../../../../components/form';

/** A record shown as read-only fields, two to a row on wider screens. */
export function ReadOnlyFields({
  fields,
}: {
  fields: readonly (readonly [label: string, value: string | null | undefined])[];
}) {
  return (
    <Grid container spacing={2}>
      {fields.map(([label, value]) => (
        <Grid key={label} size={{ xs: 12, sm: 6 }}>
          <ReadOnlyField label={label} value={value} />
        </Grid>
      ))}
    </Grid>
  );
}
