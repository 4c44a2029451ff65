import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useNotify } from '../../../../app/notify';
import {
  BuilderSelectField,
  FormTextField,
  applyServerErrors,
  serverErrorText,
  useFormBuilderChoice,
} from '../../../../components/form';
import { LIST_KEY } from '../../../../components/list/useListQuery';
import { LOCKS_AREA, createLock } from '../../api/inventory';
import {
  LOCK_STATES,
  NEW_DEVICE_FIELDS,
  newDeviceDefaults,
  newDeviceSchema,
  toNewLockInput,
  type NewDeviceValues,
} from './newDeviceSchema';

/** New Device: registers a lock; the server's field messages show under their fields. */
export function NewDeviceDialog({ onClose }: { onClose(): void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(false);
  const schema = useMemo(() => newDeviceSchema({ requireBuilder: chooseBuilder }), [chooseBuilder]);
  const { control, handleSubmit, setError, formState } = useForm<NewDeviceValues>({
    resolver: zodResolver(schema),
    defaultValues: newDeviceDefaults(initialBuilder),
  });
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await createLock(toNewLockInput(values));
      notify.success(created.message);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, LOCKS_AREA] });
      onClose();
    } catch (e) {
      if (!applyServerErrors(e, setError, NEW_DEVICE_FIELDS)) notify.error(serverErrorText(e));
    }
  });

  const field = (name: keyof NewDeviceValues, label: string, type?: 'date' | 'email') => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField
        control={control}
        name={name}
        label={label}
        type={type}
        slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      />
    </Grid>
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>New Device</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {chooseBuilder && (
              <Grid size={12}>
                <BuilderSelectField control={control} name="builder_id" />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="lock_id" label="Lock ID" required autoFocus />
            </Grid>
            {field('secret_id', 'Secret ID')}
            {field('battery_change_date', 'Battery Change Date', 'date')}
            {field('lock_version', 'Lock Version')}
            {field('licensee', 'Licensee')}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="lock_status" label="Lock Status" select>
                {LOCK_STATES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            {field('email', 'Email', 'email')}
            {field('manufacturer', 'Manufacturer')}
            {field('purchase_date', 'Purchase Date', 'date')}
            {field('license_start_date', 'License Start Date', 'date')}
            <Grid size={12}>
              <FormTextField control={control} name="comments" label="Comments" multiline minRows={3} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
