import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { SmartLockCode, SmartLockDetails } from '../../../../api/types';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { onlyDigits } from '../../../../components/form';
import {
  deleteSmartLockCode,
  deleteSmartScheduledCode,
  putSmartLockCode,
  saveSmartScheduledCodes,
  setSmartLockStatus,
  smartLockKey,
  useSmartLock,
} from '../../api/devices';
import {
  CODE_NAME_MAX,
  MAX_CODES,
  SMART_CODE_MAX,
  checkSmartLockCode,
  smartScheduledRules,
  type FieldErrors,
} from './codeRules';
import { CodeTable } from './CodeTable';
import { OnlineChip, percentText } from './DeviceCards';
import { Records, SideDrawer } from './DeviceDrawer';
import { Loaded } from './Loaded';
import { ScheduledCodesEditor } from './ScheduledCodesEditor';
import { useCommand } from './useCommand';
import { useSmartLockPolling } from './useSmartLockPolling';
import { formatZoned, type Zone } from '../../../../lib/zoned';

export interface SmartLockTabProps {
  serial: string;
  /** The home's builder: new scheduled codes carry it. */
  builderId: number;
  zone: Zone;
}

/** The Smart Lock tab: the lock's card; clicking it opens its drawer, which reads the lock again while open. */
export function SmartLockTab({ serial, builderId, zone }: SmartLockTabProps) {
  const lock = useSmartLock(serial);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  useSmartLockPolling(open, editing, lock.refetch);
  const close = () => {
    setOpen(false);
    setEditing(false);
  };

  return (
    <Loaded query={lock} what="The smart lock" notFound="No smart lock data">
      {(data) => (
        <>
          <Card variant="outlined">
            <CardActionArea onClick={() => setOpen(true)} aria-label={`Open smart lock ${data.name}`}>
              <CardContent>
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {data.name}
                    </Typography>
                    <OnlineChip online={data.online} />
                  </Stack>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Smart lock · {data.serial_number}
                  </Typography>
                  <Typography variant="body2">
                    {data.health} · Battery {batteryText(data)} · {data.accessCodes.length} codes,{' '}
                    {data.scheduledCodes.length} scheduled
                  </Typography>
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
          <SideDrawer open={open} title={data.name} onClose={close}>
            <SmartLockDrawer lock={data} builderId={builderId} zone={zone} onEditingChange={setEditing} />
          </SideDrawer>
        </>
      )}
    </Loaded>
  );
}

/** battery_level is a fraction. */
const batteryText = (lock: SmartLockDetails) =>
  percentText(lock.battery_level == null ? null : lock.battery_level * 100);

function SmartLockDrawer({
  lock,
  builderId,
  zone,
  onEditingChange,
}: {
  lock: SmartLockDetails;
  builderId: number;
  zone: Zone;
  onEditingChange(editing: boolean): void;
}) {
  const queryClient = useQueryClient();
  const serial = lock.serial_number;
  const reload = () => queryClient.invalidateQueries({ queryKey: smartLockKey(serial) });
  // The lock's answer goes straight into the cache: nothing to read again afterwards.
  const status = useCommand(() => undefined);
  const wanted = lock.locked ? 'unlocked' : 'locked';

  return (
    <Stack spacing={2}>
      <Records
        rows={[
          ['Serial', serial],
          ['State', lock.health],
          ['Battery', batteryText(lock)],
          ['Online', lock.online ? 'Yes' : 'No'],
          ['Code slots', `${lock.capacity.used} of ${lock.capacity.available ?? '—'} used`],
          ['Last read', formatZoned(lock.state_on, zone) || '—'],
        ]}
      />
      <Box>
        <FormControlLabel
          label="Locked"
          disabled={status.busy}
          control={
            <Switch
              checked={lock.locked ?? false}
              onChange={() =>
                void status.run(async () => {
                  queryClient.setQueryData(smartLockKey(serial), await setSmartLockStatus(serial, { status: wanted }));
                  // The answer is the lock itself; the toast is the hub lock's words.
                  return { message: `Lock is ${wanted}` };
                })
              }
            />
          }
        />
        {status.error && <Alert severity="error">{status.error}</Alert>}
      </Box>
      <Divider />
      <PermanentCodes lock={lock} onChanged={reload} />
      <Divider />
      <ScheduledCodesEditor
        codes={lock.scheduledCodes.map((c) => ({ ...c, key: c.id }))}
        onLock={[...lock.accessCodes, ...lock.scheduledCodes].map((c) => c.code)}
        rules={smartScheduledRules(lock.supported_code_lengths)}
        zone={zone}
        save={(codes) =>
          saveSmartScheduledCodes(serial, {
            scheduledCodes: codes.map((c) => ({ ...c, is_added: false, builder_id: builderId })),
          })
        }
        remove={(id) => {
          const code = lock.scheduledCodes.find((c) => c.id === id);
          return deleteSmartScheduledCode({
            smartLockSerial: serial,
            access_code_id: code?.access_code_id ?? Number(id),
            scheduled_code_id: Number(id),
          });
        }}
        onChanged={reload}
        onEditingChange={onEditingChange}
        failTexts={{ save: 'Failed to update scheduled code', remove: 'Failed to delete scheduled code' }}
      />
    </Stack>
  );
}

