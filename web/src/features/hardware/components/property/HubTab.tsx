import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { errorMessage } from '../../../../api/client';
import type { HubDevice, HubInfo } from '../../../../api/types';
import { hubDevicesKey, hubInfoKey, rebootHub, refreshHubDevices, useHubDevices, useHubInfo } from '../../api/devices';
import { CodeTable } from './CodeTable';
import { HubDeviceCard, LockSwitch, percentText } from './DeviceCards';
import { DeviceDrawer, Records } from './DeviceDrawer';
import { Loaded } from './Loaded';
import { userCodeRows } from './LockCodesEditor';
import { useHubCommand } from './useCommand';
import type { Zone } from '../../../../lib/zoned';

export const MSG_ADC =
  'This is an Alarm.com hub: log in to your Alarm.com account to control its devices. They are not controlled from here.';

/** The Hub tab: the hub's status and battery, then its devices (an Alarm.com hub's are controlled elsewhere). */
export function HubTab({ hubId, zone }: { hubId: number; zone: Zone }) {
  const info = useHubInfo(hubId);
  return (
    <Loaded query={info} what="The hub">
      {(info) => (
        <Stack spacing={3}>
          <HubSummary info={info} />
          {info.is_adc ? <Alert severity="info">{MSG_ADC}</Alert> : <HubDevices hubId={hubId} zone={zone} />}
        </Stack>
      )}
    </Loaded>
  );
}

function HubSummary({ info }: { info: HubInfo }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h3" component="h2">
        {info.name || 'Hub'}
      </Typography>
      <Records
        rows={[
          ['Status', info.status],
          ['Battery', percentText(info.battery)],
          ['Type', info.hub_type_label],
          ['Serial', info.serial_number],
        ]}
      />
    </Stack>
  );
}

function HubDevices({ hubId, zone }: { hubId: number; zone: Zone }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const devices = useHubDevices(hubId);
  return (
    <Loaded query={devices} what="The hub's devices">
      {(list) => {
        const firstLock = list.find((d) => d.type === 'door_lock');
        return (
          <Stack spacing={3}>
            {firstLock && <FirstLock hubId={hubId} lock={firstLock} zone={zone} />}
            <ConnectedDevices hubId={hubId} devices={list} zone={zone} onOpen={setOpenId} />
            <DeviceDrawer
              hubId={hubId}
              lock={list.find((d) => d.id === openId)}
              zone={zone}
              onClose={() => setOpenId(null)}
            />
          </Stack>
        );
      }}
    </Loaded>
  );
}

/** The hub's first lock: its switch, user codes and scheduled codes (spec 2 §2). */
function FirstLock({ hubId, lock, zone }: { hubId: number; lock: HubDevice; zone: Zone }) {
  return (
    <Stack spacing={1} component="section" aria-label="First lock">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {lock.name}
      </Typography>
      <LockSwitch hubId={hubId} lock={lock} />
      <CodeTable label="User codes" rows={userCodeRows(lock)} empty="No user codes" withSlot />
      <CodeTable
        label="Scheduled codes"
        rows={lock.properties.scheduledCodes.map((c) => ({ ...c, key: c.slot ?? c.code }))}
        empty="No scheduled codes"
        withSlot
        withTimes={{ zone }}
      />
    </Stack>
  );
}

function ConnectedDevices({
  hubId,
  devices,
  zone,
  onOpen,
}: {
  hubId: number;
  devices: HubDevice[];
  zone: Zone;
  onOpen(id: number): void;
}) {
  const queryClient = useQueryClient();
  const reboot = useHubCommand(hubId);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);

  const refreshList = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      queryClient.setQueryData(hubDevicesKey(hubId), await refreshHubDevices(hubId));
      await queryClient.invalidateQueries({ queryKey: hubInfoKey(hubId) });
    } catch (e) {
      setRefreshError(errorMessage(e));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-label="Connected Devices">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Connected Devices
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void refreshList()} disabled={refreshing}>
          Refresh List
        </Button>
        <Button
          startIcon={<RestartAltIcon />}
          onClick={() => void reboot.run(() => rebootHub(hubId))}
          disabled={reboot.busy}
        >
          Reboot Hub
        </Button>
      </Stack>
      {refreshError && <Alert severity="error">{refreshError}</Alert>}
      {reboot.error && <Alert severity="error">{reboot.error}</Alert>}
      {devices.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Hub doesn&apos;t have devices</Typography>
      ) : (
        <Grid container spacing={2}>
          {devices.map((d) => (
            <Grid key={d.id} size={{ xs: 12, sm: 6 }}>
              <HubDeviceCard hubId={hubId} device={d} zone={zone} onOpen={() => onOpen(d.id)} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
