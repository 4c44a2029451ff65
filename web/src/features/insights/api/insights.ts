import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Insights, ProfitCenter } from '../../../api/types';
import { useBuilderIdParam } from '../../../app/builderSelection';

export interface InsightsQuery {
  startDate: string;
  endDate: string;
  communityId: number | null;
}

/** GET {path} for the period, the top bar's builder and the chosen community. */
function usePeriodQuery<T>(path: string, query: InsightsQuery, enabled: boolean) {
  const builderId = useBuilderIdParam();
  const params = { ...query, builderId };
  return useQuery({
    queryKey: ['insights', path, params],
    queryFn: ({ signal }) => api<T>(path, { query: params, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /insights: the charts. */
export function useInsights(query: InsightsQuery, enabled: boolean) {
  return usePeriodQuery<Insights>('/insights', query, enabled);
}

/** GET /insights/profitCenter: what self-tours earned. */
export function useProfitCenter(query: InsightsQuery, enabled: boolean) {
  return usePeriodQuery<ProfitCenter>('/insights/profitCenter', query, enabled);
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
