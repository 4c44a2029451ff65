import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VisitRow } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import VisitsListPage from './VisitsListPage';

const visit = (id: number, extra: Partial<VisitRow> = {}): VisitRow => ({
  customer_visit_id: id,
  customer_id: 70 + id,
  firstname: 'Ann',
  lastname: `Lee${id}`,
  cell_phone_1: '555-201-0000',
  property_id: 41,
  address_1: '100 Oak Lane',
  house_num: '12',
  subdivision: 'Oak Ridge',
  visitor_status_id: 156,
  visitor_status: 'Accessed',
  visitor_type_id: 122,
  visitor_type: 'V',
  remarks: null,
  platform: 'iOS',
  attribution: 'Zillow',
  visited_on: '2026-11-20T15:04:00Z',
  modified_on: '2026-11-20T15:04:00Z',
  timezone: 54,
  timezoneAbbr: 'PT',
  timezoneValue: 'America/Los_Angeles',
  builder_id: 1,
  ...extra,
});

describe('VisitsListPage', { timeout: 60_000 }, () => {
  it('lists visits newest first in their home’s zone, filters a date range and opens the customer', async () => {
    signInAs({ username: 'demo.pm' });
    const calls = mockRoutes({
      'GET /api/visits': () => ({
        body: { data: [visit(1), visit(2, { visitor_status: 'NA-V' })], total: 2 },
      }),
    });
    renderRoute(<VisitsListPage />, { path: '/visits', route: '/visits' });
    const row = (await screen.findByText('Lee1')).closest('tr')!;
    // 15:04 UTC is 7:04 AM in Los Angeles.
    expect(within(row).getByText('2026-11-20 7:04 AM PT')).toBeInTheDocument();
    expect(within(row).getByText('Accessed').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    const other = screen.getByText('Lee2').closest('tr')!;
    expect(within(other).getByText('NA-V').closest('.MuiChip-root')).not.toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByPlaceholderText('Search all visits')).toBeInTheDocument();
    const first = new URLSearchParams(calls.find((c) => c.path === '/api/visits')!.search);
    expect([first.get('orderBy'), first.get('order')]).toEqual(['modified_on', 'desc']);

    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    await userEvent.type(start, '2026-11-20');
    await userEvent.type(end, '2026-11-19');
    expect(screen.getByText('End date must not be before the start date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.clear(end);
    await userEvent.type(end, '2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = new URLSearchParams(calls.filter((c) => c.path === '/api/visits').at(-1)!.search);
      expect([last.get('startDate'), last.get('endDate')]).toEqual(['2026-11-20', '2026-11-21']);
    });

    await userEvent.click(within(screen.getByText('Lee1').closest('tr')!).getByText('Oak Ridge'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers\/71$/);
  });
});