/** The lock's permanent codes: Active or Pending, Edit and Delete; Add New Code while it has fewer than 8. */
function PermanentCodes({ lock, onChanged }: { lock: SmartLockDetails; onChanged(): unknown }) {
  const command = useCommand(onChanged);
  // The code being typed: a new one (null) or one put in place of a stored code.
  const [form, setForm] = useState<{ replacing: SmartLockCode | null } | null>(null);
  const [deleting, setDeleting] = useState<SmartLockCode | null>(null);

  const rows = lock.accessCodes.map((c) => ({
    ...c,
    key: c.access_code_id,
    actions: (
      <>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit code ${c.name}`} onClick={() => setForm({ replacing: c })}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton
            size="small"
            aria-label={`Delete code ${c.name}`}
            disabled={command.busy}
            onClick={() => setDeleting(c)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    ),
  }));

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Codes
        </Typography>
        {lock.accessCodes.length < MAX_CODES && form === null && (
          <Button startIcon={<AddIcon />} onClick={() => setForm({ replacing: null })}>
            Add New Code
          </Button>
        )}
      </Stack>
      <CodeTable label="Smart lock codes" rows={rows} empty="Smart lock has no codes" />
      {form && (
        <SmartCodeForm
          key={form.replacing?.access_code_id ?? 'new'}
          lock={lock}
          replacing={form.replacing}
          onChanged={onChanged}
          onDone={() => setForm(null)}
        />
      )}
      {command.error && <Alert severity="error">{command.error}</Alert>}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete code"
        message={deleting ? `Take the code ${deleting.name} off the lock?` : undefined}
        confirmLabel="Delete"
        busy={command.busy}
        onConfirm={() =>
          deleting &&
          void command
            .run(() =>
              deleteSmartLockCode({ smartLockSerial: lock.serial_number, access_code_id: deleting.access_code_id }),
            )
            .then(() => setDeleting(null))
        }
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** A permanent code to add, or to put in place of `replacing`; checked as the server checks it. */
function SmartCodeForm({
  lock,
  replacing,
  onChanged,
  onDone,
}: {
  lock: SmartLockDetails;
  replacing: SmartLockCode | null;
  onChanged(): unknown;
  onDone(): void;
}) {
  const command = useCommand(onChanged);
  const [code, setCode] = useState(replacing?.code ?? '');
  const [name, setName] = useState(replacing?.name ?? '');
  const [problems, setProblems] = useState<FieldErrors>({});
  const errors = { ...problems, ...command.fieldErrors };

  const submit = async () => {
    const others = [
      ...lock.accessCodes.filter((c) => c.access_code_id !== replacing?.access_code_id),
      ...lock.scheduledCodes,
    ];
    const found = checkSmartLockCode(code, name, lock.supported_code_lengths, others);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body = { code: code.trim(), name: name.trim(), access_code_id: replacing?.access_code_id ?? null };
    if (await command.run(() => putSmartLockCode(lock.serial_number, body), { fields: true })) onDone();
  };

  return (
    <Stack
      component="form"
      aria-label={replacing ? 'Edit code' : 'New code'}
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Code"
          value={code}
          onChange={(e) => setCode(onlyDigits(e.target.value))}
          error={!!errors.code}
          helperText={errors.code}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SMART_CODE_MAX, autoComplete: 'off' } }}
        />
        <TextField
          size="small"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!errors.name}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: CODE_NAME_MAX } }}
        />
        <Button type="submit" variant="contained" disabled={command.busy}>
          Save
        </Button>
        <Button onClick={onDone} disabled={command.busy}>
          Cancel
        </Button>
      </Stack>
      {errors.codes && <Alert severity="error">{errors.codes}</Alert>}
      {command.error && <Alert severity="error">{command.error}</Alert>}
    </Stack>
  );
}
