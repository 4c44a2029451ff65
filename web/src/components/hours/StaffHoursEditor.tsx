import { useRef } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { StaffDay } from '../../api/types';
import { DAY_NAMES, WEEK_ORDER } from './clock';
import { DayRow } from './DayRow';
import { TimeSelect } from './TimeSelect';
import {
  DEFAULT_STAFF_LOCK_INTERVAL,
  defaultStaffWeek,
  normalizeStaffWeek,
  setStaffStart,
  STAFF_LOCK_INTERVALS,
  staffEndOptions,
  staffStartOptions,
  validateStaffWeek,
} from './staffHours';

export interface StaffHoursEditorProps {
  /** The week; null means staff have no set hours (the switch is off). */
  value: StaffDay[] | null;
  /** Auto-lock interval in minutes; null while the switch is off. */
  lockInterval: number | null;
  onChange(value: StaffDay[] | null, lockInterval: number | null): void;
  disabled?: boolean;
}

const withValue = (options: string[], value: string) => (options.includes(value) ? options : [value, ...options]);
const minutesText = (n: number) => `${n} min`;

/**
 * Staff hours: a switch (off sends no hours and no interval; on starts from 12:00 PM–3:00 PM every
 * day and a 10-minute auto-lock), the auto-lock interval, and per day an on/off switch with start
 * and end (end options start 30 minutes after the start).
 */
export function StaffHoursEditor({ value, lockInterval, onChange, disabled = false }: StaffHoursEditorProps) {
  // Switching off and on again restores what was set before.
  const last = useRef<{ week: StaffDay[]; interval: number | null } | null>(null);
  if (value !== null) last.current = { week: value, interval: lockInterval };

  const week = value === null ? null : normalizeStaffWeek(value);
  const problems = week ? validateStaffWeek(week, lockInterval) : { days: {} as Record<number, string> };
  const starts = staffStartOptions();

  const change = (dayOfWeek: number, next: StaffDay) => {
    if (week)
      onChange(
        week.map((d) => (d.dayOfWeek === dayOfWeek ? next : d)),
        lockInterval,
      );
  };

  return (
    <Stack spacing={2}>
      <FormControlLabel
        label="Staff Hours"
        disabled={disabled}
        control={
          <Switch
            checked={value !== null}
            onChange={(e) => {
              if (!e.target.checked) return onChange(null, null);
              const restored = last.current;
              onChange(restored?.week ?? defaultStaffWeek(), restored?.interval ?? DEFAULT_STAFF_LOCK_INTERVAL);
            }}
          />
        }
      />
      {week === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Staff have no set hours. Switch Staff Hours on to set them and the auto-lock interval.
        </Typography>
      ) : (
        <>
          <Box>
            <TimeSelect
              label="Auto-lock interval"
              value={lockInterval ?? DEFAULT_STAFF_LOCK_INTERVAL}
              options={STAFF_LOCK_INTERVALS}
              format={minutesText}
              disabled={disabled}
              width={200}
              error={!!problems.lockInterval}
              onChange={(n) => onChange(week, n)}
            />
            {problems.lockInterval && <FormHelperText error>{problems.lockInterval}</FormHelperText>}
          </Box>
          <Stack divider={<Divider flexItem />} spacing={1.5} role="list" aria-label="Staff hours by day">
            {WEEK_ORDER.map((dow) => {
              const day = week[dow];
              const name = DAY_NAMES[dow];
              const off = disabled || !day.isStaffAvailable;
              const problem = problems.days[dow];
              return (
                <DayRow
                  key={dow}
                  name={name}
                  on={day.isStaffAvailable}
                  disabled={disabled}
                  onToggle={(on) => change(dow, { ...day, isStaffAvailable: on })}
                  problem={problem}
                >
                  <TimeSelect
                    label="Start"
                    ariaLabel={`${name} staff start`}
                    value={day.staffHoursStart}
                    options={withValue(starts, day.staffHoursStart)}
                    disabled={off}
                    onChange={(start) => change(dow, setStaffStart(day, start))}
                  />
                  <TimeSelect
                    label="End"
                    ariaLabel={`${name} staff end`}
                    value={day.staffHoursEnd}
                    options={withValue(staffEndOptions(day.staffHoursStart), day.staffHoursEnd)}
                    disabled={off}
                    onChange={(end) => change(dow, { ...day, staffHoursEnd: end })}
                  />
                </DayRow>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
