import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { PropertyDetail, TourDay } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import { TourHoursEditor } from '../../../../components/hours/TourHoursEditor';
import { tourHoursProblem } from '../../propertySchema';
import { usePropertySave } from '../../usePropertySave';

/** The property's own tour hours, or Default (the community's hours, else the standard ones). */
export function TourHoursTab({ detail }: { detail: PropertyDetail }) {
  const notify = useNotify();
  const save = usePropertySave(detail);
  const [hours, setHours] = useState<TourDay[] | null>(detail.propertyTourHours ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = tourHoursProblem(hours);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy(true);
    await save({ propertyTourHours: hours });
    setBusy(false);
  };

  return (
    <Stack spacing={2}>
      {hours === null && (
        <Alert severity="info">
          {detail.communityTourHours
            ? `The tour hours of ${detail.community} apply.`
            : 'The standard tour hours apply (7:00 AM to 9:00 PM every day).'}
        </Alert>
      )}
      <TourHoursEditor value={hours} onChange={setHours} disabled={busy} />
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}
