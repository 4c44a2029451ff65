import type { PropertyTourRow } from '../../../api/types';
import type { Column } from '../../../components/list';
import { PROPERTY_TOUR_REPORT } from '../api/reports';
import { ReportPage } from './ReportPage';

const orDash = (value: string | number | null | undefined) => value ?? '—';

export const PROPERTY_TOUR_COLUMNS: Column<PropertyTourRow>[] = [
  { key: 'property_id', label: 'Property Id', sortable: true },
  { key: 'community_name', label: 'Community', sortable: true },
  { key: 'address_1', label: 'Address', sortable: true },
  { key: 'lot_num', label: 'Lot #', sortable: true, render: (r) => orDash(r.lot_num) },
  { key: 'marketing_name', label: 'Marketing Name', sortable: true, render: (r) => orDash(r.marketing_name) },
  { key: 'no_of_tours', label: 'Tours' },
  { key: 'avg_tours_per_day', label: 'Avg Tours Per Day', render: (r) => r.avg_tours_per_day.toFixed(2) },
  { key: 'no_of_repeat_visitors', label: 'Repeat Visitors' },
  { key: 'days_since_activation', label: 'Days Since Activation', render: (r) => orDash(r.days_since_activation) },
  { key: 'days_since_last_tour', label: 'Days Since Last Tour', render: (r) => orDash(r.days_since_last_tour) },
  { key: 'top_toured_day', label: 'Top Toured Day', render: (r) => orDash(r.top_toured_day) },
  { key: 'top_toured_hour', label: 'Top Toured Hour', render: (r) => orDash(r.top_toured_hour) },
];

/** /reportPropertyTours: each home's tours in the period. */
export default function PropertyTourReportPage() {
  return (
    <ReportPage
      title="Tours Per Property Report"
      report={PROPERTY_TOUR_REPORT}
      columns={PROPERTY_TOUR_COLUMNS}
      rowKey={(r) => r.property_id}
      defaultOrderBy="community_name"
      defaultOrder="asc"
      searchPlaceholder="Search by address, lot, community or marketing name"
    />
  );
}
