import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import { sessionStore } from '../../../api/session';
import { useNotify } from '../../../app/notify';
import { LoadingScreen } from '../../../app/LoadingScreen';
import {
  FlagCheckbox,
  FormTextField,
  PasswordField,
  PhoneField,
  applyServerErrors,
  useFormUnsaved,
} from '../../../components/form';
import { profileKey, updateProfile, useProfile } from '../api/profile';
import {
  PHONE_PROFILE_GROUPS,
  formToProfileUpdate,
  profileSchema,
  profileToForm,
  type NotificationFlag,
  type ProfileFormValues,
} from '../profileSchema';

const NOTIFICATION_ROWS: { label: string; email: NotificationFlag; sms: NotificationFlag; smsSoon?: boolean }[] = [
  { label: 'New visits and leads', email: 'send_email', sms: 'send_sms' },
  { label: 'Post-tour follow-up', email: 'post_tour_send_email', sms: 'post_tour_send_sms' },
  { label: 'Lock battery level', email: 'lock_battery_level_send_email', sms: 'lock_battery_level_send_sms' },
  { label: 'Lock offline', email: 'lock_offline_send_email', sms: 'lock_offline_send_sms', smsSoon: true },
  { label: 'Lock jam events', email: 'lock_jam_events_send_email', sms: 'lock_jam_events_send_sms' },
];

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'pass_word', 'confirm', 'cc_email'];

export default function ProfileForm() {
  const profile = useProfile();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: profile.data ? profileToForm(profile.data) : undefined,
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  useFormUnsaved(formState, 'your profile');
  const sendCc = useWatch({ control, name: 'send_cc_email' });

  useEffect(() => {
    if (profile.data) reset(profileToForm(profile.data));
  }, [profile.data, reset]);

  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error)}</Alert>;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await updateProfile(formToProfileUpdate(values));
      // The answer is the SessionUser; after a password change its token is a new one (the old
      // token stopped working), which mergeUser stores with the user.
      if (updated && typeof updated === 'object') sessionStore.mergeUser(updated);
      notify.success('Updated successfully');
      await queryClient.invalidateQueries({ queryKey: profileKey });
    } catch (e) {
      applyServerErrors(e, setError, FIELDS);
      notify.error(errorMessage(e));
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ maxWidth: 880 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Personal information
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="username"
            label="Username"
            disabled
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} />
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="firstName" label="First name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="lastName" label="Last name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PhoneField control={control} name="phone" label="Phone" groups={PHONE_PROFILE_GROUPS} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="Email" type="email" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField
            control={control}
            name="pass_word"
            label="New password"
            hint="Leave empty to keep your password"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField control={control} name="confirm" label="Confirm password" />
        </Grid>
      </Grid>

      <Divider sx={{ my: 3 }} />
      <Typography variant="h2" sx={{ mb: 1 }}>
        Notifications
      </Typography>
      <Table size="small" sx={{ maxWidth: 560, mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Alert</TableCell>
            <TableCell align="center">Email</TableCell>
            <TableCell align="center">Text</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {NOTIFICATION_ROWS.map((row) => (
            <TableRow key={row.label}>
              <TableCell>{row.label}</TableCell>
              <TableCell align="center">
                <FlagCheckbox control={control} name={row.email} ariaLabel={`${row.label} by email`} />
              </TableCell>
              <TableCell align="center">
                {row.smsSoon ? (
                  <FlagCheckbox
                    control={control}
                    name={row.sms}
                    label="coming soon"
                    ariaLabel={`${row.label} by text`}
                    disabled
                  />
                ) : (
                  <FlagCheckbox control={control} name={row.sms} ariaLabel={`${row.label} by text`} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <FlagCheckbox control={control} name="send_cc_email" label="Send a copy of my emails to another address" />
      <Box sx={{ maxWidth: 420, mt: 1 }}>
        <FormTextField control={control} name="cc_email" label="CC email" type="email" required={sendCc === 1} />
      </Box>

      <Box sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
