import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { PropertyDetail, TourDay } from '../../../../api/types';
import { SaveRow } from '../../../../components/form';
import { TourHoursEditor } from '../../../../components/hours/TourHoursEditor';
import { tourHoursProblem } from '../../propertySchema';
import { usePropertyTab } from '../../usePropertySave';

/** The property's own tour hours, or Default (the community's hours, else the standard ones). */
export function TourHoursTab({ detail }: { detail: PropertyDetail }) {
  const { draft, busy, submit } = usePropertyTab<TourDay[] | null>(
    detail,
    detail.propertyTourHours ?? null,
    'the tour hours',
  );
  const hours = draft.value;

  return (
    <Stack spacing={2}>
      {hours === null && (
        <Alert severity="info">
          {detail.communityTourHours
            ? `The tour hours of ${detail.community} apply.`
            : 'The standard tour hours apply (7:00 AM to 9:00 PM every day).'}
        </Alert>
      )}
      <TourHoursEditor value={hours} onChange={draft.setValue} disabled={busy} />
      <SaveRow
        unsaved={draft.unsaved}
        busy={busy}
        onSave={() => void submit(tourHoursProblem(hours), { propertyTourHours: hours })}
      />
    </Stack>
  );
}
