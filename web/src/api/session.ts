// The signed-in session: token and user, persisted in localStorage and shared with React through
// useSyncExternalStore. Kept outside React so the fetch client can read the token and force a
// logout on any 401.
import { useSyncExternalStore } from 'react';
import type { SessionUser } from './types';

export const TOKEN_KEY = 'tourdesk.token';
export const USER_KEY = 'tourdesk.user';

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

interface TokenPayload {
  sub?: string;
  exp?: number;
}

/** Decodes the payload of a `base64url(json payload).signature` token; null when malformed. */
export function decodeToken(token: string): TokenPayload | null {
  const [payload] = token.split('.');
  if (!payload) return null;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return parsed && typeof parsed === 'object' ? (parsed as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** Restores a stored session only when the stored user's username matches the token's `sub`. */
export function readStoredSession(storage: Storage = window.localStorage): Session {
  const empty: Session = { token: null, user: null };
  try {
    const token = storage.getItem(TOKEN_KEY);
    const rawUser = storage.getItem(USER_KEY);
    if (!token || !rawUser) return empty;
    const user = JSON.parse(rawUser) as SessionUser;
    const payload = decodeToken(token);
    if (!payload || !user || payload.sub !== user.username) return empty;
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()) return empty;
    return { token, user };
  } catch {
    return empty;
  }
}

let session: Session = typeof window === 'undefined' ? { token: null, user: null } : readStoredSession();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const sessionStore = {
  get: (): Session => session,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a fresh sign-in (token and user). */
  signIn(token: string, user: SessionUser) {
    session = { token, user };
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    emit();
  },
  /**
   * Merges only the fields the server returned into the stored user. A returned `token` that
   * differs from the stored one (PATCH /api/profile hands out a new token when the password
   * changed, and the old one stops working) is stored too. Token and user must keep naming the
   * same username (the rule of `readStoredSession`): a pair that would not is dropped, signing out.
   */
  mergeUser(fields: Partial<SessionUser>) {
    if (!session.user || !session.token) return;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const user = { ...session.user, ...defined } as SessionUser;
    const token = typeof fields.token === 'string' && fields.token !== '' ? fields.token : session.token;
    if (
      (token !== session.token || user.username !== session.user.username) &&
      decodeToken(token)?.sub !== user.username
    ) {
      sessionStore.clear();
      return;
    }
    if (token !== session.token) localStorage.setItem(TOKEN_KEY, token);
    session = { token, user };
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    emit();
  },
  clear() {
    session = { token: null, user: null };
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    emit();
  },
  /** Re-reads localStorage (tests, other tabs). */
  reload() {
    session = readStoredSession();
    emit();
  },
};

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
