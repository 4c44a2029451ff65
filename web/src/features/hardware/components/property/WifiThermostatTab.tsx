import { useQueryClient } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { setWifiThermostat, useWifiThermostat, wifiThermostatKey } from '../../api/devices';
import { OnlineChip } from './DeviceCards';
import { Records } from './DeviceDrawer';
import { Loaded } from './Loaded';
import { SetPointsForm } from './SetPointsForm';
import { formatZoned, type Zone } from '../../../../lib/zoned';

export const MSG_NO_THERMOSTAT = 'No WiFi thermostat is configured for this property.';

/**
 * The Wifi Thermostat tab: our own panel (800 px high, as the spec's embedded one) of the
 * thermostat's state and its set points.
 */
export function WifiThermostatTab({ serial, zone }: { serial: string; zone: Zone }) {
  const queryClient = useQueryClient();
  const thermostat = useWifiThermostat(serial);
  return (
    <Paper variant="outlined" sx={{ height: 800, overflow: 'auto', p: 2 }}>
      <Loaded query={thermostat} what="The thermostat" notFound={MSG_NO_THERMOSTAT}>
        {(t) => (
          <Stack spacing={3}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h3" component="h2">
                {t.name}
              </Typography>
              <OnlineChip online={t.online} />
            </Stack>
            <Typography variant="h1" component="p" aria-label="Temperature">
              {t.temperature == null ? '—' : `${t.temperature} °F`}
            </Typography>
            <Records
              rows={[
                ['Serial', t.wifi_thermostat_serial_number],
                ['Heat set point', t.heat_set_point == null ? '—' : `${t.heat_set_point} °F`],
                ['Cool set point', t.cool_set_point == null ? '—' : `${t.cool_set_point} °F`],
                ['Last read', formatZoned(t.state_on, zone) || '—'],
              ]}
            />
            <SetPointsForm
              heat={t.heat_set_point}
              cool={t.cool_set_point}
              save={async (points) => {
                const res = await setWifiThermostat(serial, points);
                queryClient.setQueryData(wifiThermostatKey(serial), res.thermostat);
                return res;
              }}
            />
          </Stack>
        )}
      </Loaded>
    </Paper>
  );
}
