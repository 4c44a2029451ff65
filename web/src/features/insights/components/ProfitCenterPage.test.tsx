import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfitCenter } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import ProfitCenterPage from './ProfitCenterPage';

afterEach(() => vi.restoreAllMocks());

const line = {
  communityId: 7,
  community: 'Oak Ridge',
  soldAfterTour: 2,
  soldTotal: 3,
  valueAfterTour: 91_000_000,
  daysOnMarketToured: 25,
  daysOnMarketUntoured: 40.5,
  toursOutsideStaffHours: 5,
  staffHoursSaved: 2.5,
};

const answer: ProfitCenter = {
  total: { ...line, communityId: 0, community: 'All communities' },
  communities: [line],
  showingMinutes: 30,
};

describe('ProfitCenterPage', () => {
  it('shows what self-tours earned and downloads the communities as CSV', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    mockRoutes({
      'GET /api/insights/profitCenter': () => ({ body: answer }),
      'GET /api/communities': () => ({ body: { data: [{ id: 7, name: 'Oak Ridge' }], total: 1 } }),
    });
    renderRoute(<ProfitCenterPage />, { path: '/profit-center', route: '/profit-center' });
    const sold = await screen.findByRole('region', { name: 'Sold after a self-tour' });
    expect(sold).toHaveTextContent('2of 3 homes sold or rented');
    expect(screen.getByRole('region', { name: 'Value of those homes' })).toHaveTextContent('$910,000.00');
    expect(screen.getByRole('region', { name: 'Days on market' })).toHaveTextContent(
      '25 daystoured, against 40.5 days untoured',
    );
    expect(screen.getByRole('region', { name: 'Staff time saved' })).toHaveTextContent(
      '2.5 hours5 tours outside staffed hours, 30 minutes each',
    );
    const table = screen.getByRole('table', { name: 'Earnings by community' });
    expect(within(table).getByText('2 of 3')).toBeInTheDocument();

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:profit');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'CSV of By community' }));
    expect(saved).toEqual(['profit-center-communities.csv']);
  });
});
