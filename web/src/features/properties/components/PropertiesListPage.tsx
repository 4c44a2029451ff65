import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import { useSession } from '../../../api/session';
import type { PropertyRow } from '../../../api/types';
import {
  BuilderFilterField,
  FilterMenu,
  ListPage,
  useListParams,
  type Column,
  type ListController,
} from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { PROPERTIES_AREA, usePropertyList, type PropertyFilter } from '../api/properties';
import { useListBuilder } from '../builderMode';
import { CATALOG_LOCK_STATUS, useCatalog } from '../../../app/startup';
import { DISPOSITION_FILTERS, formatDollars } from '../propertySchema';
import { PropertyStatus } from './PropertyStatus';

export const ADD_DISABLED = 'Adding properties is turned off for this builder';

/**
 * The list's columns; the price column reads Rent per Month in rental mode, and a rent among sale
 * prices (All Builders) says it is one.
 */
export function propertyColumns(isRental: boolean): Column<PropertyRow>[] {
  return [
    { key: 'house_num', label: 'Lot #', sortable: true },
    { key: 'address_1', label: 'Address', sortable: true },
    { key: 'community', label: 'Community', sortable: true },
    { key: 'city', label: 'City', sortable: true },
    { key: 'state', label: 'State', sortable: true },
    { key: 'zipcode', label: 'Zipcode', sortable: true },
    {
      key: 'disposition',
      label: 'Status',
      sortable: true,
      render: (r) => <PropertyStatus disposition={r.disposition} lockStatus={r.lock_status} />,
    },
    { key: 'lock_status', label: 'Lock Status', sortable: true, render: (r) => r.lock_status ?? '—' },
    {
      key: 'price',
      label: isRental ? 'Rent per Month' : 'Price',
      sortable: true,
      // All of an enterprise's builders in one list: a rental builder's price is a monthly rent.
      render: (r) =>
        r.is_rental && !isRental && r.price != null ? `${formatDollars(r.price)} / month` : formatDollars(r.price),
    },
    { key: 'bedrooms', label: 'Bedrooms', sortable: true },
    { key: 'builder', label: 'Builder', sortable: true },
    { key: 'modified_on', label: 'Modified On', sortable: true, render: (r) => formatDateTime(r.modified_on) },
  ];
}

const SORTABLE = propertyColumns(false).map((c) => c.key);

/** /properties: the property list. */
export default function PropertiesListPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const list = useListParams<PropertyFilter>({
    area: PROPERTIES_AREA,
    defaultOrderBy: 'modified_on',
    defaultOrder: 'desc',
    sortable: SORTABLE,
    filters: ['lockDisposition', 'lockStatus', 'filterByBuilder'] as const,
  });
  const result = usePropertyList(list);
  // A status the filter does not offer (an edited URL) would only be refused by the server.
  const status = list.params.filters.lockDisposition;
  const unknownStatus = status !== '' && !(DISPOSITION_FILTERS as readonly string[]).includes(status);
  useEffect(() => {
    if (unknownStatus) list.setFilters({ lockDisposition: null });
  }, [unknownStatus, list]);
  const builder = useListBuilder();
  const addDisabled = builder.detail?.disable_add_property_and_community === true;

  return (
    <ListPage
      title="Properties"
      list={list}
      result={result}
      columns={propertyColumns(builder.isRental)}
      rowKey={(r) => r.property_id}
      rowHref={(r) => `/properties/${r.property_id}`}
      searchPlaceholder="Search all properties"
      actions={
        <Tooltip title={addDisabled ? ADD_DISABLED : ''}>
          {/* A span keeps the tooltip working on the disabled button. */}
          <span>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={addDisabled}
              onClick={() => navigate(`${pathname.replace(/\/$/, '')}/add`)}
            >
              Add property
            </Button>
          </span>
        </Tooltip>
      }
      filterMenu={<PropertyFilterMenu list={list} chooseBuilder={!!user?.isEnterprise} />}
    />
  );
}

/** A filter not in force reads as its "All ..." choice rather than an empty field. */
const SHOW_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * The disposition and lock status filters, and the builder filter for users who can choose
 * builders. The menu shows exactly the filters in force and adds none of its own: the spec's
 * default lock status (Active) would hide every home without a lock, so the list opens unfiltered
 * and Active is one choice among the others (docs/web.md).
 */
function PropertyFilterMenu({ list, chooseBuilder }: { list: ListController<PropertyFilter>; chooseBuilder: boolean }) {
  const current = list.params.filters;
  const [draft, setDraft] = useState(current);
  const lockStatuses = useCatalog(CATALOG_LOCK_STATUS);
  return (
    <FilterMenu
      activeCount={(current.lockDisposition ? 1 : 0) + (current.lockStatus ? 1 : 0) + (current.filterByBuilder ? 1 : 0)}
      onOpen={() => setDraft(current)}
      onApply={() => list.setFilters(draft)}
      onClear={() => list.setFilters({ lockDisposition: null, lockStatus: null, filterByBuilder: null })}
    >
      <TextField
        select
        label="Status"
        value={draft.lockDisposition}
        onChange={(e) => setDraft((d) => ({ ...d, lockDisposition: e.target.value }))}
        fullWidth
        slotProps={SHOW_ALL}
      >
        <MenuItem value="">All statuses</MenuItem>
        {DISPOSITION_FILTERS.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Lock status"
        value={draft.lockStatus}
        onChange={(e) => setDraft((d) => ({ ...d, lockStatus: e.target.value }))}
        fullWidth
        slotProps={SHOW_ALL}
      >
        <MenuItem value="">All lock statuses</MenuItem>
        {lockStatuses.map((l) => (
          <MenuItem key={l.catalog_id} value={l.name}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      {chooseBuilder && (
        <BuilderFilterField
          value={draft.filterByBuilder}
          onChange={(filterByBuilder) => setDraft((d) => ({ ...d, filterByBuilder }))}
        />
      )}
    </FilterMenu>
  );
}
