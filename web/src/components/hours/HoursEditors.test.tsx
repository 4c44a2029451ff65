import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffDay, TourDay } from '../../api/types';
import { StaffHoursEditor } from './StaffHoursEditor';
import { TourHoursEditor } from './TourHoursEditor';
import { defaultTourWeek } from './tourHours';
import { defaultStaffWeek } from './staffHours';

function Tour({ initial, spy }: { initial: TourDay[] | null; spy?: (v: TourDay[] | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TourHoursEditor
      value={value}
      onChange={(v) => {
        setValue(v);
        spy?.(v);
      }}
    />
  );
}

function Staff({ spy }: { spy: (v: StaffDay[] | null, lock: number | null) => void }) {
  const [state, setState] = useState<{ v: StaffDay[] | null; lock: number | null }>({ v: null, lock: null });
  return (
    <StaffHoursEditor
      value={state.v}
      lockInterval={state.lock}
      onChange={(v, lock) => {
        setState({ v, lock });
        spy(v, lock);
      }}
    />
  );
}

async function pick(name: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

const shown = (name: string) => screen.getByRole('combobox', { name }).textContent;

// MUI selects are slow to drive in jsdom: these tests get more time than the default.
describe('TourHoursEditor', { timeout: 20_000 }, () => {
  it('starts on Default (null); switching it off starts from 7am–9pm every day, Copy to All appears', async () => {
    const spy = vi.fn();
    render(<Tour initial={null} spy={spy} />);
    expect(screen.getByRole('switch', { name: 'Default' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Copy to All' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Default' }));
    expect(spy).toHaveBeenLastCalledWith(defaultTourWeek());
    expect(screen.getByRole('button', { name: 'Copy to All' })).toBeInTheDocument();
    expect(shown('Sunday start')).toBe('7:00 AM');
    expect(shown('Sunday end')).toBe('9:00 PM');
    await userEvent.click(screen.getByRole('switch', { name: 'Default' }));
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it('says No available time slots! when a second window has no room after 10:30 PM', async () => {
    const spy = vi.fn();
    render(<Tour initial={defaultTourWeek()} spy={spy} />);
    await pick('Monday end', '11:00 PM');
    spy.mockClear();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday second window' }));
    expect(screen.getByText('Monday: No available time slots!')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Monday second window' })).not.toBeChecked();
  });

  it('pushes the second window up when the first end moves past it, and flags an end before the start', async () => {
    render(<Tour initial={defaultTourWeek()} />);
    await pick('Tuesday end', '12:00 PM');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuesday second window' }));
    expect(shown('Tuesday second window start')).toBe('12:30 PM');
    expect(shown('Tuesday second window end')).toBe('11:00 PM');
    await pick('Tuesday end', '2:00 PM');
    expect(shown('Tuesday second window start')).toBe('2:00 PM');

    await pick('Wednesday start', '10:00 PM');
    await pick('Wednesday end', '9:00 PM');
    expect(screen.getByText('Wednesday: End must be after start')).toBeInTheDocument();
  });

  it("copies Monday's windows to the other enabled days", async () => {
    const spy = vi.fn();
    render(<Tour initial={defaultTourWeek()} spy={spy} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Saturday' }));
    await pick('Monday start', '9:00 AM');
    await userEvent.click(screen.getByRole('button', { name: 'Copy to All' }));
    expect(shown('Friday start')).toBe('9:00 AM');
    expect(shown('Sunday start')).toBe('9:00 AM');
    expect(shown('Saturday start')).toBe('7:00 AM');
    const week = spy.mock.lastCall?.[0] as TourDay[];
    expect(week.filter((d) => d.tourHoursStart.hour === 9).map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('StaffHoursEditor', { timeout: 20_000 }, () => {
  it('switches on with 12:00 PM–3:00 PM and 10 minutes, and off to nothing', async () => {
    const spy = vi.fn();
    render(<Staff spy={spy} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Staff Hours' }));
    expect(spy).toHaveBeenLastCalledWith(defaultStaffWeek(), 10);
    expect(shown('Auto-lock interval')).toBe('10 min');
    await userEvent.click(screen.getByRole('combobox', { name: 'Auto-lock interval' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 min', '3 min', '5 min', '10 min', '15 min', '20 min', '30 min']);
    await userEvent.click(screen.getByRole('option', { name: '5 min' }));
    expect(spy).toHaveBeenLastCalledWith(defaultStaffWeek(), 5);
    await userEvent.click(screen.getByRole('switch', { name: 'Staff Hours' }));
    expect(spy).toHaveBeenLastCalledWith(null, null);
  });

  it('offers ends from 30 minutes after the start and moves the end along', async () => {
    const spy = vi.fn();
    render(<Staff spy={spy} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Staff Hours' }));
    await pick('Monday staff start', '3:00 PM');
    expect(shown('Monday staff end')).toBe('3:30 PM');
    await userEvent.click(screen.getByRole('combobox', { name: 'Monday staff end' }));
    const ends = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect([ends[0], ends.at(-1)]).toEqual(['3:30 PM', '9:00 PM']);
    await userEvent.keyboard('{Escape}');
    const week = spy.mock.lastCall?.[0] as StaffDay[];
    expect(week[1]).toEqual({
      dayOfWeek: 1,
      isStaffAvailable: true,
      staffHoursStart: '3:00 PM',
      staffHoursEnd: '3:30 PM',
    });
  });
});
