import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PropertyRow } from '../../../api/types';
import { SEARCH_DEBOUNCE_MS } from '../../../app/config';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { usePropertySearch } from '../api/properties';

/** `Lot 12 · 148 Oak Lane, Austin`: how a picker names a property. */
export function propertyLabel(p: Pick<PropertyRow, 'house_num' | 'address_1' | 'city'>): string {
  const lot = p.house_num ? `Lot ${p.house_num} · ` : '';
  return `${lot}${p.address_1}, ${p.city}`;
}

/**
 * A property picker that searches the server as the user types (400 ms), so every property can
 * be found however many the builder has.
 */
export function PropertyPicker({
  label,
  builderId,
  value,
  onChange,
  optionLabel = propertyLabel,
  required,
  error,
  toursOnly = false,
}: {
  label: string;
  /** The enterprise user's builder (sent as `builderId`); undefined for the user's own. */
  builderId: number | undefined;
  value: PropertyRow | null;
  onChange(property: PropertyRow | null): void;
  /** How an option reads (default `propertyLabel`). */
  optionLabel?(p: PropertyRow): string;
  required?: boolean;
  /** A message about the choice, shown under the field as an error. */
  error?: string;
  /** Offers only homes open to tours. */
  toursOnly?: boolean;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // Nothing is asked until the picker is first opened.
  const [opened, setOpened] = useState(false);
  const result = usePropertySearch(useDebouncedValue(search, SEARCH_DEBOUNCE_MS), builderId, opened, toursOnly);
  const found = result.data?.data ?? [];
  // The chosen property stays an option while another search is shown.
  const options = value && !found.some((p) => p.property_id === value.property_id) ? [value, ...found] : found;
  const more = (result.data?.total ?? 0) > found.length;
  return (
    <>
      <Autocomplete<PropertyRow>
        options={options}
        // The server filters; its answer is shown as it is.
        filterOptions={(o) => o}
        loading={result.isFetching}
        noOptionsText="No properties were found"
        value={value}
        inputValue={input}
        onInputChange={(_, text, reason) => {
          setInput(text);
          // Picking writes the label into the box: that is not a new search.
          if (reason === 'input' || reason === 'clear') setSearch(reason === 'clear' ? '' : text);
        }}
        onOpen={() => setOpened(true)}
        onChange={(_, picked) => onChange(picked)}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(a, b) => a.property_id === b.property_id}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={required}
            error={!!error}
            helperText={error ?? (more ? 'Type to search all properties' : undefined)}
          />
        )}
      />
      {result.isError && (
        <LoadError sx={{ mt: 1 }} onRetry={() => void result.refetch()}>
          {loadErrorText('Properties', result.error)}
        </LoadError>
      )}
    </>
  );
}
