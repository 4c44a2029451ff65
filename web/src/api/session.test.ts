import { describe, expect, it } from 'vitest';
import type { SessionUser } from './types';
import { fakeToken } from '../test/utils';
import { decodeToken, readStoredSession, sessionStore, TOKEN_KEY, USER_KEY } from './session';

/** A token with exactly this payload (no default expiry). */
const token = (payload: object) => fakeToken({ exp: undefined, ...payload });
const future = Math.floor(Date.now() / 1000) + 3600;

function store(t: string, user: object) {
  localStorage.setItem(TOKEN_KEY, t);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

describe('session restore', () => {
  it('decodes a base64url payload', () => {
    expect(decodeToken(token({ sub: 'zoë.o', exp: 5 }))).toEqual({ sub: 'zoë.o', exp: 5 });
    expect(decodeToken('not-a-token')).toBeNull();
  });

  it('restores the session when the usernames match', () => {
    const t = token({ sub: 'demo.pm', exp: future });
    store(t, { username: 'demo.pm' });
    expect(readStoredSession()).toEqual({ token: t, user: { username: 'demo.pm' } });
  });

  it('drops a session whose username differs from the token', () => {
    store(token({ sub: 'demo.pm', exp: future }), { username: 'demo.sales' });
    expect(readStoredSession()).toEqual({ token: null, user: null });
  });

  it('drops expired, malformed or partial sessions', () => {
    store(token({ sub: 'demo.pm', exp: 1 }), { username: 'demo.pm' });
    expect(readStoredSession().token).toBeNull();
    store('garbage', { username: 'demo.pm' });
    expect(readStoredSession().token).toBeNull();
    localStorage.removeItem(USER_KEY);
    expect(readStoredSession().token).toBeNull();
  });
});

describe('merging a server answer into the session', () => {
  const pm = { username: 'demo.pm', firstName: 'Paula', token: 'x' } as SessionUser;

  it('merges the user fields and keeps the token when it did not change', () => {
    const t = token({ sub: 'demo.pm', exp: future });
    sessionStore.signIn(t, { ...pm, token: t });
    sessionStore.mergeUser({ firstName: 'Paola', token: t, lastName: undefined });
    expect(sessionStore.get()).toMatchObject({ token: t, user: { firstName: 'Paola' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(t);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({ firstName: 'Paola' });
  });

  it('stores a new token (a changed password) so that the session survives', () => {
    const old = token({ sub: 'demo.pm', exp: future, v: 1 });
    const fresh = token({ sub: 'demo.pm', exp: future, v: 2 });
    sessionStore.signIn(old, { ...pm, token: old });
    sessionStore.mergeUser({ ...pm, token: fresh });
    expect(sessionStore.get().token).toBe(fresh);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(readStoredSession()).toEqual({ token: fresh, user: { ...pm, token: fresh } });
  });

  it('never stores a token of another user: the session is dropped', () => {
    const old = token({ sub: 'demo.pm', exp: future });
    sessionStore.signIn(old, { ...pm, token: old });
    sessionStore.mergeUser({ token: token({ sub: 'demo.sales', exp: future }) });
    expect(sessionStore.get()).toEqual({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
