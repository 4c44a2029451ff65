import { useState } from 'react';
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
import type { HubDevice } from '../../../../api/types';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { onlyDigits } from '../../../../components/form';
import { deleteHubCode, saveHubCodes } from '../../api/devices';
import {
  CODE_NAME_MAX,
  HUB_CODE_MAX,
  MASTER_SLOT,
  MAX_CODES,
  MSG_TOO_MANY_CODES,
  checkHubCodes,
  nextSlot,
  type HubCodeDraft,
} from './codeRules';
import { CancelDraftCell, CodeTable, type CodeRow } from './CodeTable';
import { useHubCommand } from './useCommand';

/** Every code on a hub lock (user, automation and scheduled ones): a new code may equal none. */
export function codesOnLock(lock: HubDevice): string[] {
  return [
    ...Object.values(lock.properties.userCodes).map((c) => c.code),
    ...lock.properties.scheduledCodes.map((c) => c.code),
  ];
}

/** The lock's user codes by slot (the master code has its own section). */
export function userCodeRows(lock: HubDevice): CodeRow[] {
  return Object.entries(lock.properties.userCodes)
    .filter(([slot]) => Number(slot) !== MASTER_SLOT)
    .map(([slot, c]) => ({ key: slot, slot: Number(slot), ...c }));
}

/**
 * The Lock Codes editor: the lock's codes by slot, read-only, each with Delete; Add opens a row at
 * the next free slot (from 2, skipping 6-10), up to 8 user codes; Save sends the new rows once
 * they pass the spec's rules.
 */
export function LockCodesEditor({ hubId, lock }: { hubId: number; lock: HubDevice }) {
  const command = useHubCommand(hubId);
  const [drafts, setDrafts] = useState<HubCodeDraft[]>([]);
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState<CodeRow | null>(null);
  const { busy } = command;

  const stored = userCodeRows(lock);
  const userCount = Object.values(lock.properties.userCodes).filter((c) => c.purpose === 'user').length;
  const full = userCount + drafts.length >= MAX_CODES;
  const usedSlots = [
    ...Object.keys(lock.properties.userCodes).map(Number),
    ...lock.properties.scheduledCodes.flatMap((c) => (c.slot == null ? [] : [c.slot])),
    ...drafts.map((d) => d.slot),
  ];
  const problems = checkHubCodes(drafts, codesOnLock(lock));
  const errors = { ...(tried ? problems : {}), ...command.fieldErrors };

  const change = (slot: number, patch: Partial<HubCodeDraft>) => {
    setDrafts(drafts.map((d) => (d.slot === slot ? { ...d, ...patch } : d)));
    command.clearFieldErrors();
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const codes = drafts.map((d) => ({ slot: d.slot, code: d.code.trim(), name: d.name.trim() }));
    if (await command.run(() => saveHubCodes(hubId, { deviceId: lock.id, codes }), { fields: true })) {
      setDrafts([]);
      setTried(false);
    }
  };

  const rows = stored.map((r) => ({
    ...r,
    actions: (
      <Tooltip title="Delete">
        <IconButton size="small" aria-label={`Delete code ${r.name}`} disabled={busy} onClick={() => setDeleting(r)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  }));

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Lock Codes
        </Typography>
        <Button
          startIcon={<AddIcon />}
          aria-label="Add lock code"
          disabled={busy || full}
          onClick={() => setDrafts([...drafts, { slot: nextSlot(usedSlots), code: '', name: '' }])}
        >
          Add
        </Button>
      </Stack>
      {full && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {MSG_TOO_MANY_CODES}
        </Typography>
      )}
      <CodeTable label="Lock codes" rows={rows} empty="No lock codes" withSlot>
        {drafts.map((d) => (
          <TableRow key={`new-${d.slot}`}>
            <TableCell sx={{ verticalAlign: 'top' }}>{d.slot}</TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <TextField
                size="small"
                label={`Code of slot ${d.slot}`}
                value={d.code}
                onChange={(e) => change(d.slot, { code: onlyDigits(e.target.value) })}
                error={!!errors[`codes.${d.slot}.code`]}
                helperText={errors[`codes.${d.slot}.code`]}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: HUB_CODE_MAX, autoComplete: 'off' } }}
              />
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <TextField
                size="small"
                label={`Name of slot ${d.slot}`}
                value={d.name}
                onChange={(e) => change(d.slot, { name: e.target.value })}
                error={!!errors[`codes.${d.slot}.name`]}
                helperText={errors[`codes.${d.slot}.name`]}
                slotProps={{ htmlInput: { maxLength: CODE_NAME_MAX } }}
              />
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top', color: 'text.secondary' }}>New</TableCell>
            <CancelDraftCell
              label={`Cancel new code of slot ${d.slot}`}
              onCancel={() => setDrafts(drafts.filter((x) => x.slot !== d.slot))}
            />
          </TableRow>
        ))}
      </CodeTable>
      {errors.codes && <Alert severity="error">{errors.codes}</Alert>}
      {command.error && <Alert severity="error">{command.error}</Alert>}
      {drafts.length > 0 && (
        <div>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            Save
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete code"
        message={deleting ? `Take the code ${deleting.name} (slot ${deleting.slot}) off the lock?` : undefined}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() =>
          deleting &&
          void command
            .run(() => deleteHubCode(hubId, { deviceId: lock.id, codeKey: Number(deleting.slot) }))
            .then(() => setDeleting(null))
        }
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
