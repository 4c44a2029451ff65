import type { VisitRow } from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import { keepListStateUnder, type ListController } from '../../../components/list/useListParams';

export const VISITS_AREA = 'visits';

/** The list's date range (days of the visits' last change, yyyy-MM-dd) and the enterprise user's builder. */
export const VISIT_FILTERS = ['startDate', 'endDate', 'filterByBuilder'] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number];

// The visits list keeps its filters inside a customer's page, which its rows open (spec 2 §2).
keepListStateUnder(VISITS_AREA, '/customers/');

export function useVisitList(list: ListController<VisitFilter>) {
  return useListQuery<VisitRow, VisitFilter>(list);
}
