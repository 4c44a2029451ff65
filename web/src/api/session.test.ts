import { describe, expect, it } from 'vitest';
import { decodeToken, readStoredSession, TOKEN_KEY, USER_KEY } from './session';

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = (payload: object) => `${b64url(JSON.stringify(payload))}.signature`;
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
