import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Count, SeriesPoint, VisitList } from '../../../api/types';
import { useBuilderIdParam } from '../../../app/builderSelection';
import { LIST_KEY } from '../../../components/list/useListQuery';

/** Recent visits shown on the dashboard (spec 1 §9); the list call asks for its smallest page. */
export const RECENT_VISITS = 5;

const DASHBOARD = 'dashboard';

/**
 * A `{count}` stat for the top-bar builder (`builderId`, absent = all): the server's window is the
 * last 30 days by default.
 */
function useCount(name: string, path: string, extra: Record<string, string> = {}) {
  const builderId = useBuilderIdParam();
  const query = { ...extra, builderId };
  return useQuery({
    queryKey: [DASHBOARD, name, query],
    queryFn: ({ signal }) => api<Count>(path, { query, signal }),
  });
}

/** Trade-contractor visits of the last 30 days. */
export const useContractorsServed = () => useCount('contractors', '/visits/contractorsVisits');
/** Properties whose status is Accessible. */
export const useActiveProperties = () => useCount('active', '/stats/allProperties', { status: 'Accessible' });
/** All visits of the last 30 days. */
export const useVisitCount = () => useCount('visits', '/stats/allVisits');

/** Properties sold (rented) in the last 30 days; the builder goes in the path, 0 = all in scope. */
export function useSoldProperties() {
  const builderId = useBuilderIdParam() ?? 0;
  return useQuery({
    queryKey: [DASHBOARD, 'sold', builderId],
    queryFn: ({ signal }) => api<Count>(`/stats/soldProprties/${builderId}`, { signal }),
  });
}

/** 30 daily points (`monthlyVisits`) or 12 monthly points (`yearlyVisits`). */
export function useVisitSeries(kind: 'monthlyVisits' | 'yearlyVisits') {
  const builderId = useBuilderIdParam();
  return useQuery({
    queryKey: [DASHBOARD, kind, builderId],
    queryFn: ({ signal }) => api<SeriesPoint[]>(`/stats/${kind}`, { query: { builderId }, signal }),
  });
}

/**
 * The newest modified visits (the list's smallest page, 25; the dashboard shows five). Keyed like
 * the visits list, so the shell's progress bar shows while they load.
 */
export function useRecentVisits() {
  const builderId = useBuilderIdParam();
  const query = { order: 'desc', orderBy: 'modified_on', limit: 25, builderId };
  return useQuery({
    queryKey: [LIST_KEY, 'visits', query],
    queryFn: ({ signal }) => api<VisitList>('/visits', { query, signal }),
  });
}
