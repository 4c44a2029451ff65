import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Insights } from '../../../api/types';
import { useBuilderIdParam } from '../../../app/builderSelection';

export interface InsightsQuery {
  startDate: string;
  endDate: string;
  communityId: number | null;
}

/** GET /insights for the period, the top bar's builder and the chosen community. */
export function useInsights(query: InsightsQuery, enabled: boolean) {
  const builderId = useBuilderIdParam();
  const params = { ...query, builderId };
  return useQuery({
    queryKey: ['insights', params],
    queryFn: ({ signal }) => api<Insights>('/insights', { query: params, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The communities to choose from: every one of the chosen builder or builders. */
export function useCommunityChoices() {
  const builderId = useBuilderIdParam();
  return useQuery({
    queryKey: ['insights', 'communities', builderId ?? null],
    queryFn: ({ signal }) =>
      api<{ data: { id: number; name: string }[] }>('/communities', {
        query: { showAll: true, orderBy: 'name', order: 'asc', builderId },
        signal,
      }),
    select: (answer) => answer.data,
  });
}
