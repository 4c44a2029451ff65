import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { HubDevice } from '../../../../api/types';
import { hubKey, setHubThermostat, setLight, setLockStatus } from '../../api/devices';
import { SetPointsForm } from './SetPointsForm';
import { useHubCommand } from './useCommand';
import { formatZoned, type Zone } from '../../../../lib/zoned';

const TYPE_LABELS: Record<string, string> = {
  door_lock: 'Lock',
  dimmable_light: 'Light',
  thermostat: 'Thermostat',
  motion_sensor: 'Motion sensor',
};

export const OnlineChip = ({ online }: { online: boolean }) => (
  <Chip size="small" label={online ? 'Online' : 'Offline'} color={online ? 'success' : 'default'} />
);

/** `85%`, or a dash when the device does not say. */
export const percentText = (value: number | null | undefined) => (value == null ? '—' : `${Math.round(value)}%`);

/**
 * The lock/unlock switch of a hub lock: it asks for the opposite of the lock's status. When the
 * lock cannot (offline, jammed), the device's words show under the switch.
 */
export function LockSwitch({ hubId, lock }: { hubId: number; lock: HubDevice }) {
  const command = useHubCommand(hubId);
  const locked = lock.properties.status === 'locked';
  const status = locked ? 'unlocked' : 'locked';
  return (
    <Box>
      <FormControlLabel
        label="Locked"
        disabled={command.busy}
        control={
          <Switch
            checked={locked}
            onChange={() => void command.run(() => setLockStatus(hubId, { hubId, deviceId: lock.id, status }))}
          />
        }
      />
      {command.error && <Alert severity="error">{command.error}</Alert>}
    </Box>
  );
}

/** A card of the Connected Devices section: the device's name, kind, serial and whether it is online. */
function DeviceCard({ device, children }: { device: HubDevice; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={device.name} sx={{ p: 2, height: '100%' }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            {device.name}
          </Typography>
          <OnlineChip online={device.properties.online} />
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {TYPE_LABELS[device.type] ?? device.type} · {device.serial_number}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

function LockCard({ hubId, device, onOpen }: { hubId: number; device: HubDevice; onOpen(): void }) {
  const p = device.properties;
  return (
    <DeviceCard device={device}>
      <Typography variant="body2">
        {p.health ?? ''} · Battery {percentText(p.battery)}
      </Typography>
      <LockSwitch hubId={hubId} lock={device} />
      <Box>
        <Button size="small" variant="outlined" onClick={onOpen} aria-label={`Open ${device.name}`}>
          Codes and details
        </Button>
      </Box>
    </DeviceCard>
  );
}

/** A light: on/off and, for a dimmable light, its level (sent when the slider is let go). */
function LightCard({ hubId, device }: { hubId: number; device: HubDevice }) {
  const command = useHubCommand(hubId);
  const light = device.properties.light;
  const on = light?.on ?? false;
  const [level, setLevel] = useState<number | null>(null);
  const shownLevel = level ?? light?.level ?? 0;
  return (
    <DeviceCard device={device}>
      <FormControlLabel
        label="On"
        disabled={command.busy}
        control={
          <Switch
            checked={on}
            onChange={() => void command.run(() => setLight(hubId, device.id, { status: on ? 'off' : 'on' }))}
          />
        }
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Slider
          aria-label="Level"
          value={shownLevel}
          min={0}
          max={100}
          disabled={command.busy}
          onChange={(_, v) => setLevel(v as number)}
          onChangeCommitted={(_, v) =>
            void command
              .run(() => setLight(hubId, device.id, { status: 'on', level: v as number }))
              .then(() => setLevel(null))
          }
        />
        <Typography variant="body2" sx={{ minWidth: 40 }}>
          {shownLevel}%
        </Typography>
      </Stack>
      {command.error && <Alert severity="error">{command.error}</Alert>}
    </DeviceCard>
  );
}

function ThermostatCard({ hubId, device }: { hubId: number; device: HubDevice }) {
  const queryClient = useQueryClient();
  const t = device.properties.thermostat;
  return (
    <DeviceCard device={device}>
      <Typography variant="body2">Temperature {t?.temperature == null ? '—' : `${t.temperature} °F`}</Typography>
      <SetPointsForm
        heat={t?.heat_set_point}
        cool={t?.cool_set_point}
        save={async (points) => {
          const res = await setHubThermostat(hubId, { deviceId: device.id, ...points });
          await queryClient.invalidateQueries({ queryKey: hubKey(hubId) });
          return res;
        }}
      />
    </DeviceCard>
  );
}

/** The devices of a hub as cards; a lock's card opens its drawer. */
export function HubDeviceCard({
  hubId,
  device,
  zone,
  onOpen,
}: {
  hubId: number;
  device: HubDevice;
  zone: Zone;
  onOpen(): void;
}) {
  switch (device.type) {
    case 'door_lock':
      return <LockCard hubId={hubId} device={device} onOpen={onOpen} />;
    case 'dimmable_light':
      return <LightCard hubId={hubId} device={device} />;
    case 'thermostat':
      return <ThermostatCard hubId={hubId} device={device} />;
    default:
      // Motion sensors (and kinds the console does not control) show what they last reported.
      return (
        <DeviceCard device={device}>
          <Typography variant="body2">Last read {formatZoned(device.state_on, zone) || '—'}</Typography>
        </DeviceCard>
      );
  }
}
