import { useListQuery } from '../../../components/list/useListQuery';
import { keepListStateUnder, type ListController } from '../../../components/list/useListParams';

/** Every report's own filters: its days, kept in the address beside the list's state. */
export const REPORT_FILTERS = ['startDate', 'endDate'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** A report: its screen, its API area and its export's file name (spec 3 §9). */
export interface ReportArea {
  path: string;
  area: string;
  file: string;
}

export const PROPERTY_TOUR_REPORT: ReportArea = {
  path: '/reportPropertyTours',
  area: 'properties/tourReport',
  file: 'properties_tourReport-export.csv',
};
export const VISIT_REPORT: ReportArea = {
  path: '/reportVisit',
  area: 'visits/report',
  file: 'visits-report-export.csv',
};
export const MARKET_REPORT: ReportArea = {
  path: '/reportMarket',
  area: 'properties/marketReport',
  file: 'market-report-export.csv',
};

// A report keeps its state on its own screen only; leaving it resets the filters (spec 3).
for (const report of [PROPERTY_TOUR_REPORT, VISIT_REPORT, MARKET_REPORT]) keepListStateUnder(report.area, report.path);

/** A report's page of rows, asked for only once its days are right. */
export function useReport<T>(list: ListController<ReportFilter>, enabled: boolean) {
  return useListQuery<T, ReportFilter>(list, { enabled });
}
