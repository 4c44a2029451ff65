import type { VisitReportRow } from '../../../api/types';
import type { Column } from '../../../components/list';
import { VISIT_REPORT } from '../api/reports';
import { ReportPage } from './ReportPage';

export const VISIT_REPORT_COLUMNS: Column<VisitReportRow>[] = [
  { key: 'community', label: 'Community', sortable: true },
  { key: 'visits', label: 'Visits' },
  { key: 'webTours', label: 'Web Tours' },
  { key: 'appTours', label: 'App Tours' },
  { key: 'callTours', label: 'Call Tours' },
  { key: 'missedTours', label: 'Missed Tours' },
  { key: 'propertiesPerCustomer', label: 'Properties Per Customer', render: (r) => r.propertiesPerCustomer.toFixed(2) },
  { key: 'topTourDayOfWeek', label: 'Top Tour Day', render: (r) => r.topTourDayOfWeek ?? '—' },
  { key: 'topTourTime', label: 'Top Tour Time', render: (r) => r.topTourTime ?? '—' },
];

/** /reportVisit: each community's visits and tours in the period. */
export default function VisitReportPage() {
  return (
    <ReportPage
      title="Visit Report"
      report={VISIT_REPORT}
      columns={VISIT_REPORT_COLUMNS}
      rowKey={(r) => r.communityId}
      defaultOrderBy="community"
      defaultOrder="asc"
      searchPlaceholder="Search by community"
    />
  );
}
