import { useRef, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { ROW_MIN_HEIGHT, TABLE_MIN_WIDTH } from '../../app/config';
import { LoadError } from '../LoadError';
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
  /**
   * Where a row leads. The first cell becomes a link (reachable with Tab, opened with Enter, and
   * in a new tab with the browser's usual gestures); a click anywhere else on the row follows it.
   */
  rowHref?(row: T): string;
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

/** Keys as one comparable string: in order for the rows shown, in any order for a selection. */
const keyStrings = (keys: readonly RowKey[]) => keys.map((k) => `${typeof k}:${String(k)}`);
const rowsSignature = (keys: readonly RowKey[]) => keyStrings(keys).join('\u0000');
const selectionSignature = (keys: readonly RowKey[]) => keyStrings(keys).sort().join('\u0000');

/** Clicks on the row's own controls (link, checkbox, buttons) are not row clicks. */
const fromControl = (e: MouseEvent) =>
  e.target instanceof Element && e.target.closest('a, button, input, label, [role="button"]') !== null;

/**
 * The shared table: sortable headers, row selection (checkbox, shift-click ranges, select-all of
 * the visible rows), rows that lead somewhere (a link in the first cell, the whole row clickable),
 * empty and error rows. Rows are at least 49 px high and the table at least 1230 px wide (it
 * scrolls sideways inside its container).
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
  rowHref,
  loading = false,
  error,
  onRetry,
  emptyText = 'No record exist!',
}: DataTableProps<T>) {
  const navigate = useNavigate();
  const keys = rows.map(rowKey);
  const shown = rowsSignature(keys);
  const selectedSet = new Set(selected);
  const visibleSelected = keys.filter((k) => selectedSet.has(k)).length;
  const allSelected = keys.length > 0 && visibleSelected === keys.length;

  // The shift-click anchor: the index of the last toggled row. It only holds for the rows and the
  // selection it was set with; new rows (page, search, sort) or a selection replaced from outside
  // (cleared, deleted) drop it.
  const anchor = useRef<{ index: number; rows: string; selection: string } | null>(null);
  const currentAnchor = () => {
    const a = anchor.current;
    return a && a.rows === shown && a.selection === selectionSignature(selected) ? a.index : null;
  };

  const select = (next: Set<RowKey>, anchorAt: number | null) => {
    const keysNext = [...next];
    anchor.current =
      anchorAt === null ? null : { index: anchorAt, rows: shown, selection: selectionSignature(keysNext) };
    onSelectedChange?.(keysNext);
  };

  const toggle = (index: number, shift: boolean) => {
    if (!onSelectedChange) return;
    const key = keys[index];
    const willSelect = !selectedSet.has(key);
    const next = new Set(selected);
    const anchorIndex = shift ? currentAnchor() : null;
    if (anchorIndex !== null) {
      const [from, to] = anchorIndex < index ? [anchorIndex, index] : [index, anchorIndex];
      for (let i = from; i <= to; i++) {
        if (willSelect) next.add(keys[i]);
        else next.delete(keys[i]);
      }
    } else if (willSelect) next.add(key);
    else next.delete(key);
    select(next, index);
  };

  const toggleAll = () => {
    if (!onSelectedChange) return;
    const next = new Set(selected);
    if (allSelected) for (const k of keys) next.delete(k);
    else for (const k of keys) next.add(k);
    select(next, null);
  };

  const span = columns.length + (selectable ? 1 : 0);
  let body: ReactNode;
  if (error) {
    body = (
      <TableRow sx={{ height: ROW_MIN_HEIGHT }}>
        <TableCell colSpan={span}>
          <LoadError onRetry={onRetry}>{error}</LoadError>
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
      const href = rowHref?.(row);
      return (
        <TableRow
          key={String(key)}
          hover
          selected={isSelected}
          onClick={
            href === undefined
              ? undefined
              : (e) => {
                  if (!fromControl(e)) navigate(href);
                }
          }
          sx={{ height: ROW_MIN_HEIGHT, cursor: href === undefined ? undefined : 'pointer' }}
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
          {columns.map((c, i) => {
            const content = c.render ? c.render(row) : cellText(row, c.key);
            return (
              <TableCell key={c.key}>
                {i === 0 && href !== undefined ? (
                  <Link component={RouterLink} to={href} underline="hover" color="inherit" sx={{ fontWeight: 600 }}>
                    {content}
                  </Link>
                ) : (
                  content
                )}
              </TableCell>
            );
          })}
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
