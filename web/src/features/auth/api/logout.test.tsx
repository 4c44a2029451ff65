import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { sessionStore } from '../../../api/session';
import { mockFetch, Providers, signInAs } from '../../../test/utils';
import { useLogout } from './session';

afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const wrapper = ({ children }: { children: ReactNode }) => <Providers route="/teams">{children}</Providers>;

describe('log out', () => {
  it('ends the session on the server with its token, then clears it here', async () => {
    signInAs({ username: 'demo.pm' });
    const token = sessionStore.get().token;
    const calls = mockFetch(() => ({ body: { message: 'Signed out.' } }));
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
    expect(calls[0].authorization).toBe(`Bearer ${token}`);
    expect(sessionStore.get().token).toBeNull();
  });

  it('signs out here all the same when the server cannot be reached', async () => {
    signInAs({ username: 'demo.pm' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current());
    expect(sessionStore.get().token).toBeNull();
  });
});
