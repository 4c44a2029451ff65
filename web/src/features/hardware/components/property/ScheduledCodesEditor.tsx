import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { MessageBody, ScheduledCodeInput } from '../../../../api/types';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { onlyDigits } from '../../../../components/form';
import { checkScheduledCodes, type FieldErrors, type ScheduledDraft, type ScheduledRules } from './codeRules';
import { CancelDraftCell, CodeTable, type CodeRow } from './CodeTable';
import { useCommand } from './useCommand';
import { fromZoned, zonedInput, type Zone } from '../../../../lib/zoned';

/** A scheduled code on the lock, with how to take it off. */
export type StoredScheduled = Omit<CodeRow, 'actions' | 'slot'>;

/** A new code as sent: times as instants, to the minute. */
export type ScheduledToSave = Pick<ScheduledCodeInput, 'code' | 'name' | 'scheduled_on' | 'expires_on'>;

export interface ScheduledCodesEditorProps {
  codes: StoredScheduled[];
  /** Every code on the lock: a new code equal to one blocks Save. */
  onLock: string[];
  rules: ScheduledRules;
  zone: Zone;
  save(codes: ScheduledToSave[]): Promise<MessageBody>;
  remove(key: StoredScheduled['key']): Promise<MessageBody>;
  /** Called after a save or delete went through. */
  onChanged(): void;
  /** Told whether new rows are being typed (the smart lock stops polling meanwhile). */
  onEditingChange?(editing: boolean): void;
  /**
   * The smart lock's error toasts, for a failure the server gives no words for; without them a
   * failure shows in the editor.
   */
  failTexts?: { save: string; remove: string };
}

const MINUTE = 60_000;

/** A new row's times: its start just past the lead, its end the shortest duration after it. */
function newDraft(rules: ScheduledRules, zone: Zone): ScheduledDraft {
  const start = Math.ceil((Date.now() + (rules.leadMinutes + 1) * MINUTE) / MINUTE) * MINUTE;
  return {
    code: '',
    name: '',
    scheduled_on: zonedInput(new Date(start), zone),
    expires_on: zonedInput(new Date(start + rules.durationMinutes * MINUTE), zone),
  };
}

/**
 * The scheduled codes of a lock (hub lock or smart lock, by `rules`): the stored ones with their
 * state and Delete; Add starts a new row (the editor is then editing), Cancel drops it, Save sends
 * the new rows once they pass the rules, with their times truncated to the minute.
 */
export function ScheduledCodesEditor({
  codes,
  onLock,
  rules,
  zone,
  save,
  remove,
  onChanged,
  onEditingChange,
  failTexts,
}: ScheduledCodesEditorProps) {
  const command = useCommand(onChanged);
  const [drafts, setDrafts] = useState<ScheduledDraft[]>([]);
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState<StoredScheduled | null>(null);
  const { busy } = command;
  const editing = drafts.length > 0;

  useEffect(() => {
    onEditingChange?.(editing);
  }, [editing, onEditingChange]);

  // Checked as typed; the messages show from the first Save on, duplicates at once (they block Save).
  const problems = checkScheduledCodes(drafts, onLock, rules, zone, new Date());
  const errors: FieldErrors = {
    ...(tried ? problems : problems.scheduledCodes ? { scheduledCodes: problems.scheduledCodes } : {}),
    ...command.fieldErrors,
  };
  const blocked = !!problems.scheduledCodes || (tried && Object.keys(problems).length > 0);

  const change = (index: number, patch: Partial<ScheduledDraft>) => {
    setDrafts(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    command.clearFieldErrors();
  };
  const cancel = (index: number) => {
    setDrafts(drafts.filter((_, i) => i !== index));
    command.clearFieldErrors();
    if (drafts.length === 1) setTried(false);
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const sent = drafts.map((d) => ({
      code: d.code.trim(),
      name: d.name.trim(),
      // fromZoned reads whole minutes: the instants are already truncated to the minute.
      scheduled_on: fromZoned(d.scheduled_on, zone)!.toISOString(),
      expires_on: fromZoned(d.expires_on, zone)!.toISOString(),
    }));
    if (await command.run(() => save(sent), { fields: true, failText: failTexts?.save })) {
      setDrafts([]);
      setTried(false);
    }
  };

  const confirmDelete = async (code: StoredScheduled) => {
    await command.run(() => remove(code.key), { failText: failTexts?.remove });
    setDeleting(null);
  };

  const rows: CodeRow[] = codes.map((c) => ({
    ...c,
    actions: (
      <Tooltip title="Delete">
        <IconButton
          size="small"
          aria-label={`Delete scheduled code ${c.name}`}
          disabled={busy}
          onClick={() => setDeleting(c)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  }));
  const fieldError = (i: number, field: keyof ScheduledDraft) => errors[`scheduledCodes.${i}.${field}`];

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Scheduled codes
        </Typography>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setDrafts([...drafts, newDraft(rules, zone)])}
          disabled={busy}
          aria-label="Add scheduled code"
        >
          Add
        </Button>
      </Stack>
      <CodeTable label="Scheduled codes" rows={rows} empty="No scheduled codes" withTimes={{ zone }}>
        {drafts.map((d, i) => (
          <TableRow key={`new-${i}`}>
            <TableCell sx={{ verticalAlign: 'top', minWidth: 90 }}>
              <TextField
                size="small"
                label="Code"
                value={d.code}
                onChange={(e) => change(i, { code: onlyDigits(e.target.value) })}
                error={!!fieldError(i, 'code')}
                helperText={fieldError(i, 'code')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: rules.codeMax, autoComplete: 'off' } }}
              />
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top', minWidth: 120 }}>
              <TextField
                size="small"
                label="Name"
                value={d.name}
                onChange={(e) => change(i, { name: e.target.value })}
                error={!!fieldError(i, 'name')}
                helperText={fieldError(i, 'name')}
                slotProps={{ htmlInput: { maxLength: rules.nameMax } }}
              />
            </TableCell>
            {(['scheduled_on', 'expires_on'] as const).map((field) => (
              <TableCell key={field} sx={{ verticalAlign: 'top' }}>
                <TextField
                  size="small"
                  type="datetime-local"
                  label={field === 'scheduled_on' ? 'Scheduled on' : 'Expires on'}
                  value={d[field]}
                  onChange={(e) => change(i, { [field]: e.target.value })}
                  error={!!fieldError(i, field)}
                  helperText={fieldError(i, field)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </TableCell>
            ))}
            <TableCell sx={{ verticalAlign: 'top', color: 'text.secondary' }}>New</TableCell>
            <CancelDraftCell label="Cancel new scheduled code" onCancel={() => cancel(i)} disabled={busy} />
          </TableRow>
        ))}
      </CodeTable>
      {errors.scheduledCodes && <Alert severity="error">{errors.scheduledCodes}</Alert>}
      {command.error && <Alert severity="error">{command.error}</Alert>}
      {editing && (
        <div>
          <Button variant="contained" onClick={() => void submit()} disabled={busy || blocked}>
            Save
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete scheduled code"
        message={deleting ? `Take the code ${deleting.name} off the lock?` : undefined}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
