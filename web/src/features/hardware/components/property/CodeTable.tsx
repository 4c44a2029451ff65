import { Children, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { formatZoned, type Zone } from '../../../../lib/zoned';

/** Where a code stands: Active once on the lock, else Pending; a failure in red with the lock's words. */
export function CodeState({
  state,
  error,
  backupInUse,
}: {
  state: string;
  error?: string | null;
  backupInUse?: boolean;
}) {
  const active = state === 'set';
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        label={active ? 'Active' : 'Pending'}
        color={active ? 'success' : state === 'failed' ? 'error' : 'default'}
      />
      {backupInUse && <Chip size="small" color="warning" label="backup in use" />}
      {error && (
        <Typography variant="caption" sx={{ color: 'error.main' }}>
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/** A code as the tables show it; `slot` and the times only where the lock has them. */
export interface CodeRow {
  key: string | number;
  slot?: number | null;
  code: string;
  name: string;
  state: string;
  error?: string | null;
  backup_in_use?: boolean;
  scheduled_on?: string | null;
  expires_on?: string | null;
  /** Buttons of the row (delete, edit). */
  actions?: ReactNode;
}

export interface CodeTableProps {
  label: string;
  rows: CodeRow[];
  /** Shown in place of the rows when there are none (and no new rows). */
  empty: string;
  withSlot?: boolean;
  /** Scheduled codes: their start and end, in the home's time zone. */
  withTimes?: { zone: Zone };
  /** New rows being typed (editors), after the stored ones. */
  children?: ReactNode;
}

/** The codes of a lock, each with its state; editors add their new rows as children. */
export function CodeTable({ label, rows, empty, withSlot, withTimes, children }: CodeTableProps) {
  const columns = [
    ...(withSlot ? ['Slot'] : []),
    'Code',
    'Name',
    ...(withTimes ? ['Scheduled on', 'Expires on'] : []),
    'State',
    '',
  ];
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={i} sx={{ fontWeight: 600 }}>
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            {withSlot && <TableCell>{r.slot ?? ''}</TableCell>}
            <TableCell>{r.code}</TableCell>
            <TableCell>{r.name}</TableCell>
            {withTimes && (
              <>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatZoned(r.scheduled_on, withTimes.zone)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatZoned(r.expires_on, withTimes.zone)}</TableCell>
              </>
            )}
            <TableCell>
              <CodeState state={r.state} error={r.error} backupInUse={r.backup_in_use} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {r.actions}
            </TableCell>
          </TableRow>
        ))}
        {children}
        {rows.length === 0 && Children.count(children) === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary' }}>
              {empty}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

/** The last cell of a new code's row: Cancel takes the draft away. */
export function CancelDraftCell({
  label,
  onCancel,
  disabled,
}: {
  label: string;
  onCancel: () => void;
  disabled?: boolean;
}) {
  return (
    <TableCell align="right" sx={{ verticalAlign: 'top' }}>
      <Tooltip title="Cancel">
        <IconButton size="small" aria-label={label} onClick={onCancel} disabled={disabled}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </TableCell>
  );
}
