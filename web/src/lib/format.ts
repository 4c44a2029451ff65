const pad = (n: number) => String(n).padStart(2, '0');

/** Default display `yyyy-MM-dd h:mm a`, in the browser's time zone; empty for missing/invalid dates. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value || value.startsWith('0000-00-00')) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hour12}:${pad(d.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Formats digits as a phone mask made of groups, e.g. [3,3,4] → 999-999-9999. */
export function maskPhone(input: string, groups: readonly number[] = [3, 3, 4]): string {
  const max = groups.reduce((a, b) => a + b, 0);
  const digits = input.replace(/\D/g, '').slice(0, max);
  const parts: string[] = [];
  let i = 0;
  for (const g of groups) {
    if (i >= digits.length) break;
    parts.push(digits.slice(i, i + g));
    i += g;
  }
  return parts.join('-');
}

/** Letters and single inner spaces only: other characters are dropped as typed. */
export function lettersAndSpaces(input: string): string {
  return input
    .replace(/[^\p{L} ]/gu, '')
    .replace(/^ +/, '')
    .replace(/ {2,}/g, ' ');
}

/** yyyy-MM-dd (how the server keeps dates) as MM/dd/yyyy, the spec's date format; other text as it is. */
export function formatUsDate(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${m}/${d}/${y}` : date;
}

/** Today in the browser's calendar as a date input takes it (yyyy-MM-dd), e.g. for its `min`. */
export function todayInput(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
