// The billing pages' rules (spec 3 §4 and §9): the status shown for an invoice, its badge colour,
// money in cents shown as USD en-US, invoice dates, and the history's filters.
import type { Invoice } from '../../api/types';

export type ShownStatus = 'Paid' | 'Overdue' | 'Pending';

/** Paid if nothing is due, else Overdue once the due date (yyyy-MM-dd) has passed, else Pending. */
export function invoiceStatus(balance: number, dueDate: string, today: string): ShownStatus {
  if (balance <= 0) return 'Paid';
  return dueDate < today ? 'Overdue' : 'Pending';
}

/** Badge colours: paid green, overdue red, pending orange, anything else grey. */
export function statusColor(status: string): 'success' | 'error' | 'warning' | 'default' {
  switch (status.toLowerCase()) {
    case 'paid':
      return 'success';
    case 'overdue':
      return 'error';
    case 'pending':
      return 'warning';
    default:
      return 'default';
  }
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars: `$1,234.50`. */
export function money(cents: number): string {
  return USD.format(cents / 100);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An invoice date (yyyy-MM-dd) as short month, day, year: `Nov 1, 2026`. */
export function invoiceDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** The invoice page's Period: the month of the due date (`December 2026`). */
export function invoicePeriod(dueDate: string): string {
  const [y, m] = dueDate.split('-').map(Number);
  return `${LONG_MONTHS[m - 1]} ${y}`;
}

/** Today as yyyy-MM-dd in UTC, the day the server judges due dates by. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const HISTORY_FILTERS = ['All', 'Unpaid', 'Paid'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** The history's filter: Unpaid lists not_paid invoices, Paid lists paid ones. */
export function filterInvoices(invoices: readonly Invoice[], filter: HistoryFilter): Invoice[] {
  if (filter === 'All') return [...invoices];
  const stored = filter === 'Paid' ? 'paid' : 'not_paid';
  return invoices.filter((i) => i.status === stored);
}
