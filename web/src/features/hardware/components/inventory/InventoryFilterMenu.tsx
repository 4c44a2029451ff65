import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { CATALOG_LOCK_STATUS, useCatalog } from '../../../../app/startup';
import { loadErrorText } from '../../../../components/LoadError';
import { BuilderFilterField, FilterMenu, FilterSelect, named, type FilterOption } from '../../../../components/list';
import {
  INVENTORY_FILTERS,
  LOCK_STATUS_EXTRAS,
  SHIPMENT_STATUSES,
  useLockCommunities,
  type InventoryList,
} from '../../api/inventory';

const NONE = Object.fromEntries(INVENTORY_FILTERS.map((f) => [f, null]));

/**
 * Lock status (the lock statuses and the extra shipment words), shipment status and community,
 * and the builder filter for users who choose among builders. Applied filters live in the URL.
 */
export function InventoryFilterMenu({ list, chooseBuilder }: { list: InventoryList; chooseBuilder: boolean }) {
  const current = list.params.filters;
  const [draft, setDraft] = useState(current);
  const lockStatuses = useCatalog(CATALOG_LOCK_STATUS);
  const communities = useLockCommunities();
  const select = (name: keyof typeof draft, label: string, all: string, options: FilterOption[]) => (
    <FilterSelect
      label={label}
      all={all}
      value={draft[name]}
      options={options}
      onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
      error={name === 'community' && communities.isError ? loadErrorText('Communities', communities.error) : undefined}
    />
  );
  return (
    <FilterMenu
      activeCount={INVENTORY_FILTERS.filter((f) => current[f]).length}
      onOpen={() => setDraft(current)}
      onApply={() => list.setFilters(draft)}
      onClear={() => list.setFilters(NONE)}
    >
      {select('lockStatus', 'Lock status', 'All lock statuses', [
        ...named(lockStatuses.map((s) => s.name)),
        ...named(LOCK_STATUS_EXTRAS),
      ])}
      {select('shipmentStatus', 'Shipment status', 'All shipment statuses', named(SHIPMENT_STATUSES))}
      {select(
        'community',
        'Community',
        'All communities',
        (communities.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        These filters apply to locks.
      </Typography>
      {chooseBuilder && (
        <BuilderFilterField
          value={draft.filterByBuilder}
          onChange={(filterByBuilder) => setDraft((d) => ({ ...d, filterByBuilder }))}
        />
      )}
    </FilterMenu>
  );
}
