import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledVisitDetail, ScheduledVisitRow } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import ScheduledVisitDetailPage from './ScheduledVisitDetailPage';
import ScheduledVisitsListPage from './ScheduledVisitsListPage';

const row = (id: number, extra: Partial<ScheduledVisitRow> = {}): ScheduledVisitRow => ({
  id,
  first_name: 'Ann',
  last_name: `Lee${id}`,
  email: `ann${id}@example.com`,
  phone: '555-201-0000',
  visit_date: '2026-11-28T18:30:00Z',
  timezone: 52,
  timezoneAbbr: 'ET',
  timezoneValue: 'America/New_York',
  comments: null,
  source: 'visitor',
  status: 'created',
  external_id: null,
  property_id: 41,
  house_num: '12',
  address_1: '100 Oak Lane',
  builderName: 'Brightway Homes',
  builder_id: 1,
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('ScheduledVisitsListPage', { timeout: 60_000 }, () => {
  it('colours the statuses, shows the visit date in the home’s zone, exports and deletes the selected', async () => {
    signInAs({ username: 'demo.pm' });
    let rows = [row(1), row(2, { status: 'cancelled' }), row(3, { status: 'completed' })];
    const calls = mockRoutes({
      'GET /api/schedule_visit': () => ({ body: { data: rows, total: rows.length } }),
      'POST /api/schedule_visit/export': () => ({ body: 'Id\n' }),
      'POST /api/schedule_visit/delete': (call) => {
        const gone = (call.body as { selected: number[] }).selected;
        rows = rows.filter((r) => !gone.includes(r.id));
        return { body: { message: 'Successfully deleted' } };
      },
    });
    renderRoute(<ScheduledVisitsListPage />, { path: '/schedule-visit', route: '/schedule-visit' });
    const first = (await screen.findByText('Lee1')).closest('tr')!;
    // 18:30 UTC is 1:30 PM in New York.
    expect(within(first).getByText('2026-11-28 1:30 PM ET')).toBeInTheDocument();
    const chip = (name: string) => screen.getByText(name).closest('.MuiChip-root');
    expect(chip('created')).toHaveClass('MuiChip-colorPrimary');
    expect(chip('cancelled')).toHaveClass('MuiChip-colorError');
    expect(chip('completed')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByPlaceholderText('Search all scheduled visits')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    const listed = new URLSearchParams(calls.find((c) => c.path === '/api/schedule_visit')!.search);
    expect([listed.get('orderBy'), listed.get('order')]).toEqual(['visit_date', 'desc']);

    await userEvent.click(within(first).getByRole('checkbox'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:visits');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['scheduled-visits-export.csv']));

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Lee1')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/schedule_visit/delete')!.body).toEqual({ selected: [1] });
  });
});

describe('ScheduledVisitDetailPage', () => {
  const detail: ScheduledVisitDetail = {
    ...row(5, { comments: 'Would like to see the backyard' }),
    propertyAgents: [{ is_project_manager: true, firstname: 'Pat', lastname: 'Manager' }],
  };

  it('shows the visitor and the visit panel, with the back link', async () => {
    signInAs({ username: 'demo.pm' });
    mockRoutes({ 'GET /api/schedule_visit/5': () => ({ body: detail }) });
    renderRoute(<ScheduledVisitDetailPage />, {
      path: '/schedule-visit/:scheduledVisitId',
      route: '/schedule-visit/5',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee5' })).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('ann5@example.com · 555-201-0000')).toBeInTheDocument();
    expect(screen.getByText('2026-11-28')).toBeInTheDocument();
    expect(screen.getByText('1:30 PM ET')).toBeInTheDocument();
    expect(screen.getByText('12 100 Oak Lane')).toBeInTheDocument();
    expect(screen.getByText('Brightway Homes')).toBeInTheDocument();
    expect(screen.getByText('Pat Manager (PM)')).toBeInTheDocument();
    expect(screen.getByText('Would like to see the backyard')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scheduled Visits' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/schedule-visit$/);
  });

  it('says so when there is no such visit', async () => {
    signInAs({ username: 'demo.pm' });
    mockRoutes({ 'GET /api/schedule_visit/5': () => ({ status: 404, body: { message: 'No record exist!' } }) });
    renderRoute(<ScheduledVisitDetailPage />, {
      path: '/schedule-visit/:scheduledVisitId',
      route: '/schedule-visit/5',
    });
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
