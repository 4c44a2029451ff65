import type { AfterTourHoursRow } from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import { keepListStateUnder, type ListController } from '../../../components/list/useListParams';

/** The API's area; the screen is /afterTourHours, where the list keeps its state. */
export const AFTER_TOUR_HOURS_AREA = 'visits/afterTourHours';
export const AFTER_TOUR_HOURS_FILE = 'after-tour-hours-export.csv';
keepListStateUnder(AFTER_TOUR_HOURS_AREA, '/afterTourHours');

export function useAfterTourHoursList(list: ListController) {
  return useListQuery<AfterTourHoursRow>(list);
}
