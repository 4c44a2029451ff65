import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useNotify } from '../../../app/notify';
import { FormTextField, PhoneField } from '../../../components/form';
import {
  CONSULTATION_SUBMITTED,
  EMPTY_CONSULTATION,
  PREFERRED_TIMES,
  consultationSchema,
  type ConsultationValues,
} from '../consultationSchema';

/** Schedule Consultation: the form only confirms; nothing is sent. */
export function ConsultationDialog({ onClose }: { onClose(): void }) {
  const notify = useNotify();
  const { control, handleSubmit } = useForm<ConsultationValues>({
    resolver: zodResolver(consultationSchema),
    defaultValues: EMPTY_CONSULTATION,
  });
  const onSubmit = handleSubmit(() => {
    notify.success(CONSULTATION_SUBMITTED);
    onClose();
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>Schedule Consultation</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={control} name="fullName" label="Full name" required autoFocus />
            <FormTextField control={control} name="email" label="Email" type="email" required />
            <PhoneField control={control} name="phone" label="Phone" required />
            <FormTextField control={control} name="company" label="Company" required />
            <FormTextField
              control={control}
              name="preferredDate"
              label="Preferred date"
              type="date"
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField control={control} name="preferredTime" label="Preferred time" select required>
              {PREFERRED_TIMES.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="additionalInfo"
              label="Additional information"
              multiline
              minRows={3}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
