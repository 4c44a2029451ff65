import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../api/session';
import { resetStores } from '../lib/store';

// find* and waitFor wait up to 5 s, not 1: on a busy 2-core machine a debounced search and the
// render after it can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

// recharts' ResponsiveContainer observes its size; jsdom has no ResizeObserver. Set for good,
// not stubbed: tests unstub their globals (fetch) and must not take this one away.
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

// Test files share their worker's modules and globals (isolate: false), so each test puts back
// what it changed: the DOM, the session, the stores (builder choice, list states), storage,
// stubbed globals (fetch) and fake timers.
afterEach(() => {
  cleanup();
  sessionStore.clear();
  resetStores();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
