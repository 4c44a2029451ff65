import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PropertyTourRow } from '../../../api/types';
import { listStateStore } from '../../../components/list';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import PropertyTourReportPage from './PropertyTourReportPage';

const home: PropertyTourRow = {
  property_id: 41,
  community_name: 'Oak Ridge',
  address_1: '100 Oak Lane',
  lot_num: '12',
  marketing_name: null,
  no_of_tours: 4,
  avg_tours_per_day: 0.2,
  no_of_repeat_visitors: 1,
  days_since_activation: 49,
  days_since_last_tour: null,
  top_toured_day: 'Monday',
  top_toured_hour: '2:00 PM',
};

afterEach(() => vi.restoreAllMocks());

describe('PropertyTourReportPage', () => {
  it('lists the period’s figures and exports the selected homes with the period', async () => {
    signInAs({ username: 'demo.pm' });
    const calls = mockRoutes({
      'GET /api/properties/tourReport': () => ({ body: { data: [home], total: 1, totalCount: 1 } }),
      'POST /api/properties/tourReport/export': () => ({ body: 'Property Id\n' }),
    });
    renderRoute(<PropertyTourReportPage />, {
      path: '/reportPropertyTours',
      route: '/reportPropertyTours?startDate=2026-11-01&endDate=2026-11-20',
    });
    const row = (await screen.findByText('100 Oak Lane')).closest('tr')!;
    expect(within(row).getByText('0.20')).toBeInTheDocument();
    expect(within(row).getByText('2:00 PM')).toBeInTheDocument();
    // No marketing name, no tour before the period's end.
    expect(within(row).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('11/01/2026 – 11/20/2026')).toBeInTheDocument();
    const listed = new URLSearchParams(calls.find((c) => c.path === '/api/properties/tourReport')!.search);
    expect([listed.get('startDate'), listed.get('endDate'), listed.get('orderBy')]).toEqual([
      '2026-11-01',
      '2026-11-20',
      'community_name',
    ]);

    await userEvent.click(within(row).getByRole('checkbox'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['properties_tourReport-export.csv']));
    expect(calls.find((c) => c.path === '/api/properties/tourReport/export')!.body).toEqual({
      selection: [41],
      startDate: '2026-11-01',
      endDate: '2026-11-20',
    });
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('asks for the period when the address has none, and calls nothing', async () => {
    signInAs({ username: 'demo.pm' });
    // As on arriving from another screen: no report state kept.
    listStateStore.reset();
    const calls = mockRoutes({});
    renderRoute(<PropertyTourReportPage />, { path: '/reportPropertyTours', route: '/reportPropertyTours' });
    expect(await screen.findByText(/Choose the report's start and end dates/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('tourReport'))).toHaveLength(0);
  });
});
