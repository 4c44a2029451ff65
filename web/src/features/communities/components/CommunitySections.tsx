// The community form's sections after the info: the detail page's tabs and the wizard's steps.
import { Controller, useController, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DigitsField } from '../../../components/form';
import { StaffHoursEditor } from '../../../components/hours/StaffHoursEditor';
import { TourHoursEditor } from '../../../components/hours/TourHoursEditor';
import { StaffAssignment } from '../../../components/staffing/StaffAssignment';
import { SyncCodesButton } from '../../hardware/components/property/SyncCodesButton';
import { syncAutomationCodes } from '../api/communities';
import { PROJECT_ID_MAX, type CommunityFormValues } from '../communitySchema';

type FormControlProps = { control: Control<CommunityFormValues> };

export function TourHoursSection({ control }: FormControlProps) {
  return (
    <Controller
      control={control}
      name="communityTourHours"
      render={({ field, fieldState }) => (
        <TourHoursEditor value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}

export function StaffSection({ control, builderId }: FormControlProps & { builderId: number | null }) {
  const agents = useController({ control, name: 'agents' });
  const teams = useController({ control, name: 'teams' });
  const error = agents.fieldState.error?.message ?? teams.fieldState.error?.message;
  return (
    <Stack spacing={1}>
      <StaffAssignment
        builderId={builderId}
        agents={agents.field.value}
        teams={teams.field.value}
        onChange={(a, t) => {
          agents.field.onChange(a);
          teams.field.onChange(t);
        }}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}

export function IntegrationFields({ control }: FormControlProps) {
  return (
    <Stack spacing={2}>
      <DigitsField
        control={control}
        name="lasso_community_project_id"
        label="Lasso Community Project ID"
        hint="Digits only; leave empty when the community is not in Lasso."
        maxLength={PROJECT_ID_MAX}
      />
      <Controller
        control={control}
        name="novihome_integration"
        render={({ field }) => (
          <FormControlLabel
            label="NoviHome Integration"
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          />
        )}
      />
    </Stack>
  );
}

/**
 * Automations: the community's codes (digits only; a trade code has 4 to 8 digits or none), the
 * disclaimer, Sync Codes Now (only for a saved community with homes) and the staff hours.
 */
export function AutomationFields({
  control,
  syncFor,
}: FormControlProps & {
  /** The saved community whose homes get the codes; Sync Codes Now shows only when it has homes. */
  syncFor?: { id: number; homes: number };
}) {
  const staffHours = useController({ control, name: 'communityStaffHours' });
  const lockInterval = useController({ control, name: 'staff_lock_interval' });
  const staffError = staffHours.fieldState.error?.message ?? lockInterval.fieldState.error?.message;
  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <DigitsField control={control} name="community_backup_code" label="Community Master Code" />
        <DigitsField control={control} name="trade_code" label="Trade Code" maxLength={8} />
        <DigitsField control={control} name="sales_code" label="Sales Code" />
        <Alert severity="info">
          These codes open the locks of every home in the community that has no code of its own. Saving stores them;
          Sync Codes Now also sends them to the homes&apos; locks at once. Share them only with the people who need
          them.
        </Alert>
        {syncFor && syncFor.homes > 0 && <CommunitySyncButton control={control} communityId={syncFor.id} />}
      </Stack>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          Staff hours
        </Typography>
        <StaffHoursEditor
          value={staffHours.field.value}
          lockInterval={lockInterval.field.value}
          onChange={(week, interval) => {
            staffHours.field.onChange(week);
            lockInterval.field.onChange(interval);
          }}
        />
        {staffError && <FormHelperText error>{staffError}</FormHelperText>}
      </Box>
    </Stack>
  );
}

/** Sends the codes as typed; the server answers with what it did to each lock, or why not. */
function CommunitySyncButton({ control, communityId }: FormControlProps & { communityId: number }) {
  const [communityCode, tradeCode, salesCode] = useWatch({
    control,
    name: ['community_backup_code', 'trade_code', 'sales_code'],
  });
  return <SyncCodesButton run={() => syncAutomationCodes(communityId, { communityCode, tradeCode, salesCode })} />;
}
