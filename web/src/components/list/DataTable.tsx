import { useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { ROW_MIN_HEIGHT, TABLE_MIN_WIDTH } from '../../app/config';
import type { Order, RowKey } from './useListParams';

export interface Column<T> {
  /** Field name; also the orderBy value sent to the server when sortable. */
  key: string;
  label: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  width?: number | string;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): RowKey;
  orderBy?: string;
  order?: Order;
  onSort?(key: string): void;
  selectable?: boolean;
  selected?: readonly RowKey[];
  onSelectedChange?(keys: RowKey[]): void;
  onRowClick?(row: T): void;
  loading?: boolean;
  error?: string | null;
  onRetry?(): void;
  emptyText?: string;
}

function cellText(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return '';
  return String(value);
}

/**
 * The shared table: sortable headers, row selection (checkbox, shift-click ranges, select-all of
 * the visible rows), row click, empty and error rows. Rows are at least 49 px high and the table at
 * least 1230 px wide (it scrolls sideways inside its container).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  orderBy,
  order = 'asc',
  onSort,
  selectable = false,
  selected = [],
  onSelectedChange,
  onRowClick,
  loading = false,
  error,
  onRetry,
  emptyText = 'No record exist!',
}: DataTableProps<T>) {
  const anchor = useRef<number | null>(null);
  const keys = rows.map(rowKey);
  const selectedSet = new Set(selected);
  const visibleSelected = keys.filter((k) => selectedSet.has(k)).length;
  const allSelected = keys.length > 0 && visibleSelected === keys.length;

  const toggle = (index: number, shift: boolean) => {
    if (!onSelectedChange) return;
    const key = keys[index];
    const willSelect = !selectedSet.has(key);
    const next = new Set(selected);
    if (shift && anchor.current !== null && anchor.current < keys.length) {
      const [from, to] = anchor.current < index ? [anchor.current, index] : [index, anchor.current];
      for (let i = from; i <= to; i++) {
        if (willSelect) next.add(keys[i]);
        else next.delete(keys[i]);
      }
    } else if (willSelect) next.add(key);
    else next.delete(key);
    anchor.current = index;
    onSelectedChange([...next]);
  };

  const toggleAll = () => {
    if (!onSelectedChange) return;
    const next = new Set(selected);
    if (allSelected) for (const k of keys) next.delete(k);
    else for (const k of keys) next.add(k);
    anchor.current = null;
    onSelectedChange([...next]);
  };

  const span = columns.length + (selectable ? 1 : 0);
  let body: ReactNode;
  if (error) {
    body = (
      <TableRow sx={{ height: ROW_MIN_HEIGHT }}>
        <TableCell colSpan={span}>
          <Alert
            severity="error"
            action={
              onRetry ? (
                <Button color="inherit" size="small" onClick={onRetry}>
                  Retry
                </Button>
              ) : undefined
            }
          >
            {error}
          </Alert>
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow sx={{ height: ROW_MIN_HEIGHT }}>
        <TableCell colSpan={span} align="center" sx={{ color: 'text.secondary' }}>
          {loading ? 'Loading…' : emptyText}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row, index) => {
      const key = keys[index];
      const isSelected = selectedSet.has(key);
      return (
        <TableRow
          key={String(key)}
          hover
          selected={isSelected}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          sx={{ height: ROW_MIN_HEIGHT, cursor: onRowClick ? 'pointer' : undefined }}
          data-row-key={String(key)}
        >
          {selectable && (
            <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
              <Checkbox
                checked={isSelected}
                slotProps={{ input: { 'aria-label': `Select row ${String(key)}` } }}
                // onClick (not onChange) so that shift-click can select a range.
                onClick={(e) => toggle(index, e.shiftKey)}
                onChange={() => {}}
              />
            </TableCell>
          )}
          {columns.map((c) => (
            <TableCell key={c.key}>{c.render ? c.render(row) : cellText(row, c.key)}</TableCell>
          ))}
        </TableRow>
      );
    });
  }

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table sx={{ minWidth: TABLE_MIN_WIDTH }} size="small" aria-busy={loading}>
        <TableHead>
          <TableRow sx={{ height: ROW_MIN_HEIGHT }}>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={visibleSelected > 0 && !allSelected}
                  disabled={keys.length === 0}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                />
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell
                key={c.key}
                sx={{ fontWeight: 600, width: c.width }}
                sortDirection={orderBy === c.key ? order : false}
              >
                {c.sortable && onSort ? (
                  <TableSortLabel
                    active={orderBy === c.key}
                    direction={orderBy === c.key ? order : 'asc'}
                    onClick={() => onSort(c.key)}
                  >
                    {c.label}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}
