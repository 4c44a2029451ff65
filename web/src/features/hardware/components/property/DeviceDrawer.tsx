import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import { errorMessage } from '../../../../api/client';
import type { HubDevice } from '../../../../api/types';
import {
  deleteHubScheduledCode,
  hubDevicesKey,
  hubInfoKey,
  hubKey,
  refreshHubDevice,
  saveHubScheduledCodes,
  setAutoLock,
} from '../../api/devices';
import { HUB_SCHEDULED_RULES } from './codeRules';
import { LockSwitch, percentText } from './DeviceCards';
import { LockCodesEditor, codesOnLock } from './LockCodesEditor';
import { MasterCode } from './MasterCode';
import { ScheduledCodesEditor } from './ScheduledCodesEditor';
import { useHubCommand } from './useCommand';
import { formatZoned, type Zone } from '../../../../lib/zoned';

/** A label and its value, as the drawers list a device's record. */
export function Records({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A drawer from the right with a title and a close button. */
export function SideDrawer({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-label': title, sx: { width: { xs: '100%', md: 720 }, p: 2 } } }}
    >
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h2">{title}</Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {children}
      </Stack>
    </Drawer>
  );
}

/**
 * A hub lock's drawer: its record, Refresh Device, auto-lock, the Lock Codes editor, the master
 * code and the scheduled codes. `lock` is the hub's devices query's record, so every change
 * (which reads the devices again) shows here at once.
 */
export function DeviceDrawer({
  hubId,
  lock,
  zone,
  onClose,
}: {
  hubId: number;
  lock: HubDevice | undefined;
  zone: Zone;
  onClose(): void;
}) {
  return (
    <SideDrawer open={lock !== undefined} title={lock?.name ?? ''} onClose={onClose}>
      {lock && <LockDetails key={lock.id} hubId={hubId} lock={lock} zone={zone} />}
    </SideDrawer>
  );
}

function LockDetails({ hubId, lock, zone }: { hubId: number; lock: HubDevice; zone: Zone }) {
  const queryClient = useQueryClient();
  const autoLock = useHubCommand(hubId);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const p = lock.properties;

  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      const fresh = await refreshHubDevice(hubId, lock.id);
      queryClient.setQueryData<HubDevice[]>(hubDevicesKey(hubId), (list) =>
        list?.map((d) => (d.id === fresh.id ? fresh : d)),
      );
      // The hub's status and battery follow its first lock.
      await queryClient.invalidateQueries({ queryKey: hubInfoKey(hubId) });
    } catch (e) {
      setRefreshError(errorMessage(e));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Records
        rows={[
          ['Serial', lock.serial_number],
          ['State', p.health ?? ''],
          ['Lock', p.status ?? '—'],
          ['Battery', percentText(p.battery)],
          ['Online', p.online ? 'Yes' : 'No'],
          ['Code slots', p.capacity ? `${p.capacity.used} of ${p.capacity.available ?? '—'} used` : '—'],
          ['Last read', formatZoned(lock.state_on, zone) || '—'],
        ]}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={refreshing}>
          Refresh Device
        </Button>
        <LockSwitch hubId={hubId} lock={lock} />
        <FormControlLabel
          label="Auto-lock"
          disabled={autoLock.busy}
          control={
            <Switch
              checked={p.autoLock ?? false}
              onChange={(e) =>
                void autoLock.run(() => setAutoLock(hubId, { deviceId: lock.id, autoLock: e.target.checked }))
              }
            />
          }
        />
      </Stack>
      {refreshError && <Alert severity="error">{refreshError}</Alert>}
      {autoLock.error && <Alert severity="error">{autoLock.error}</Alert>}
      <Divider />
      <LockCodesEditor hubId={hubId} lock={lock} />
      <Divider />
      <MasterCode hubId={hubId} lock={lock} />
      <Divider />
      <ScheduledCodesEditor
        codes={p.scheduledCodes.map((c) => ({ ...c, key: c.slot ?? c.code }))}
        onLock={codesOnLock(lock)}
        rules={HUB_SCHEDULED_RULES}
        zone={zone}
        save={(scheduledCodes) => saveHubScheduledCodes(hubId, { deviceId: lock.id, scheduledCodes })}
        remove={(slot) => deleteHubScheduledCode(hubId, { deviceId: lock.id, slot: Number(slot) })}
        onChanged={() => queryClient.invalidateQueries({ queryKey: hubKey(hubId) })}
      />
    </Stack>
  );
}
