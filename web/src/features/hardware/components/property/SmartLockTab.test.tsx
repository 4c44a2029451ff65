import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmartLockDetails } from '../../../../api/types';
import { mockRoutes, renderRoute, type MockResponse, type RecordedCall } from '../../../../test/utils';
import { SmartLockTab } from './SmartLockTab';
import { ZONE, smartLock } from './testFixtures';

function open(lock: SmartLockDetails | MockResponse, extra: Record<string, (call: RecordedCall) => MockResponse> = {}) {
  const calls = mockRoutes({
    'GET /api/smart-locks/SL0041': () => ('status' in lock ? lock : { body: lock }),
    ...extra,
  });
  renderRoute(<SmartLockTab serial="SL0041" builderId={5} zone={ZONE} />);
  return calls;
}

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET').length;

describe('SmartLockTab', { timeout: 60_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('opens the drawer from the card with the state, battery and codes', async () => {
    open(smartLock(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Open smart lock Back door' }));
    const drawer = await screen.findByRole('dialog', { name: 'Back door' });
    expect(within(drawer).getByText('62%')).toBeInTheDocument();
    expect(within(drawer).getByRole('switch', { name: 'Locked' })).toBeChecked();
    const codes = within(drawer).getByRole('table', { name: 'Smart lock codes' });
    expect(within(codes).getByText('5002')).toBeInTheDocument();
    expect(within(codes).getByText('Active')).toBeInTheDocument();
    expect(within(codes).getByText('Pending')).toBeInTheDocument();
    expect(within(codes).getByText('The lock rejected the code')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Add New Code' })).toBeInTheDocument();
  });

  it('says when the lock has no codes', async () => {
    open(smartLock(0));
    await userEvent.click(await screen.findByRole('button', { name: 'Open smart lock Back door' }));
    expect(await screen.findByText('Smart lock has no codes')).toBeInTheDocument();
  });

  it('says there is no smart lock data for an unknown lock', async () => {
    open({ status: 404, body: { message: 'Not found' } });
    expect(await screen.findByText('No smart lock data')).toBeInTheDocument();
  });

  it('hides Add New Code at 8 codes', async () => {
    open(smartLock(8));
    await userEvent.click(await screen.findByRole('button', { name: 'Open smart lock Back door' }));
    const drawer = await screen.findByRole('dialog', { name: 'Back door' });
    expect(within(drawer).getAllByText(/^50\d\d$/)).toHaveLength(8);
    expect(within(drawer).queryByRole('button', { name: 'Add New Code' })).not.toBeInTheDocument();
  });

  it("checks a new code's length and duplicates before sending it", async () => {
    const calls = open(smartLock(2), {
      'POST /api/smart-locks/SL0041/code': () => ({ body: { message: 'Code is created' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open smart lock Back door' }));
    const drawer = await screen.findByRole('dialog', { name: 'Back door' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add New Code' }));
    const form = within(drawer).getByRole('form', { name: 'New code' });
    const code = within(form).getByLabelText('Code');
    await userEvent.type(code, '12x345');
    expect(code).toHaveValue('12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('invalid code length')).toBeInTheDocument();
    expect(within(form).getByText('name is required')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '5002');
    await userEvent.type(within(form).getByLabelText('Name'), 'Painter');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('code 5002 already exists as Code 2')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(code);
    await userEvent.type(code, '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Code is created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: '246810',
      name: 'Painter',
      access_code_id: null,
    });
  });

  it('shows the fallback text when a scheduled code cannot be saved', async () => {
    open(smartLock(1), {
      'POST /api/smart-locks/SL0041/scheduled-codes': () => ({ status: 502 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open smart lock Back door' }));
    const drawer = await screen.findByRole('dialog', { name: 'Back door' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add scheduled code' }));
    const section = within(drawer).getByRole('table', { name: 'Scheduled codes' });
    await userEvent.type(within(section).getByLabelText('Code'), '2580');
    await userEvent.type(within(section).getByLabelText('Name'), 'Painter');
    fireEvent.change(within(section).getByLabelText('Scheduled on'), { target: { value: '2099-06-01T09:30' } });
    fireEvent.change(within(section).getByLabelText('Expires on'), { target: { value: '2099-06-01T10:00' } });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update scheduled code')).toBeInTheDocument();
  });

  it('reads the lock every 10 s while the drawer is open, for 60 s, and starts again after closing', async () => {
    vi.useFakeTimers();
    const calls = open(smartLock(2));
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await tick(100);
    fireEvent.click(screen.getByRole('button', { name: 'Open smart lock Back door' }));
    await tick(500);
    expect(screen.getByRole('dialog', { name: 'Back door' })).toBeInTheDocument();
    expect(reads(calls)).toBe(1);

    await tick(10_000);
    expect(reads(calls)).toBe(2);
    await tick(50_000);
    expect(reads(calls)).toBe(7);
    // 60 s counted: no more reads while the drawer stays open.
    await tick(30_000);
    expect(reads(calls)).toBe(7);

    fireEvent.click(within(screen.getByRole('dialog', { name: 'Back door' })).getByRole('button', { name: 'Close' }));
    await tick(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Open smart lock Back door' }));
    await tick(10_000);
    expect(reads(calls)).toBe(8);
  });

  it('does not read the lock while a scheduled code is being typed', async () => {
    vi.useFakeTimers();
    const calls = open(smartLock(2));
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await tick(100);
    fireEvent.click(screen.getByRole('button', { name: 'Open smart lock Back door' }));
    await tick(500);
    fireEvent.click(screen.getByRole('button', { name: 'Add scheduled code' }));
    await tick(30_000);
    expect(reads(calls)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel new scheduled code' }));
    await tick(10_000);
    expect(reads(calls)).toBe(2);
  });

  it('skips a turn while the last read still runs', async () => {
    vi.useFakeTimers();
    let release = () => {};
    let count = 0;
    const lock = smartLock(2);
    mockRoutes({
      'GET /api/smart-locks/SL0041': () => {
        count += 1;
        if (count !== 2) return { body: lock };
        return new Promise<MockResponse>((resolve) => (release = () => resolve({ body: lock })));
      },
    });
    renderRoute(<SmartLockTab serial="SL0041" builderId={5} zone={ZONE} />);
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await tick(100);
    fireEvent.click(screen.getByRole('button', { name: 'Open smart lock Back door' }));
    await tick(10_000);
    expect(count).toBe(2);
    await tick(10_000);
    expect(count).toBe(2);
    release();
    await tick(10_000);
    expect(count).toBe(3);
  });
});
