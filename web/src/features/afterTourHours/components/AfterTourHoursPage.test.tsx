import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AfterTourHoursRow } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import AfterTourHoursPage from './AfterTourHoursPage';

const attempt = (id: number): AfterTourHoursRow => ({
  id,
  property_id: 40 + id,
  house_num: '12',
  address_1: '100 Oak Lane',
  community: 'Oak Ridge',
  tour_hours: '9:00 AM - 6:00 PM',
  modified_on: '2026-11-20T03:10:00Z',
  timezone: 53,
  timezoneAbbr: 'CT',
  timezoneValue: 'America/Chicago',
  builder_id: 1,
});

afterEach(() => vi.restoreAllMocks());

describe('AfterTourHoursPage', () => {
  it('lists the attempts in the builder’s zone, latest first, and exports the selected', async () => {
    signInAs({ username: 'demo.pm' });
    const calls = mockRoutes({
      'GET /api/visits/afterTourHours': () => ({ body: { data: [attempt(1)], total: 1 } }),
      'POST /api/visits/afterTourHours/export': () => ({ body: 'Property Id\n' }),
    });
    renderRoute(<AfterTourHoursPage />, { path: '/afterTourHours', route: '/afterTourHours' });
    const row = (await screen.findByText('41')).closest('tr')!;
    // 03:10 UTC is 9:10 PM the evening before in Chicago.
    expect(within(row).getByText('2026-11-19 9:10 PM CT')).toBeInTheDocument();
    expect(within(row).getByText('9:00 AM - 6:00 PM')).toBeInTheDocument();
    const listed = new URLSearchParams(calls.find((c) => c.path === '/api/visits/afterTourHours')!.search);
    expect([listed.get('orderBy'), listed.get('order')]).toEqual(['modified_on', 'desc']);

    await userEvent.click(within(row).getByRole('checkbox'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:attempts');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['after-tour-hours-export.csv']));
    expect(calls.find((c) => c.path === '/api/visits/afterTourHours/export')!.body).toEqual({ selection: [1] });
  });
});
