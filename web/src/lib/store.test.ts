import { describe, expect, it, vi } from 'vitest';
import { createStore, resetStores } from './store';

describe('stores', () => {
  it('tell their listeners of a new value, and resetStores puts every store back', () => {
    const choice = createStore<number | null>(null);
    const dates = createStore({ startDate: '2026-01-01', endDate: '' });
    const listener = vi.fn();
    choice.subscribe(listener);
    choice.set(7);
    dates.set((d) => ({ ...d, endDate: '2026-01-31' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(choice.get()).toBe(7);

    resetStores();
    expect(choice.get()).toBeNull();
    expect(dates.get()).toEqual({ startDate: '2026-01-01', endDate: '' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
