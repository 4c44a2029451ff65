import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import HardwareHistoryPage from './HardwareHistoryPage';

const row = (id: number, action: string) => ({
  id,
  hub_type: 'kwikset',
  lock_type: 'smart_lock',
  serial_number: `IGK01000${id}`,
  property_id: 40 + id,
  action,
  created_on: '2026-11-20T15:04:00Z',
  created_by: 'demo.pm',
  users_email: 'demo.pm@demo.tourdesk.test',
});

afterEach(() => vi.restoreAllMocks());

describe('HardwareHistoryPage', () => {
  it('lists actions in their words, newest first, with only Export All', async () => {
    signInAs({ username: 'demo.pm' });
    const calls = mockRoutes({
      'GET /api/hubs/activity-logs': () => ({
        body: { data: [row(3, 'mask_as_sold'), row(2, 'remove'), row(1, 'activate'), row(0, 'unlock')], total: 4 },
      }),
      'POST /api/hubs/activity-logs/exportAll': () => ({ body: 'Id\n' }),
    });
    renderRoute(<HardwareHistoryPage />, { path: '/inventory-history', route: '/inventory-history' });
    expect(await screen.findByText('Removed, marked as sold')).toBeInTheDocument();
    expect(screen.getByText('Removed, not sold')).toBeInTheDocument();
    expect(screen.getByText('Activated')).toBeInTheDocument();
    expect(screen.getByText('unlock')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by serial number, property id, author or action')).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/api/hubs/activity-logs')!;
    expect(new URLSearchParams(first.search).get('orderBy')).toBe('id');
    expect(new URLSearchParams(first.search).get('order')).toBe('desc');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();

    const urls = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:history');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export All' }));
    await waitFor(() => expect(saved).toEqual(['HubActivityLogs.csv']));
    expect(urls).toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/hubs/activity-logs/exportAll')).toBe(true);
  });
});
