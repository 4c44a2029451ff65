import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  FeedSettingsInput,
  FeedSettingsView,
  Integration,
  IntegrationRequest,
  IntegrationRequestInput,
  IntegrationState,
  MessageBody,
  SyncFeedAnswer,
  SyncFeedInput,
} from '../../../api/types';

export const integrationsKey = ['integrations'] as const;

/** The catalogue with the builder's state of each integration. */
export function useIntegrations() {
  return useQuery({
    queryKey: [...integrationsKey, 'list'],
    queryFn: ({ signal }) => api<Integration[]>('/integrations/list', { signal }),
  });
}

/** The builder's requests, newest first (a card shows when it was last asked for). */
export function useIntegrationRequests() {
  return useQuery({
    queryKey: [...integrationsKey, 'requests'],
    queryFn: ({ signal }) => api<IntegrationRequest[]>('/integrations/requests', { signal }),
  });
}

export function setIntegration(id: number, isActive: boolean) {
  const body: IntegrationState = { isActive };
  return api<Integration>(`/integrations/${id}`, { method: 'PATCH', body });
}

export function requestIntegration(body: IntegrationRequestInput) {
  return api<MessageBody>('/integrations/request', { method: 'POST', body });
}

export function useFeedSettings(builderId: number | null | undefined) {
  return useQuery({
    queryKey: [...integrationsKey, 'feed', builderId],
    queryFn: ({ signal }) => api<FeedSettingsView>(`/builders/feedSettings/${builderId}`, { signal }),
    enabled: builderId != null,
  });
}

export function saveFeedSettings(body: FeedSettingsInput) {
  return api<FeedSettingsView>('/builders/feedSettings', { method: 'POST', body });
}

/** Syncs the feed from its address, with the settings given. */
export function syncFeed(body: SyncFeedInput) {
  return api<SyncFeedAnswer>('/scheduler/syncFeed', { method: 'POST', body });
}

/** Syncs the feed from a file, with the settings given. */
export function uploadFeed(builder: number, settings: FeedSettingsInput, file: File) {
  const form = new FormData();
  form.append('builder', String(builder));
  form.append('feedSettings', JSON.stringify(settings));
  form.append('file', file);
  return api<SyncFeedAnswer>('/scheduler/syncFeed', { method: 'POST', body: form });
}
