import Chip from '@mui/material/Chip';
import type { ScheduledVisitRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatZoned } from '../../../lib/zoned';
import {
  SCHEDULED_VISITS_AREA,
  deleteScheduledVisits,
  statusColor,
  useScheduledVisitList,
} from '../api/scheduledVisits';

export const SCHEDULED_VISIT_COLUMNS: Column<ScheduledVisitRow>[] = [
  { key: 'first_name', label: 'First Name', sortable: true },
  { key: 'last_name', label: 'Last Name', sortable: true },
  { key: 'email', label: 'Email', sortable: true, render: (r) => r.email ?? '—' },
  { key: 'phone', label: 'Phone', sortable: true, render: (r) => r.phone ?? '—' },
  {
    key: 'status',
    label: 'Status',
    sortable: true,
    render: (r) => <Chip size="small" label={r.status} color={statusColor(r.status)} />,
  },
  {
    key: 'visit_date',
    label: 'Visit Date',
    sortable: true,
    render: (r) => `${formatZoned(r.visit_date, r.timezoneValue ?? undefined)} ${r.timezoneAbbr ?? ''}`.trim(),
  },
  { key: 'property_id', label: 'Property Id', sortable: true },
];

/** /schedule-visit: the tours booked for a time, latest first. */
export default function ScheduledVisitsListPage() {
  const list = useListParams({
    area: SCHEDULED_VISITS_AREA,
    defaultOrderBy: 'visit_date',
    defaultOrder: 'desc',
    sortable: SCHEDULED_VISIT_COLUMNS.map((c) => c.key),
  });
  const result = useScheduledVisitList(list);
  return (
    <ListPage
      title="Scheduled Visits"
      list={list}
      result={result}
      columns={SCHEDULED_VISIT_COLUMNS}
      rowKey={(r) => r.id}
      rowHref={(r) => `/schedule-visit/${r.id}`}
      searchPlaceholder="Search all scheduled visits"
      deleteSelected={{ run: (keys) => deleteScheduledVisits(keys.map(Number)) }}
      exportFile="scheduled-visits-export.csv"
      print={false}
    />
  );
}
