import { useEffect, useRef, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { LockLog } from '../../../../api/types';
import { useLockLogs, type LogSource } from '../../api/devices';
import { Loaded } from './Loaded';
import { dayLabel, zonedDate, zonedTime, type Zone } from '../../../../lib/zoned';

/** Spec 2 §9: the live tail reads the history again every 15 s. */
export const REFRESH_SECONDS = 15;
const DEFAULT_DAYS = 7;

/** Who opened or used the lock: the visitor's name, else the name of the code used. */
export function whoOf(log: LockLog): string {
  if (log.visitor) return `${log.visitor.firstname} ${log.visitor.lastname}`.trim();
  return log.pinCodeName ?? '';
}

/** The logs by home-zone day, newest day first (the server answers newest first). */
export function groupByDay(logs: LockLog[], zone: Zone): { day: string; logs: LockLog[] }[] {
  const groups: { day: string; logs: LockLog[] }[] = [];
  for (const log of logs) {
    const day = zonedDate(new Date(log.created_on), zone);
    const last = groups.at(-1);
    if (last?.day === day) last.logs.push(log);
    else groups.push({ day, logs: [log] });
  }
  return groups;
}

/**
 * Seconds to the next refresh, counted down each second: at 0 `onZero` runs and the count starts
 * again, as it does for a new `resetKey` (a new range).
 */
function useCountdown(seconds: number, onZero: () => void, resetKey: string): number {
  const [left, setLeft] = useState(seconds);
  const latest = useRef(onZero);
  useEffect(() => {
    latest.current = onZero;
  });
  useEffect(() => {
    let remaining = seconds;
    setLeft(remaining);
    const timer = setInterval(() => {
      remaining -= 1;
      if (remaining <= 0) {
        remaining = seconds;
        latest.current();
      }
      setLeft(remaining);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, resetKey]);
  return left;
}

/**
 * Access history (Beta): the home's lock events in a date range (the last 7 days by default, in
 * the home's time zone), grouped by day, read again every 15 seconds with a countdown.
 */
export function AccessHistoryTab({ source, zone }: { source: LogSource; zone: Zone }) {
  const [range, setRange] = useState(() => {
    const now = Date.now();
    return { from: zonedDate(new Date(now - DEFAULT_DAYS * 86_400_000), zone), to: zonedDate(new Date(now), zone) };
  });
  const logs = useLockLogs(source, `${range.from} 00:00:00`, `${range.to} 23:59:59`);
  const left = useCountdown(REFRESH_SECONDS, () => void logs.refetch(), `${range.from}|${range.to}`);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="date"
          label="From"
          value={range.from}
          onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
          size="small"
        />
        <TextField
          type="date"
          label="To"
          value={range.to}
          onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
          size="small"
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          {logs.isFetching && <CircularProgress size={14} aria-label="Refreshing" />}
          <Typography variant="body2" data-testid="countdown">
            Live: refreshing in {left} s
          </Typography>
        </Stack>
      </Stack>
      <Loaded query={logs} what="The access history">
        {(list) =>
          list.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No record exist!</Typography>
          ) : (
            groupByDay(list, zone).map((group) => (
              <section key={group.day} aria-label={dayLabel(group.day)}>
                <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
                  {dayLabel(group.day)}
                </Typography>
                <List dense>
                  {group.logs.map((log) => (
                    <LogLine key={log.id} log={log} zone={zone} />
                  ))}
                </List>
              </section>
            ))
          )
        }
      </Loaded>
    </Stack>
  );
}

function LogLine({ log, zone }: { log: LockLog; zone: Zone }) {
  const unlock = log.action.includes('unlock');
  const who = whoOf(log);
  return (
    <ListItem disableGutters data-testid="lock-log">
      <Typography variant="body2" sx={{ minWidth: 72, color: 'text.secondary' }}>
        {zonedTime(new Date(log.created_on), zone)}
      </Typography>
      <ListItemIcon sx={{ minWidth: 32 }}>
        {unlock ? (
          <LockOpenIcon fontSize="small" color="warning" titleAccess="Unlock" />
        ) : (
          <LockIcon fontSize="small" color="action" titleAccess="Lock" />
        )}
      </ListItemIcon>
      <ListItemText primary={log.msg} secondary={[who, log.lock_name].filter(Boolean).join(' · ')} />
    </ListItem>
  );
}
