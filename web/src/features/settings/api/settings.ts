// Builder settings calls (docs/api.md "Builder settings and surveys").
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  DisclosureInput,
  MessageBody,
  MessagingInput,
  SettingsForm,
  SettingsView,
  Timezone,
  TimezoneInput,
  VariableValues,
} from '../../../api/types';

export const settingsKey = (builderId: number | null) => ['settings', builderId] as const;

/** GET /api/builders/settings/{id}: the settings with defaults filled in and the logo's address. */
export function useBuilderSettings(builderId: number | null) {
  return useQuery({
    queryKey: settingsKey(builderId),
    queryFn: ({ signal }) => api<SettingsView>(`/builders/settings/${builderId}`, { signal }),
    enabled: builderId !== null,
    staleTime: 0,
  });
}

/** Keeps the settings a save answered, so every settings page shows them at once. */
export function useStoreSettings() {
  const queryClient = useQueryClient();
  return (view: SettingsView) => queryClient.setQueryData(settingsKey(view.builder_id), view);
}

/** The parts of a multipart settings save: texts, and the logo as a File. */
export type SettingsParts = Omit<SettingsForm, 'file'> & { file?: File };

/** POST /api/builders/settings (multipart): answers the whole settings object. */
export function saveSettings(parts: SettingsParts) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof File ? value : String(value));
  }
  return api<SettingsView>('/builders/settings', { method: 'POST', body: form });
}

export function saveDisclosures(body: DisclosureInput) {
  return api<MessageBody>('/builders/settings/disclosures', { method: 'POST', body });
}

export function saveMessaging(body: MessagingInput) {
  return api<MessageBody>('/builders/settings/messaging', { method: 'POST', body });
}

/** GET /api/builders/timezone (`builderId` for users who choose). */
export function useTimezone(builderId: number | null, choice: number | undefined) {
  return useQuery({
    queryKey: ['settings', builderId, 'timezone'],
    queryFn: ({ signal }) => api<Timezone>('/builders/timezone', { query: { builderId: choice }, signal }),
    enabled: builderId !== null,
  });
}

export function saveTimezone(timezone: number, choice: number | undefined) {
  const body: TimezoneInput = { timezone, builder_id: choice };
  return api<MessageBody>('/builders/timezone', { method: 'POST', body });
}

/**
 * The message variables' values for the builder and, when given, one of its communities and one
 * of its properties.
 */
export function useVariableValues(
  builderId: number | null,
  choice: number | undefined,
  communityId: number | null,
  propertyId: number | null,
) {
  return useQuery({
    queryKey: ['settings', builderId, 'variables', communityId, propertyId],
    queryFn: ({ signal }) =>
      api<VariableValues>('/builders/settings/messaging/preview', {
        query: { builderId: choice, communityId, propertyId },
        signal,
      }),
    enabled: builderId !== null,
    // The table keeps the previous values until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
