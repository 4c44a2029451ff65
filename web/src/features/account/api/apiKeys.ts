import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { MessageBody, NewOAuthClient, OAuthClientRow, RemoveOAuthClient } from '../../../api/types';

export const apiKeysKey = ['oauth_clients'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => api<OAuthClientRow[]>('/auth/oauth_clients', { signal }),
  });
}

export function createApiKey() {
  return api<NewOAuthClient>('/auth/oauth_clients', { method: 'POST' });
}

export function removeApiKey(clientId: string) {
  const body: RemoveOAuthClient = { clientId };
  return api<MessageBody>('/auth/oauth_clients', { method: 'DELETE', body });
}
