// Times of a home's hardware in the home's time zone (PropertyDetail.timezoneValue, an IANA name;
// undefined means the browser's zone), read and written through Intl.

export type Zone = string | undefined;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: Zone): Intl.DateTimeFormat {
  const key = zone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(key, f);
  }
  return f;
}

/** The wall-clock fields of an instant in the zone. */
export function zonedParts(date: Date, zone: Zone): Parts {
  const p: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(date)) p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd` of an instant in the zone (date inputs, day groups, lock log ranges). */
export function zonedDate(date: Date, zone: Zone): string {
  const p = zonedParts(date, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** `yyyy-MM-ddTHH:mm` of an instant in the zone, a datetime-local input's value. */
export function zonedInput(date: Date, zone: Zone): string {
  const p = zonedParts(date, zone);
  return `${zonedDate(date, zone)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** `h:mm a` of an instant in the zone. */
export function zonedTime(date: Date, zone: Zone): string {
  const p = zonedParts(date, zone);
  return `${p.hour % 12 === 0 ? 12 : p.hour % 12}:${pad(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** The spec's display, `yyyy-MM-dd h:mm a`, in the zone; empty for a missing or unreadable time. */
export function formatZoned(value: string | null | undefined, zone: Zone): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${zonedDate(date, zone)} ${zonedTime(date, zone)}`;
}

/** A day heading such as `Monday, March 2, 2026` for a `yyyy-MM-dd` day. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(ms: number, zone: Zone): number {
  const p = zonedParts(new Date(ms), zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall-clock time `yyyy-MM-ddTHH:mm` in the zone; null when unreadable. */
export function fromZoned(text: string, zone: Zone): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  // The offset at the wall time read as UTC is right except near a change of offset; a second
  // look at the candidate settles it.
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}
