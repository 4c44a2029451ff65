import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { MessageBody, ScheduledVisitDetail, ScheduledVisitRow } from '../../../api/types';
import { LIST_KEY, useListQuery } from '../../../components/list/useListQuery';
import { keepListStateUnder, type ListController } from '../../../components/list/useListParams';

/** The API's area; the screens live at /schedule-visit, where the list keeps its state. */
export const SCHEDULED_VISITS_AREA = 'schedule_visit';
keepListStateUnder(SCHEDULED_VISITS_AREA, '/schedule-visit');

export function useScheduledVisitList(list: ListController) {
  return useListQuery<ScheduledVisitRow>(list);
}

/** Under the lists' key, so the loading bar shows while it loads. */
export function useScheduledVisit(id: string) {
  return useQuery({
    queryKey: [LIST_KEY, SCHEDULED_VISITS_AREA, 'detail', id],
    queryFn: ({ signal }) => api<ScheduledVisitDetail>(`/schedule_visit/${encodeURIComponent(id)}`, { signal }),
  });
}

export function deleteScheduledVisits(selected: number[]) {
  return api<MessageBody>('/schedule_visit/delete', { method: 'POST', body: { selected } });
}

/** The status colours of spec 2 §2: created blue, cancelled red, the others green. */
export function statusColor(status: string): 'primary' | 'error' | 'success' {
  if (status === 'created') return 'primary';
  if (status === 'cancelled') return 'error';
  return 'success';
}
