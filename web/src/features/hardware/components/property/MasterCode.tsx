import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HubDevice } from '../../../../api/types';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { onlyDigits } from '../../../../components/form';
import { deleteHubCode, putMasterCode } from '../../api/devices';
import { HUB_CODE_MAX, MASTER_SLOT, checkMasterCode } from './codeRules';
import { CodeState } from './CodeTable';
import { codesOnLock } from './LockCodesEditor';
import { useHubCommand } from './useCommand';

/** The lock's master code (slot 6): Create when it has none, else Update or Delete. */
export function MasterCode({ hubId, lock }: { hubId: number; lock: HubDevice }) {
  const command = useHubCommand(hubId);
  const master = lock.properties.userCodes[String(MASTER_SLOT)];
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shown = problem ?? command.fieldErrors.code ?? command.fieldErrors.name;

  const submit = async () => {
    const others = codesOnLock(lock).filter((c) => c !== master?.code);
    const p = checkMasterCode(code, others);
    setProblem(p);
    if (p) return;
    const body = { deviceId: lock.id, code: code.trim() };
    if (await command.run(() => putMasterCode(hubId, body, !master), { fields: true })) setCode('');
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Master Code
      </Typography>
      {master ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>{master.code}</Typography>
          <CodeState state={master.state} error={master.error} />
        </Stack>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>The lock has no master code.</Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={master ? 'New master code' : 'Master code'}
          value={code}
          onChange={(e) => {
            setCode(onlyDigits(e.target.value));
            setProblem(null);
            command.clearFieldErrors();
          }}
          error={!!shown}
          helperText={shown}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: HUB_CODE_MAX, autoComplete: 'off' } }}
        />
        <Button variant="outlined" onClick={() => void submit()} disabled={command.busy || code === ''}>
          {master ? 'Update' : 'Create'}
        </Button>
        {master && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={command.busy}>
            Delete
          </Button>
        )}
      </Stack>
      {command.error && <Alert severity="error">{command.error}</Alert>}
      <ConfirmDialog
        open={confirming}
        title="Delete master code"
        message="Take the master code off the lock?"
        confirmLabel="Delete"
        busy={command.busy}
        onConfirm={() =>
          void command
            .run(() => deleteHubCode(hubId, { deviceId: lock.id, codeKey: MASTER_SLOT }))
            .then(() => setConfirming(false))
        }
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
