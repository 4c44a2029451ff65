import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { TourDay } from '../../api/types';
import { DAY_NAMES, formatClock, WEEK_ORDER } from './clock';
import { DayRow } from './DayRow';
import { TimeSelect } from './TimeSelect';
import {
  copyMondayToAll,
  defaultTourWeek,
  disableSecondWindow,
  enableSecondWindow,
  fromMinutes,
  normalizeTourWeek,
  setSecondStart,
  setFirstEnd,
  toMinutes,
  tourDayOptions,
  validateTourWeek,
} from './tourHours';

export interface TourHoursEditorProps {
  /** The custom week; null means Default (no custom hours: the default or community hours apply). */
  value: TourDay[] | null;
  onChange(value: TourDay[] | null): void;
  disabled?: boolean;
  /** A message from outside (the form's or the server's), shown above the week. */
  error?: string;
}

/**
 * Tour hours: the Default switch, then per day an on/off switch, the first window and an optional
 * second one. Each day's problem (the server's rules) shows under it; Copy to All copies Monday.
 */
export function TourHoursEditor({ value, onChange, disabled = false, error }: TourHoursEditorProps) {
  // Custom hours switched to Default and back come back as they were.
  const lastCustom = useRef<TourDay[] | null>(value);
  if (value !== null) lastCustom.current = value;
  // `No available time slots!` after a refused second window, until that day changes again.
  const [refused, setRefused] = useState<Record<number, string>>({});

  const week = value === null ? null : normalizeTourWeek(value);
  const problems = week ? validateTourWeek(week) : {};

  const change = (dayOfWeek: number, next: TourDay) => {
    if (!week) return;
    setRefused(({ [dayOfWeek]: _, ...rest }) => rest);
    onChange(week.map((d) => (d.dayOfWeek === dayOfWeek ? next : d)));
  };

  const toggleSecond = (day: TourDay, on: boolean) => {
    if (!on) return change(day.dayOfWeek, disableSecondWindow(day));
    const result = enableSecondWindow(day);
    if ('error' in result) setRefused((r) => ({ ...r, [day.dayOfWeek]: result.error }));
    else change(day.dayOfWeek, result.day);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          label="Default"
          disabled={disabled}
          control={
            <Switch
              checked={value === null}
              onChange={(e) => {
                setRefused({});
                onChange(e.target.checked ? null : (lastCustom.current ?? defaultTourWeek()));
              }}
            />
          }
        />
        {week && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<ContentCopyIcon />}
            disabled={disabled}
            onClick={() => {
              setRefused({});
              onChange(copyMondayToAll(week));
            }}
          >
            Copy to All
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {week === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No custom tour hours: the default hours apply. Switch Default off to set hours for each day.
        </Typography>
      ) : (
        <Stack divider={<Divider flexItem />} spacing={1.5} role="list" aria-label="Tour hours by day">
          {WEEK_ORDER.map((dow) => {
            const day = week[dow];
            const name = DAY_NAMES[dow];
            const problem = refused[dow] ?? problems[dow];
            const options = tourDayOptions(day);
            const off = disabled || !day.isToursAvailable;
            return (
              <DayRow
                key={dow}
                name={name}
                on={day.isToursAvailable}
                disabled={disabled}
                onToggle={(on) => change(dow, { ...day, isToursAvailable: on })}
                problem={problem}
              >
                <TimeSelect
                  label="Start"
                  ariaLabel={`${name} start`}
                  value={toMinutes(day.tourHoursStart)}
                  options={options.start}
                  format={formatClock}
                  disabled={off}
                  onChange={(m) => change(dow, { ...day, tourHoursStart: fromMinutes(m) })}
                />
                <TimeSelect
                  label="End"
                  ariaLabel={`${name} end`}
                  value={toMinutes(day.tourHoursEnd)}
                  options={options.end}
                  format={formatClock}
                  disabled={off}
                  onChange={(m) => change(dow, setFirstEnd(day, m))}
                />
                <FormControlLabel
                  label="Second window"
                  disabled={off}
                  control={
                    <Checkbox
                      checked={!!day.isSecondWindowEnabled}
                      onChange={(e) => toggleSecond(day, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `${name} second window` } }}
                    />
                  }
                />
                {day.isSecondWindowEnabled && day.secondWindowStart && day.secondWindowEnd && (
                  <>
                    <TimeSelect
                      label="Start"
                      ariaLabel={`${name} second window start`}
                      value={toMinutes(day.secondWindowStart)}
                      options={options.secondStart}
                      format={formatClock}
                      disabled={off}
                      onChange={(m) => change(dow, setSecondStart(day, m))}
                    />
                    <TimeSelect
                      label="End"
                      ariaLabel={`${name} second window end`}
                      value={toMinutes(day.secondWindowEnd)}
                      options={options.secondEnd}
                      format={formatClock}
                      disabled={off}
                      onChange={(m) => change(dow, { ...day, secondWindowEnd: fromMinutes(m) })}
                    />
                  </>
                )}
              </DayRow>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
