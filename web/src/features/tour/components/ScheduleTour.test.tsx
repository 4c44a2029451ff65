import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute } from '../../../test/utils';
import { ScheduleTour } from './ScheduleTour';

const SESSION = {
  token: 'visitor-token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  firstname: 'Vera',
  lastname: 'Visitor',
};
const BOOKED = {
  id: 3,
  property_id: 15,
  visit_date: '2026-12-01T16:00:00Z',
  when: 'Tuesday, December 1 at 10:00 AM CT',
  status: 'created',
};

afterEach(() => vi.restoreAllMocks());

describe('ScheduleTour', () => {
  it('offers the day’s times, books one, and cancels a booked tour', async () => {
    const user = userEvent.setup();
    let booked: (typeof BOOKED)[] = [];
    const calls = mockRoutes({
      'GET /api/tour/brightway-homes/property/15/slots': (call) => ({
        body: {
          date: new URLSearchParams(call.search).get('date'),
          times: ['9:00 AM', '10:00 AM'],
          timezone_abbr: 'CT',
        },
      }),
      'GET /api/tour/brightway-homes/property/15/scheduled': () => ({ body: booked }),
      'POST /api/tour/brightway-homes/property/15/schedule': () => {
        booked = [BOOKED];
        return { body: BOOKED };
      },
      'POST /api/tour/brightway-homes/scheduled/3/cancel': () => {
        booked = [];
        return { body: { message: 'Your tour is cancelled.' } };
      },
    });
    renderRoute(<ScheduleTour webflow="brightway-homes" propertyId={15} session={SESSION} />);
    expect(screen.getByRole('button', { name: 'Book this time' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-01' } });
    await user.click(await screen.findByRole('combobox', { name: 'Time (CT)' }));
    await user.click(screen.getByRole('option', { name: '10:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(
      await screen.findByText(
        "Booked for Tuesday, December 1 at 10:00 AM CT. We'll text your door code before it starts.",
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/schedule'))!.body).toEqual({ date: '2026-12-01', time: '10:00 AM' });
    expect(calls.find((c) => c.path.endsWith('/schedule'))!.authorization).toBe('Bearer visitor-token');
    const list = await screen.findByRole('list', { name: 'Your booked tours' });
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Your tour is cancelled.')).toBeInTheDocument();
  });

  it('says when a day has no open times', async () => {
    mockRoutes({
      'GET /api/tour/brightway-homes/property/15/slots': () => ({
        body: { date: '2026-12-01', times: [], timezone_abbr: 'CT' },
      }),
      'GET /api/tour/brightway-homes/property/15/scheduled': () => ({ body: [] }),
    });
    renderRoute(<ScheduleTour webflow="brightway-homes" propertyId={15} session={SESSION} />);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-01' } });
    expect(await screen.findByText('No times are open that day.')).toBeInTheDocument();
  });
});
