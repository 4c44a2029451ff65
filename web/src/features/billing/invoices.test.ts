import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../api/types';
import { filterInvoices, invoiceDate, invoicePeriod, invoiceStatus, money, statusColor, utcToday } from './invoices';

describe('invoices', () => {
  it('derive their shown status from the balance and the due date', () => {
    expect(invoiceStatus(0, '2026-11-10', '2026-12-01')).toBe('Paid');
    expect(invoiceStatus(-100, '2026-11-10', '2026-11-01')).toBe('Paid');
    expect(invoiceStatus(100, '2026-11-10', '2026-11-11')).toBe('Overdue');
    expect(invoiceStatus(100, '2026-11-10', '2026-11-10')).toBe('Pending');
    expect(invoiceStatus(100, '2026-11-10', '2026-11-01')).toBe('Pending');
  });

  it('colour the badges: paid green, overdue red, pending orange, else grey', () => {
    expect(statusColor('Paid')).toBe('success');
    expect(statusColor('Overdue')).toBe('error');
    expect(statusColor('Pending')).toBe('warning');
    expect(statusColor('not_paid')).toBe('default');
  });

  it('show cents as US dollars and dates as short month, day, year', () => {
    expect(money(123456)).toBe('$1,234.56');
    expect(money(5)).toBe('$0.05');
    expect(money(-500)).toBe('-$5.00');
    expect(invoiceDate('2026-11-01')).toBe('Nov 1, 2026');
    expect(invoicePeriod('2026-12-01')).toBe('December 2026');
    expect(utcToday(new Date(Date.UTC(2026, 10, 24, 23, 30)))).toBe('2026-11-24');
  });

  it('filter the history by stored status', () => {
    const paid = { id: 1, status: 'paid' } as Invoice;
    const open = { id: 2, status: 'not_paid' } as Invoice;
    expect(filterInvoices([paid, open], 'All')).toEqual([paid, open]);
    expect(filterInvoices([paid, open], 'Unpaid')).toEqual([open]);
    expect(filterInvoices([paid, open], 'Paid')).toEqual([paid]);
  });
});
