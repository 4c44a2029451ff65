import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEnterpriseBuilders } from '../../features/builders/api/useBuilders';
import { loadErrorText } from '../LoadError';
import { FilterMenu } from './FilterMenu';
import type { ListController } from './useListParams';

/** The `Builder` select of a filter menu over the enterprise user's builders ('' = all builders). */
export function BuilderFilterField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const builders = useEnterpriseBuilders();
  return (
    <TextField
      select
      label="Builder"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      error={builders.isError}
      helperText={builders.isError ? loadErrorText('Builders', builders.error) : undefined}
    >
      <MenuItem value="">All builders</MenuItem>
      {(builders.data ?? []).map((b) => (
        <MenuItem key={b.builder_id} value={String(b.builder_id)}>
          {b.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Filter menu with the builder filter (`filterByBuilder`), for users who can choose builders. */
export function BuilderFilterMenu({ list }: { list: ListController<'filterByBuilder'> }) {
  const current = list.params.filters.filterByBuilder;
  const [draft, setDraft] = useState(current);
  return (
    <FilterMenu
      activeCount={current ? 1 : 0}
      onOpen={() => setDraft(current)}
      onApply={() => list.setFilters({ filterByBuilder: draft })}
      onClear={() => list.setFilters({ filterByBuilder: null })}
    >
      <BuilderFilterField value={draft} onChange={setDraft} />
    </FilterMenu>
  );
}
