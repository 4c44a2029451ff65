// Visit dates in the property's time zone (spec 1 §9: `yyyy-MM-dd h:mm a`, the property's zone).

/** The server's time zone ids (catalog type 6) and their IANA names. */
export const VISIT_TIME_ZONES: Readonly<Record<number, string>> = {
  51: 'America/Denver',
  52: 'America/New_York',
  53: 'America/Chicago',
  54: 'America/Los_Angeles',
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * `yyyy-MM-dd h:mm a` of `value` in the zone of time zone id `zoneId` (the browser's zone for an
 * unknown id); empty for a missing or invalid date.
 */
export function formatInZone(value: string | null | undefined, zoneId: number | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const zone = zoneId == null ? undefined : VISIT_TIME_ZONES[zoneId];
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(d)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? '').toUpperCase()}`;
}
