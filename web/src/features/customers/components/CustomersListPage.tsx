import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useSession } from '../../../api/session';
import type { CustomerRow } from '../../../api/types';
import {
  BuilderFilterField,
  FilterMenu,
  FilterSelect,
  ListPage,
  named,
  useListParams,
  type Column,
  type ListController,
} from '../../../components/list';
import { formatZoned } from '../../../lib/zoned';
import {
  CUSTOMERS_AREA,
  CUSTOMER_FILTERS,
  CUSTOMER_STATUSES,
  LAST_VISIT_STATUSES,
  VISITOR_TYPES,
  useCustomerList,
  type CustomerFilter,
} from '../api/customers';

/** A time of the customer's, in the zone of the home of their last visit. */
const zoned = (value: string | null | undefined, r: CustomerRow) =>
  value ? `${formatZoned(value, r.timezoneValue ?? undefined)} ${r.timezoneAbbr ?? ''}`.trim() : '—';

export const CUSTOMER_COLUMNS: Column<CustomerRow>[] = [
  { key: 'customer_id', label: 'Customer ID', sortable: true },
  { key: 'firstname', label: 'First Name', sortable: true },
  { key: 'lastname', label: 'Last Name', sortable: true },
  { key: 'visitor_contact_status_id_value', label: 'Contact Status', sortable: true },
  { key: 'visitor_type_id_value', label: 'Visitor Type', sortable: true },
  { key: 'visits_count', label: 'Visits', sortable: true },
  { key: 'last_visit_date', label: 'Last Visit', sortable: true, render: (r) => zoned(r.last_visit_date, r) },
  { key: 'created_on', label: 'Created On', sortable: true, render: (r) => zoned(r.created_on, r) },
  {
    key: 'last_visit_property_id',
    label: 'Last Visited Property',
    sortable: true,
    render: (r) =>
      r.last_visit_property_id == null ? (
        '—'
      ) : (
        <Link
          component={RouterLink}
          to={`/properties/${r.last_visit_property_id}`}
          onClick={(e) => e.stopPropagation()}
        >
          {r.last_visit_property_id}
        </Link>
      ),
  },
  { key: 'last_visit_status', label: 'Last Visit Status', sortable: true, render: (r) => r.last_visit_status ?? '—' },
  { key: 'visitor_status_id_value', label: 'Customer Status', sortable: true },
];

/** /customers: the customers of the builder, newest last visit first. */
export default function CustomersListPage() {
  const { user } = useSession();
  const list = useListParams<CustomerFilter>({
    area: CUSTOMERS_AREA,
    defaultOrderBy: 'last_visit_date',
    defaultOrder: 'desc',
    sortable: CUSTOMER_COLUMNS.map((c) => c.key),
    filters: CUSTOMER_FILTERS,
  });
  const result = useCustomerList(list);
  return (
    <ListPage
      title="Customers"
      list={list}
      result={result}
      columns={CUSTOMER_COLUMNS}
      rowKey={(r) => r.customer_id}
      rowHref={(r) => `/customers/${r.customer_id}`}
      searchPlaceholder="Search all customers"
      filterMenu={<CustomerFilterMenu list={list} chooseBuilder={!!user?.isEnterprise} />}
    />
  );
}

const NO_FILTERS = Object.fromEntries(CUSTOMER_FILTERS.map((f) => [f, null])) as Record<CustomerFilter, null>;

/** Customer status, visitor type and last visit status; the builder for users who choose builders. */
function CustomerFilterMenu({ list, chooseBuilder }: { list: ListController<CustomerFilter>; chooseBuilder: boolean }) {
  const current = list.params.filters;
  const [draft, setDraft] = useState(current);
  const select = (
    name: Exclude<CustomerFilter, 'filterByBuilder'>,
    label: string,
    all: string,
    options: readonly string[],
  ) => (
    <FilterSelect
      label={label}
      all={all}
      value={draft[name]}
      options={named(options)}
      onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
    />
  );
  return (
    <FilterMenu
      activeCount={CUSTOMER_FILTERS.filter((f) => current[f]).length}
      onOpen={() => setDraft(current)}
      onApply={() => list.setFilters(draft)}
      onClear={() => list.setFilters(NO_FILTERS)}
    >
      {select('customerStatus', 'Customer status', 'All customer statuses', CUSTOMER_STATUSES)}
      {select('visitorType', 'Visitor type', 'All visitor types', VISITOR_TYPES)}
      {select('lastStatus', 'Last visit status', 'All last visit statuses', LAST_VISIT_STATUSES)}
      {chooseBuilder && (
        <BuilderFilterField
          value={draft.filterByBuilder}
          onChange={(filterByBuilder) => setDraft((d) => ({ ...d, filterByBuilder }))}
        />
      )}
    </FilterMenu>
  );
}
