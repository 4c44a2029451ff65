// Alarm device calls (spec 2 §2 /devices and the device wizard, §7): the alarm account, the units
// of the account, Save Hub and Activate. Mark as sold is the properties' retire call.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  ActivateInput,
  AlarmAccountAnswer,
  AlarmDeviceRow,
  CommunityProperty,
  DeviceCreated,
  MessageBody,
  NewAlarmDevice,
} from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

/** GET /api/hubs/adc-devices, Export All at …/exportAll. */
export const ALARM_AREA = 'hubs/adc-devices';
export const ALARM_EXPORT_FILE = 'alarm-devices-export.csv';

export function useAlarmDevices(list: ListController) {
  return useListQuery<AlarmDeviceRow>(list);
}

/** Whether a builder in scope has an alarm account (the sidebar's Alarm entry). */
export function useAlarmAccount() {
  return useQuery({
    queryKey: ['hubs', 'adc-account'],
    queryFn: ({ signal }) => api<AlarmAccountAnswer>('/hubs/adc-account', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The homes of a community, for the wizard's property picker. */
export function useCommunityHomes(communityId: number | null) {
  return useQuery({
    queryKey: ['properties', 'by-community', communityId],
    queryFn: ({ signal }) => api<CommunityProperty[]>(`/properties/properties_by_community/${communityId}`, { signal }),
    enabled: communityId !== null,
  });
}

/** Save Hub: attaches the unit to a home as its hub. */
export function saveAlarmHub(body: NewAlarmDevice) {
  return api<DeviceCreated>('/hubs/adc-devices', { method: 'POST', body });
}

/** Activate: the server geocodes the home, opens it and puts its codes on its locks. */
export function activateProperty(propertyId: number) {
  return api<MessageBody>(`/properties/${propertyId}/activate`, {
    method: 'PATCH',
    // No coordinates: the server finds them from the home's address.
    body: { latitude: null, longitude: null } satisfies ActivateInput,
  });
}
