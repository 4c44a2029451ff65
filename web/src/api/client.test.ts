import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, forcedLogout, toQueryString } from './client';
import { sessionStore } from './session';
import { mockFetch } from '../test/utils';

afterEach(() => sessionStore.clear());

describe('api client', () => {
  it('leaves null and empty values out of query strings', () => {
    expect(toQueryString({ search: '', page: 0, builderId: null, x: undefined, order: 'desc' })).toBe(
      '?page=0&order=desc',
    );
    expect(toQueryString({})).toBe('');
  });

  it('turns error answers into ApiError with the server message and field errors', async () => {
    mockFetch(() => ({ status: 422, body: { message: 'Validation failed', errors: { email: 'Email is required' } } }));
    const error = await api('/agents', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Validation failed', errors: { email: 'Email is required' } });
  });

  it('reports no response without a status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBeUndefined();
  });

  it('sends the bearer token and forces a logout on any 401', async () => {
    const run = vi.spyOn(forcedLogout, 'run').mockImplementation(() => sessionStore.clear());
    sessionStore.signIn('tok', { username: 'demo.pm' } as never);
    const calls: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_: unknown, init: RequestInit) => {
        calls.push(new Headers(init.headers));
        return new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 });
      }),
    );
    await expect(api('/agents')).rejects.toMatchObject({ status: 401 });
    expect(calls[0].get('Authorization')).toBe('Bearer tok');
    expect(run).toHaveBeenCalledOnce();
    expect(sessionStore.get()).toEqual({ token: null, user: null });
  });
});
