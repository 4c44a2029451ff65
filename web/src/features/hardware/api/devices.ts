// A home's devices (spec 2 §7 Hubs, Smart locks, Wifi thermostats, Automation codes): the calls of
// the property page's hardware tabs and Sync Codes Now.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  AutoLockInput,
  DeleteCodeInput,
  DeleteScheduledInput,
  DeleteSmartCodeInput,
  DeleteSmartScheduledInput,
  DeviceAnswer,
  HubCodesInput,
  HubDevice,
  HubInfo,
  HubScheduledCodesInput,
  LightInput,
  LockLog,
  LockStatusInput,
  MasterCodeInput,
  MessageBody,
  PropertyDetail,
  SetPointsInput,
  SmartLockCodeInput,
  SmartLockDetails,
  SmartLockStatusInput,
  SmartScheduledCodesInput,
  SyncAnswer,
  SyncCodesInput,
  ThermostatAnswer,
  ThermostatInput,
  WifiThermostatDetails,
} from '../../../api/types';

// ---- Hub ----

/** Everything of one hub: invalidating it refetches its info and its devices. */
export const hubKey = (hubId: number) => ['hubs', hubId] as const;
export const hubInfoKey = (hubId: number) => [...hubKey(hubId), 'info'] as const;
export const hubDevicesKey = (hubId: number) => [...hubKey(hubId), 'devices'] as const;

export function useHubInfo(hubId: number) {
  return useQuery({
    queryKey: hubInfoKey(hubId),
    queryFn: ({ signal }) => api<HubInfo>(`/hubs/${hubId}/info`, { signal }),
  });
}

export function useHubDevices(hubId: number, enabled = true) {
  return useQuery({
    queryKey: hubDevicesKey(hubId),
    queryFn: ({ signal }) => api<HubDevice[]>(`/hubs/${hubId}/devices`, { signal }),
    enabled,
  });
}

/** Refresh List: every device read again. */
export function refreshHubDevices(hubId: number) {
  return api<HubDevice[]>(`/hubs/${hubId}/devices`, { query: { refresh: true } });
}

/** Refresh Device: one device read again. */
export function refreshHubDevice(hubId: number, deviceId: number) {
  return api<HubDevice>(`/hubs/${hubId}/devices/${deviceId}/refresh`);
}

export function rebootHub(hubId: number) {
  return api<MessageBody>(`/hubs/${hubId}/reboot`);
}

export function setLockStatus(hubId: number, body: LockStatusInput) {
  return api<DeviceAnswer>(`/hubs/${hubId}/lock/status`, { method: 'PATCH', body });
}

export function setAutoLock(hubId: number, body: AutoLockInput) {
  return api<DeviceAnswer>(`/hubs/${hubId}/lock/auto-lock`, { method: 'PATCH', body });
}

/** The Lock Codes editor's save: the codes of new slots are added. */
export function saveHubCodes(hubId: number, body: HubCodesInput) {
  return api<MessageBody>(`/hubs/${hubId}/lock/codes`, { method: 'PATCH', body });
}

/** Creates (POST) or changes (PATCH) the lock's master code. */
export function putMasterCode(hubId: number, body: MasterCodeInput, creating: boolean) {
  return api<MessageBody>(`/hubs/${hubId}/lock/code`, { method: creating ? 'POST' : 'PATCH', body });
}

/** Takes the code of a slot off the lock. */
export function deleteHubCode(hubId: number, body: DeleteCodeInput) {
  return api<MessageBody>(`/hubs/${hubId}/lock/code`, { method: 'DELETE', body });
}

export function saveHubScheduledCodes(hubId: number, body: HubScheduledCodesInput) {
  return api<MessageBody>(`/hubs/${hubId}/lock/scheduled-codes`, { method: 'PATCH', body });
}

export function deleteHubScheduledCode(hubId: number, body: DeleteScheduledInput) {
  return api<MessageBody>(`/hubs/${hubId}/lock/scheduled-code`, { method: 'DELETE', body });
}

export function setLight(hubId: number, lightId: number, body: LightInput) {
  return api<DeviceAnswer>(`/hubs/${hubId}/lights/${lightId}`, { method: 'PATCH', body });
}

