// Times of day as the hours editors show them: minutes after midnight <-> `h:mm AM` text.

/** Day names by dayOfWeek (0 is Sunday, spec 1 §9). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The editors list the week from Monday, so that Copy to All copies the first row. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Every step of the editors' time selects. */
export const STEP_MINUTES = 30;

/** The `h:mm AM` text of minutes after midnight (`12:00 PM`, `9:30 PM`). */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Minutes after midnight of a `h:mm AM` text; null for anything else (the server's parse_clock). */
export function parseClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{1,2}) (AM|PM)$/.exec(text.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h < 1 || h > 12 || m > 59) return null;
  return (match[3] === 'PM' ? 12 * 60 : 0) + (h % 12) * 60 + m;
}

/** `from`, `from + step` … up to `to` (inclusive). */
export function timeSteps(from: number, to: number, step = STEP_MINUTES): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += step) out.push(t);
  return out;
}
