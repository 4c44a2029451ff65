import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeriesPoint, VisitRow } from '../../../api/types';
import { renderRoute, mockRoutes, signInAs } from '../../../test/utils';
import { formatInZone } from '../zonedDate';
import DashboardPage from './DashboardPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const day = (i: number, count: number): SeriesPoint => ({
  date: `2026-10-${String(i + 1).padStart(2, '0')}`,
  name_of_day: 'Monday',
  visit_count: count,
});

const visit = (i: number): VisitRow => ({
  customer_visit_id: i,
  customer_id: 100 + i,
  firstname: `First${i}`,
  lastname: `Last${i}`,
  property_id: 1,
  address_1: '1 Main St',
  subdivision: `Sub${i}`,
  visitor_status_id: 1,
  visitor_status: 'Hot',
  visitor_type_id: 1,
  visitor_type: 'Buyer',
  visited_on: '2026-11-20T18:05:00Z',
  modified_on: '2026-11-20T18:05:00Z',
  timezone: 52,
  builder_id: 1,
});

function routes(over: Partial<Parameters<typeof mockRoutes>[0]> = {}) {
  return mockRoutes({
    'GET /api/visits/contractorsVisits': () => ({ body: { count: 7 } }),
    'GET /api/stats/allProperties': () => ({ body: { count: 1234 } }),
    'GET /api/stats/soldProprties/0': () => ({ body: { count: 3 } }),
    'GET /api/stats/allVisits': () => ({ body: { count: 42 } }),
    'GET /api/stats/monthlyVisits': () => ({ body: Array.from({ length: 30 }, (_, i) => day(i, i % 4)) }),
    'GET /api/stats/yearlyVisits': () => ({
      body: Array.from({ length: 12 }, (_, i) => ({ date: `2026-${i + 1}`, name_of_month: 'May', visit_count: 0 })),
    }),
    'GET /api/visits': () => ({ body: { data: Array.from({ length: 25 }, (_, i) => visit(i + 1)), total: 90 } }),
    ...over,
  });
}

const card = (name: string) => screen.getByRole('region', { name });

describe('DashboardPage', () => {
  it('shows the four cards, the charts and the five newest visits', async () => {
    signInAs({ username: 'pm' });
    const calls = routes();
    renderRoute(<DashboardPage />, { route: '/dashboard' });

    expect(await within(card('Contractors Served')).findByText('7')).toBeInTheDocument();
    expect(await within(card('Active Properties')).findByText('1,234')).toBeInTheDocument();
    expect(await within(card('Sold Properties')).findByText('3')).toBeInTheDocument();
    expect(await within(card('Visits')).findByText('42')).toBeInTheDocument();
    expect(within(card('Visits')).getByText('Last 30 days')).toBeInTheDocument();

    // The yearly series is all zero; the daily one has data.
    expect(await within(card('Monthly Visits')).findByText('No data to show')).toBeInTheDocument();
    expect(within(card('Daily Visits')).queryByText('No data to show')).toBeNull();

    const rows = await screen.findAllByTestId('recent-visit');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]).getByText('First1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Sub1')).toBeInTheDocument();
    // 18:05 UTC in New York (id 52) in November is 1:05 PM.
    expect(within(rows[0]).getByText('2026-11-20 1:05 PM')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Visitor Status' })).toBeInTheDocument();

    const recent = calls.find((c) => c.path === '/api/visits');
    expect(new URLSearchParams(recent?.search)).toEqual(
      new URLSearchParams({ order: 'desc', orderBy: 'modified_on', limit: '25' }),
    );
    expect(calls.find((c) => c.path === '/api/stats/allProperties')?.search).toBe('?status=Accessible');
  });

  it('says Homes Rented to rental builders and shows a failed card with Retry', async () => {
    signInAs({ username: 'rental', isRental: true });
    routes({
      'GET /api/stats/allVisits': () => ({ status: 500, body: { message: 'boom' } }),
      'GET /api/stats/monthlyVisits': () => ({ body: [] }),
    });
    renderRoute(<DashboardPage />, { route: '/dashboard' });

    expect(await within(card('Homes Rented')).findByText('3')).toBeInTheDocument();
    expect(await within(card('Visits')).findByText('Visits could not be loaded: boom')).toBeInTheDocument();
    expect(within(card('Visits')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await within(card('Daily Visits')).findByText('No data to show')).toBeInTheDocument();
  });
});

describe('formatInZone', () => {
  it('formats in the property time zone', () => {
    expect(formatInZone('2026-07-01T06:30:00Z', 51)).toBe('2026-07-01 12:30 AM');
    expect(formatInZone('2026-07-01T06:30:00Z', 54)).toBe('2026-06-30 11:30 PM');
    expect(formatInZone('2026-01-15T18:00:00Z', 53)).toBe('2026-01-15 12:00 PM');
    expect(formatInZone(null, 51)).toBe('');
  });
});
