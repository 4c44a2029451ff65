import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute, type RecordedCall } from '../../../../test/utils';
import { AccessHistoryTab } from './AccessHistoryTab';
import { LOGS, ZONE } from './testFixtures';

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const range = (call: RecordedCall) => {
  const q = new URLSearchParams(call.search);
  return [q.get('startDate'), q.get('endDate')];
};

describe('AccessHistoryTab', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-03T18:00:00Z')); // noon in Chicago
  });
  afterEach(() => vi.useRealTimers());

  it("groups the hub's log by day in the home's zone, naming the visitor or the code", async () => {
    const calls = mockRoutes({ 'GET /api/hubs/31/lock-logs': () => ({ body: LOGS }) });
    renderRoute(<AccessHistoryTab source={{ hubId: 31 }} zone={ZONE} />);
    await tick(100);
    // The last 7 days, in the home's time zone.
    expect(range(calls[0])).toEqual(['2026-02-24 00:00:00', '2026-03-03 23:59:59']);

    const tuesday = screen.getByRole('region', { name: 'Tuesday, March 3, 2026' });
    const monday = screen.getByRole('region', { name: 'Monday, March 2, 2026' });
    expect(within(tuesday).getAllByTestId('lock-log')).toHaveLength(1);
    const [evening, morning] = within(monday).getAllByTestId('lock-log');
    expect(evening).toHaveTextContent('8:30 PM');
    expect(evening).toHaveTextContent('Front door unlocked with a code');
    expect(evening).toHaveTextContent('Jane Doe');
    expect(evening).not.toHaveTextContent('Visitor code');
    expect(within(evening).getByTitle('Unlock')).toBeInTheDocument();
    expect(morning).toHaveTextContent('8:05 AM');
    expect(morning).toHaveTextContent('Trade');
    expect(within(within(tuesday).getByTestId('lock-log')).getByTitle('Lock')).toBeInTheDocument();
  });

  it("reads the smart lock's log when the home has no hub", async () => {
    const calls = mockRoutes({ 'GET /api/smart-locks/SL0041/lock-logs': () => ({ body: [] }) });
    renderRoute(<AccessHistoryTab source={{ smartLockSerial: 'SL0041' }} zone={ZONE} />);
    await tick(100);
    expect(screen.getByText('No record exist!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('reads the log again every 15 s with a countdown that a new range starts again', async () => {
    const calls = mockRoutes({ 'GET /api/hubs/31/lock-logs': () => ({ body: LOGS }) });
    renderRoute(<AccessHistoryTab source={{ hubId: 31 }} zone={ZONE} />);
    await tick(100);
    const countdown = screen.getByTestId('countdown');
    expect(countdown).toHaveTextContent('refreshing in 15 s');
    await tick(5_000);
    expect(countdown).toHaveTextContent('refreshing in 10 s');
    await tick(10_000);
    expect(calls).toHaveLength(2);
    expect(countdown).toHaveTextContent('refreshing in 15 s');

    await tick(4_000);
    expect(countdown).toHaveTextContent('refreshing in 11 s');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await tick(100);
    expect(countdown).toHaveTextContent('refreshing in 15 s');
    expect(range(calls.at(-1)!)).toEqual(['2026-03-01 00:00:00', '2026-03-03 23:59:59']);
    const before = calls.length;
    await tick(14_000);
    expect(calls).toHaveLength(before);
    await tick(1_000);
    expect(calls).toHaveLength(before + 1);
  });
});
