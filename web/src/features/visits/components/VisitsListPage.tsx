import { useState } from 'react';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useSession } from '../../../api/session';
import type { VisitRow } from '../../../api/types';
import {
  BuilderFilterField,
  FilterMenu,
  ListPage,
  useListParams,
  type Column,
  type ListController,
} from '../../../components/list';
import { formatZoned } from '../../../lib/zoned';
import { VISITS_AREA, VISIT_FILTERS, useVisitList, type VisitFilter } from '../api/visits';

export const VISIT_COLUMNS: Column<VisitRow>[] = [
  { key: 'customer_visit_id', label: 'Visit ID' },
  { key: 'firstname', label: 'First Name', sortable: true },
  { key: 'lastname', label: 'Last Name', sortable: true },
  { key: 'cell_phone_1', label: 'Phone', render: (r) => r.cell_phone_1 ?? '—' },
  { key: 'visitor_type', label: 'Visitor Type', sortable: true },
  {
    key: 'visitor_status',
    label: 'Status',
    sortable: true,
    render: (r) => (
      <Chip
        size="small"
        label={r.visitor_status}
        color={r.visitor_status.toLowerCase() === 'accessed' ? 'success' : 'default'}
      />
    ),
  },
  { key: 'subdivision', label: 'Community', sortable: true },
  { key: 'house_num', label: 'Lot #', render: (r) => r.house_num ?? '—' },
  { key: 'address_1', label: 'Address' },
  { key: 'platform', label: 'Platform', render: (r) => r.platform ?? '—' },
  { key: 'attribution', label: 'Attribution', render: (r) => r.attribution ?? '—' },
  {
    key: 'modified_on',
    label: 'Modified On',
    sortable: true,
    render: (r) => `${formatZoned(r.modified_on, r.timezoneValue ?? undefined)} ${r.timezoneAbbr ?? ''}`.trim(),
  },
];

/** /visits: every visit, newest change first; a row opens its customer. */
export default function VisitsListPage() {
  const { user } = useSession();
  const list = useListParams<VisitFilter>({
    area: VISITS_AREA,
    defaultOrderBy: 'modified_on',
    defaultOrder: 'desc',
    sortable: VISIT_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
    filters: VISIT_FILTERS,
  });
  const result = useVisitList(list);
  return (
    <ListPage
      title="Visits"
      list={list}
      result={result}
      columns={VISIT_COLUMNS}
      rowKey={(r) => r.customer_visit_id}
      rowHref={(r) => `/customers/${r.customer_id}`}
      searchPlaceholder="Search all visits"
      filterMenu={<VisitFilterMenu list={list} chooseBuilder={!!user?.isEnterprise} />}
    />
  );
}

const NO_FILTERS = Object.fromEntries(VISIT_FILTERS.map((f) => [f, null])) as Record<VisitFilter, null>;

/** The date range, each end optional, and the builder for users who choose builders. */
function VisitFilterMenu({ list, chooseBuilder }: { list: ListController<VisitFilter>; chooseBuilder: boolean }) {
  const current = list.params.filters;
  const [draft, setDraft] = useState(current);
  const backwards = !!draft.startDate && !!draft.endDate && draft.endDate < draft.startDate;
  const date = (name: 'startDate' | 'endDate', label: string) => (
    <TextField
      type="date"
      label={label}
      value={draft[name]}
      onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
      error={name === 'endDate' && backwards}
      helperText={name === 'endDate' && backwards ? 'End date must not be before the start date' : undefined}
    />
  );
  return (
    <FilterMenu
      activeCount={VISIT_FILTERS.filter((f) => current[f]).length}
      onOpen={() => setDraft(current)}
      onApply={() => list.setFilters(draft)}
      applyDisabled={backwards}
      onClear={() => list.setFilters(NO_FILTERS)}
    >
      {date('startDate', 'Start date')}
      {date('endDate', 'End date')}
      {chooseBuilder && (
        <BuilderFilterField
          value={draft.filterByBuilder}
          onChange={(filterByBuilder) => setDraft((d) => ({ ...d, filterByBuilder }))}
        />
      )}
    </FilterMenu>
  );
}
