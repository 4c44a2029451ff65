import type { ActivityLogRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { HISTORY_AREA, HISTORY_EXPORT_FILE, actionLabel, useHistoryList } from '../api/hardware';

export const HISTORY_COLUMNS: Column<ActivityLogRow>[] = [
  { key: 'id', label: 'Id', sortable: true },
  { key: 'serial_number', label: 'Serial Number', sortable: true },
  { key: 'property_id', label: 'Property Id', sortable: true, render: (r) => r.property_id ?? '' },
  { key: 'hub_type', label: 'Hub Type', sortable: true, render: (r) => r.hub_type ?? '' },
  { key: 'lock_type', label: 'Lock Type', sortable: true, render: (r) => r.lock_type ?? '' },
  { key: 'action', label: 'Action', sortable: true, render: (r) => actionLabel(r.action) },
  { key: 'created_on', label: 'Created On', sortable: true, render: (r) => formatDateTime(r.created_on) },
  { key: 'created_by', label: 'Created By', sortable: true },
  { key: 'users_email', label: 'User Email', sortable: true, render: (r) => r.users_email ?? '' },
];

/** /inventory-history: every device action, newest first. */
export default function HardwareHistoryPage() {
  const list = useListParams({
    area: HISTORY_AREA,
    defaultOrderBy: 'id',
    defaultOrder: 'desc',
    sortable: HISTORY_COLUMNS.map((c) => c.key),
  });
  const result = useHistoryList(list);
  return (
    <ListPage
      title="Hardware History"
      list={list}
      result={result}
      columns={HISTORY_COLUMNS}
      rowKey={(r) => r.id}
      searchPlaceholder="Search by serial number, property id, author or action"
      selection={false}
      exportFile={HISTORY_EXPORT_FILE}
    />
  );
}
