import { apiBlob, saveBlob, toQueryString, type Query } from '../../api/client';
import type { RowKey } from './useListParams';

const CSV = 'text/csv';
const PDF = 'application/pdf';

export function exportFileName(area: string): string {
  return `${area}-export.csv`;
}

/** What Export and Print send beside the selection (a report's startDate and endDate). */
export type SelectionExtras = Record<string, string | number>;

/** POST /api/{area}/export {selection, ...extras} → `{area}-export.csv` (or `fileName`). */
export async function exportSelected(
  area: string,
  selection: readonly RowKey[],
  fileName = exportFileName(area),
  extras: SelectionExtras = {},
): Promise<void> {
  const blob = await apiBlob(`/${area}/export`, { method: 'POST', body: { ...extras, selection }, accept: CSV });
  saveBlob(blob, fileName);
}

/** POST /api/{area}/exportAll {params, query} → `{area}-export.csv` (or `fileName`) of the whole filtered list. */
export async function exportAll(area: string, params: Query, fileName = exportFileName(area)): Promise<void> {
  // Numeric filters travel as text in the URL; the JSON params carry them as numbers.
  const clean = Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [k, k !== 'search' && typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
  );
  const blob = await apiBlob(`/${area}/exportAll`, {
    method: 'POST',
    body: { params: clean, query: toQueryString(clean).replace(/^\?/, '') },
    accept: CSV,
  });
  saveBlob(blob, fileName);
}

/** POST /api/{area}/print {selection, ...extras} → PDF shown in a new window. */
export async function printSelected(
  area: string,
  selection: readonly RowKey[],
  extras: SelectionExtras = {},
): Promise<void> {
  // Open the window while still inside the click, so that pop-up blockers allow it.
  const win = window.open('', '_blank');
  try {
    const blob = await apiBlob(`/${area}/print`, { method: 'POST', body: { ...extras, selection }, accept: PDF });
    const url = URL.createObjectURL(new Blob([blob], { type: PDF }));
    if (win) win.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    win?.close();
    throw e;
  }
}
