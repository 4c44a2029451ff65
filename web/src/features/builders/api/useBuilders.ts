import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../api/session';
import type { Builder, BuilderDetail, BuilderList, PmRow } from '../../../api/types';

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

/** How many builders one search answers (the picker narrows by typing, not by paging). */
export const BUILDER_SEARCH_LIMIT = 25;

/**
 * Builders the caller may see whose name matches `search` (GET /api/builders?search=&limit=25,
 * sorted by name): the admin's picker on /choose_PM asks again as the user types. The previous
 * answer stays on screen while the next one loads.
 */
export function useBuilderSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['builders', 'search', text],
    queryFn: ({ signal }) =>
      api<BuilderList>('/builders', { query: { search: text, limit: BUILDER_SEARCH_LIMIT }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
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

/**
 * A builder's switches (GET /api/builders/{id}/detail, never cached by the server): adding
 * properties and communities, photo gallery edits, rental mode, the public page name.
 */
export function useBuilderDetail(builderId: number | null | undefined) {
  return useQuery({
    queryKey: ['builders', builderId, 'detail'],
    queryFn: ({ signal }) => api<BuilderDetail>(`/builders/${builderId}/detail`, { signal }),
    enabled: builderId !== null && builderId !== undefined && builderId > 0,
    staleTime: 0,
  });
}