export function setHubThermostat(hubId: number, body: ThermostatInput) {
  return api<DeviceAnswer>(`/hubs/${hubId}/thermostat`, { method: 'PATCH', body });
}

// ---- Smart lock ----

export const smartLockKey = (serial: string) => ['smart-locks', serial] as const;

export function useSmartLock(serial: string) {
  return useQuery({
    queryKey: smartLockKey(serial),
    queryFn: ({ signal }) => api<SmartLockDetails>(`/smart-locks/${encodeURIComponent(serial)}`, { signal }),
  });
}

/** Adds a permanent code, or puts one in place of `access_code_id`. */
export function putSmartLockCode(serial: string, body: SmartLockCodeInput) {
  return api<MessageBody>(`/smart-locks/${encodeURIComponent(serial)}/code`, { method: 'POST', body });
}

export function deleteSmartLockCode(body: DeleteSmartCodeInput) {
  return api<MessageBody>('/smart-locks/code', { method: 'DELETE', body });
}

export function saveSmartScheduledCodes(serial: string, body: SmartScheduledCodesInput) {
  return api<MessageBody>(`/smart-locks/${encodeURIComponent(serial)}/scheduled-codes`, { method: 'POST', body });
}

export function deleteSmartScheduledCode(body: DeleteSmartScheduledInput) {
  return api<MessageBody>('/smart-locks/scheduled-code', { method: 'DELETE', body });
}

export function setSmartLockStatus(serial: string, body: SmartLockStatusInput) {
  return api<SmartLockDetails>(`/smart-locks/${encodeURIComponent(serial)}/status`, { method: 'PATCH', body });
}

// ---- Access history ----

/** Whose lock logs a home shows: its hub's, else its smart lock's. */
export type LogSource = { hubId: number } | { smartLockSerial: string };

export function logSourceOf(detail: PropertyDetail): LogSource | null {
  if (detail.hub_id != null) return { hubId: detail.hub_id };
  if (detail.smart_lock_serial_number) return { smartLockSerial: detail.smart_lock_serial_number };
  return null;
}

/** The access history between two home-zone times (`yyyy-MM-dd HH:mm:ss`), newest first. */
export function useLockLogs(source: LogSource, startDate: string, endDate: string) {
  const path =
    'hubId' in source
      ? `/hubs/${source.hubId}/lock-logs`
      : `/smart-locks/${encodeURIComponent(source.smartLockSerial)}/lock-logs`;
  return useQuery({
    queryKey: ['lock-logs', path, startDate, endDate],
    queryFn: ({ signal }) => api<LockLog[]>(path, { query: { startDate, endDate }, signal }),
  });
}

// ---- Wifi thermostat ----

export const wifiThermostatKey = (serial: string) => ['wifi-thermostats', serial] as const;

export function useWifiThermostat(serial: string) {
  return useQuery({
    queryKey: wifiThermostatKey(serial),
    queryFn: ({ signal }) => api<WifiThermostatDetails>(`/wifi-thermostats/${encodeURIComponent(serial)}`, { signal }),
  });
}

export function setWifiThermostat(serial: string, body: SetPointsInput) {
  return api<ThermostatAnswer>(`/wifi-thermostats/${encodeURIComponent(serial)}`, { method: 'PATCH', body });
}

// ---- Sync Codes Now ----

/**
 * Sync Codes Now for a home: the codes shown on its Automations tab go to its locks. The
 * smart-locks path is used for a home with a smart lock and no hub, the hubs path otherwise.
 */
export function syncPropertyCodes(detail: PropertyDetail) {
  const smartLockOnly = detail.hub_id == null && !!detail.smart_lock_serial_number;
  const body: SyncCodesInput = {
    propertyId: detail.property_id,
    deviceId: smartLockOnly ? detail.smart_lock_serial_number : detail.hub_id,
    communityCode: detail.property_backup_code,
    tradeCode: detail.trade_code,
    salesCode: detail.sales_code,
    builderName: detail.builder,
  };
  return api<SyncAnswer>(`/${smartLockOnly ? 'smart-locks' : 'hubs'}/automationCodes`, { method: 'PATCH', body });
}
