import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { CommunityRow } from '../../../api/types';

/** The communities of one builder (GET /api/communities/builder/{id}), for pickers. */
export function useBuilderCommunities(builderId: number | null) {
  return useQuery({
    queryKey: ['communities', 'builder', builderId],
    queryFn: ({ signal }) => api<CommunityRow[]>(`/communities/builder/${builderId}`, { signal }),
    enabled: builderId !== null,
  });
}
