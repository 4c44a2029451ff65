import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import InsightsPage from './InsightsPage';

afterEach(() => vi.restoreAllMocks());

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const answer = (tours: number): Insights => ({
  granularity: 'day',
  toursOverTime: [{ period: '2026-11-01', visits: tours + 2, tours }],
  byWeekday: DAYS.map((weekday, n) => ({ weekday, tours: n === 1 ? tours : 0 })),
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, label: `${hour}h`, tours: hour === 14 ? tours : 0 })),
  funnel: [
    { stage: 'Registered', count: 9 },
    { stage: 'Toured', count: 4 },
    { stage: 'Made an offer', count: 2 },
    { stage: 'Bought or rented', count: 1 },
  ],
  communities: [{ communityId: 7, community: 'Oak Ridge', visits: tours + 2, tours, offers: 2, sales: 1 }],
});

describe('InsightsPage', () => {
  it('draws the charts for the last ninety days, filters a community and downloads a chart as CSV', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    const calls = mockRoutes({
      'GET /api/insights': (call) => ({ body: answer(new URLSearchParams(call.search).get('communityId') ? 1 : 5) }),
      'GET /api/communities': () => ({ body: { data: [{ id: 7, name: 'Oak Ridge' }], total: 1 } }),
    });
    renderRoute(<InsightsPage />, { path: '/insights', route: '/insights' });
    const table = await screen.findByRole('table', { name: 'By community' });
    expect(within(table).getByText('Oak Ridge')).toBeInTheDocument();
    for (const title of ['Tours over time', 'The funnel', 'Tours by weekday', 'Tours by hour']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/first toured and first made an offer/)).toBeInTheDocument();
    const first = new URLSearchParams(calls.find((c) => c.path === '/api/insights')!.search);
    const start = new Date(first.get('startDate')!);
    const end = new Date(first.get('endDate')!);
    expect((end.getTime() - start.getTime()) / 86_400_000).toBe(89);
    expect(first.get('communityId')).toBeNull();

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chart');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'CSV of Tours by weekday' }));
    expect(saved).toEqual(['insights-tours-by-weekday.csv']);

    await userEvent.click(screen.getByLabelText('Community'));
    await userEvent.click(await screen.findByRole('option', { name: 'Oak Ridge' }));
    await waitFor(() => expect(calls.some((c) => new URLSearchParams(c.search).get('communityId') === '7')).toBe(true));
  });

  it('refuses a start after the end, and says when there is nothing to show', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    const calls = mockRoutes({
      'GET /api/insights': () => ({
        body: {
          ...answer(0),
          toursOverTime: [{ period: '2026-11-01', visits: 0, tours: 0 }],
          funnel: answer(0).funnel.map((s) => ({ ...s, count: 0 })),
        },
      }),
      'GET /api/communities': () => ({ body: { data: [], total: 0 } }),
    });
    renderRoute(<InsightsPage />, { path: '/insights', route: '/insights' });
    expect(await screen.findAllByText('No data to show')).toHaveLength(4);
    const before = calls.filter((c) => c.path === '/api/insights').length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2099-01-01' } });
    expect(screen.getByText('Start date cannot be later than end date')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/insights')).toHaveLength(before);
  });
});
