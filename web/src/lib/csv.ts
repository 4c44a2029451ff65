// CSV written in the browser (a chart's data): quoted where needed, formula cells neutralised as
// the server's exports do, with a byte-order mark so spreadsheets read UTF-8.
import { saveBlob } from '../api/client';

function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value !== 'number') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  headers: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [headers, ...rows].map((row) => row.map(cell).join(',')).join('\n') + '\n';
}

export function downloadCsv(
  fileName: string,
  headers: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): void {
  saveBlob(new Blob(['\uFEFF', toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
