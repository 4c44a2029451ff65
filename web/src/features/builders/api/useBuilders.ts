import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../api/session';
import type { Builder, BuilderList, PmRow } from '../../../api/types';

/** Builders of the signed-in enterprise user (GET /api/builders/enterprise/{username}). */
export function useEnterpriseBuilders(enabled = true) {
  const { user } = useSession();
  const username = user?.username ?? '';
  return useQuery({
    queryKey: ['builders', 'enterprise', username],
    queryFn: ({ signal }) => api<Builder[]>(`/builders/enterprise/${encodeURIComponent(username)}`, { signal }),
    enabled: enabled && username !== '',
    staleTime: 5 * 60_000,
  });
}

/** Builders the caller may see, first 150 (admin's /choose_PM). */
export function useAllBuilders() {
  return useQuery({
    queryKey: ['builders', 'all'],
    queryFn: ({ signal }) => api<BuilderList>('/builders', { query: { limit: 150 }, signal }),
  });
}

/** Program managers of a builder (admin only). */
export function useBuilderPms(builderId: number | null) {
  return useQuery({
    queryKey: ['builders', builderId, 'pms'],
    queryFn: ({ signal }) => api<PmRow[]>(`/builders/${builderId}/pms`, { signal }),
    enabled: builderId !== null,
  });
}
