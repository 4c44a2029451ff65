import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeviceThermostatIcon from '@mui/icons-material/DeviceThermostat';
import LockIcon from '@mui/icons-material/Lock';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RouterIcon from '@mui/icons-material/Router';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { HubRow, LockRow, SmartLockRow, WifiThermostatRow } from '../../../../api/types';
import {
  batteryPercent,
  hubTypeLabel,
  isIgkSerial,
  locationText,
  shownShipment,
  type DeviceLocation,
} from '../../api/inventory';

interface DeviceCardProps {
  serial: string;
  type: string;
  /** The kind's icon; IGK serials get that maker's key instead. */
  icon: ReactNode;
  status?: string | null;
  shipment?: string | null;
  online: boolean;
  battery?: number | null;
  location: DeviceLocation;
  propertyId: number | null;
  /** The device's own page (a lock's details). */
  href?: string;
}

/** One device of the inventory: what it is, its state, and where it is when that is shown. */
function DeviceCard({
  serial,
  type,
  icon,
  status,
  shipment,
  online,
  battery,
  location,
  propertyId,
  href,
}: DeviceCardProps) {
  const where = locationText(location);
  const power = batteryPercent(battery);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          {isIgkSerial(serial) ? <VpnKeyIcon color="primary" titleAccess="IGK lock" /> : icon}
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, wordBreak: 'break-all' }}>
            {href ? (
              <Link component={RouterLink} to={href}>
                {serial}
              </Link>
            ) : (
              serial
            )}
          </Typography>
          <Chip size="small" label={online ? 'Online' : 'Offline'} color={online ? 'success' : 'default'} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {type}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {status && (
            <Chip
              size="small"
              variant="outlined"
              label={status}
              // A Down device needs attention (spec 2 §4).
              color={status === 'Down' ? 'error' : 'default'}
            />
          )}
          {shipment && <Chip size="small" variant="outlined" label={shipment} />}
          {power && <Chip size="small" variant="outlined" label={`Battery ${power}`} />}
        </Stack>
        {where && <Typography variant="body2">{where}</Typography>}
        {propertyId !== null && (
          <Link component={RouterLink} to={`/properties/${propertyId}`} variant="body2">
            Property {propertyId}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

export function HubCard({ hub }: { hub: HubRow }) {
  return (
    <DeviceCard
      serial={hub.serial_number}
      type={hubTypeLabel(hub.hub_type)}
      icon={<RouterIcon color="action" />}
      online={hub.online}
      location={hub}
      propertyId={hub.property_id ?? null}
    />
  );
}

export function SmartLockCard({ lock }: { lock: SmartLockRow }) {
  return (
    <DeviceCard
      serial={lock.serial_number}
      type="Smart Lock"
      icon={<LockIcon color="action" />}
      status={lock.smart_lock_status_value}
      online={lock.online}
      battery={lock.battery}
      location={lock}
      propertyId={lock.property_id ?? null}
    />
  );
}

export function ThermostatCard({ thermostat }: { thermostat: WifiThermostatRow }) {
  return (
    <DeviceCard
      serial={thermostat.wifi_thermostat_serial_number}
      type="Wifi Thermostat"
      icon={<DeviceThermostatIcon color="action" />}
      online={thermostat.online}
      location={thermostat}
      propertyId={thermostat.property_id ?? null}
    />
  );
}

export function LockCard({ lock }: { lock: LockRow }) {
  return (
    <DeviceCard
      serial={lock.serial_number}
      type={['Lock', lock.manufacturer, lock.version].filter(Boolean).join(' · ')}
      icon={<LockOutlinedIcon color="action" />}
      status={lock.lock_status_value}
      shipment={shownShipment(lock.lock_shipment_status)}
      online={lock.online}
      battery={lock.battery}
      location={lock}
      propertyId={lock.property_id ?? null}
      href={`/inventory/${encodeURIComponent(lock.serial_number)}`}
    />
  );
}
