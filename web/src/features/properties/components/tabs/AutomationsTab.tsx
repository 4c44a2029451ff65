import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ReadOnlyField } from '../../../../components/form';
import Typography from '@mui/material/Typography';
import type { PropertyDetail, StaffDay } from '../../../../api/types';
import { StaffHoursEditor } from '../../../../components/hours/StaffHoursEditor';
import { normalizeStaffWeek, validateStaffWeek } from '../../../../components/hours/staffHours';
import { syncPropertyCodes } from '../../../hardware/api/devices';
import { SyncCodesButton } from '../../../hardware/components/property/SyncCodesButton';
import { LOCKUP_TIMES, RELOCK_INTERVALS, accessSettingsToggled, type AccessSettings } from '../../propertySchema';
import { SaveRow } from '../../../../components/form';
import { usePropertyTab } from '../../usePropertySave';

export const MSG_STAFF_HOURS = 'Correct the staff hours first';

/** A read-only code; the community's when the property has none of its own. */
function Code({ label, value, community }: { label: string; value: string; community?: string }) {
  const inherited = community !== undefined && value !== '' && value === community;
  return (
    <ReadOnlyField
      label={label}
      value={value}
      helperText={value === '' ? 'Not set' : inherited ? "The community's code" : undefined}
    />
  );
}

/**
 * The codes (read-only) with Sync Codes Now, the access settings (relock interval and end-of-day lockup) and the
 * staff hours with their auto-lock interval; Save keeps the last two.
 */
type StaffWeek = { week: StaffDay[] | null; interval: number | null };

/** MSG_STAFF_HOURS when the staff hours cannot be kept as they are. */
function staffProblem(staff: StaffWeek): string | null {
  if (!staff.week) return null;
  const problems = validateStaffWeek(normalizeStaffWeek(staff.week), staff.interval);
  return Object.keys(problems.days).length > 0 || problems.lockInterval ? MSG_STAFF_HOURS : null;
}

export function AutomationsTab({ detail }: { detail: PropertyDetail }) {
  const { draft, busy, submit } = usePropertyTab<{ access: AccessSettings; staff: StaffWeek }>(
    detail,
    {
      access: {
        access_settings: detail.access_settings,
        relock_interval: detail.relock_interval ?? null,
        end_of_day_lockup: detail.end_of_day_lockup ?? null,
      },
      staff: { week: detail.propertyStaffHours ?? null, interval: detail.staff_lock_interval ?? null },
    },
    'the automations',
  );
  const { access, staff } = draft.value;
  const setAccess = (next: AccessSettings) => draft.setValue({ access: next, staff });
  const setStaff = (next: StaffWeek) => draft.setValue({ access, staff: next });
  const save = () =>
    void submit(staffProblem(staff), {
      ...access,
      propertyStaffHours: staff.week,
      staff_lock_interval: staff.week ? staff.interval : null,
    });

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Code
            label="Property Master Code"
            value={detail.property_backup_code}
            community={detail.community_backup_code}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Code label="Trade Code" value={detail.trade_code} community={detail.community_trade_code} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Code label="Sales Code" value={detail.sales_code} community={detail.community_sales_code} />
        </Grid>
        {detail.is_rental && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <Code label="Resident Code" value={detail.resident_code} />
          </Grid>
        )}
      </Grid>
      <SyncCodesButton run={() => syncPropertyCodes(detail)} />
      <Divider />
      <Stack spacing={2} component="section" aria-labelledby="staffed-model-access">
        <Typography id="staffed-model-access" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Staffed Model Access Settings
        </Typography>
        <FormControlLabel
          label="Access Settings"
          disabled={busy}
          control={
            <Switch
              checked={access.access_settings}
              onChange={(e) => setAccess(accessSettingsToggled(e.target.checked, detail))}
            />
          }
        />
        {access.access_settings && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                label="Relock Interval"
                value={access.relock_interval ?? ''}
                onChange={(e) => setAccess({ ...access, relock_interval: Number(e.target.value) })}
                disabled={busy}
              >
                {RELOCK_INTERVALS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m} min
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                label="End Of Day Lockup"
                value={access.end_of_day_lockup ?? ''}
                onChange={(e) => setAccess({ ...access, end_of_day_lockup: e.target.value })}
                disabled={busy}
              >
                {LOCKUP_TIMES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
        )}
      </Stack>
      <Divider />
      <Box>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Staff Hours
        </Typography>
        <StaffHoursEditor
          value={staff.week}
          lockInterval={staff.interval}
          onChange={(week, interval) => setStaff({ week, interval })}
          disabled={busy}
        />
      </Box>
      <SaveRow unsaved={draft.unsaved} busy={busy} onSave={save} />
    </Stack>
  );
}
