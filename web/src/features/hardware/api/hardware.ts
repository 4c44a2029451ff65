import type { ActivityLogRow } from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import { keepListStateUnder, type ListController } from '../../../components/list/useListParams';

/** The hardware history: GET /api/hubs/activity-logs, Export All at …/exportAll. */
export const HISTORY_AREA = 'hubs/activity-logs';
// The history's screen is /inventory-history: its list keeps its state there.
keepListStateUnder(HISTORY_AREA, '/inventory-history');
export const HISTORY_EXPORT_FILE = 'HubActivityLogs.csv';

/** How the spec shows an action; the others show as they are stored. */
const ACTION_LABELS: Record<string, string> = {
  remove: 'Removed, not sold',
  activate: 'Activated',
  mask_as_sold: 'Removed, marked as sold',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

export function useHistoryList(list: ListController) {
  // Not refetched on window focus (spec 2 §9).
  return useListQuery<ActivityLogRow>(list, { refetchOnWindowFocus: false });
}
