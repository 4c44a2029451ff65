// A visitor's session on a builder's tour pages, kept in this browser per builder web name so a
// refresh keeps them signed in until it expires.
import { useCallback, useSyncExternalStore } from 'react';
import type { VisitorToken } from '../../api/types';

const key = (webflow: string) => `tourdesk.visitor.${webflow}`;
const listeners = new Set<() => void>();

function read(webflow: string): VisitorToken | null {
  try {
    const text = localStorage.getItem(key(webflow));
    if (!text) return null;
    const session = JSON.parse(text) as VisitorToken;
    return new Date(session.expires_at).getTime() > Date.now() ? session : null;
  } catch {
    return null;
  }
}

// The stored text per web name, so a snapshot stays the same object while nothing changed.
const snapshots = new Map<string, { text: string | null; session: VisitorToken | null }>();

function snapshot(webflow: string): VisitorToken | null {
  const text = localStorage.getItem(key(webflow));
  const cached = snapshots.get(webflow);
  if (cached && cached.text === text) return cached.session;
  const session = read(webflow);
  snapshots.set(webflow, { text, session });
  return session;
}

export function saveVisitorSession(webflow: string, session: VisitorToken | null) {
  if (session) localStorage.setItem(key(webflow), JSON.stringify(session));
  else localStorage.removeItem(key(webflow));
  listeners.forEach((l) => l());
}

/** The visitor signed in on this builder's pages, if any, and a way to sign them out. */
export function useVisitorSession(webflow: string) {
  const session = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot(webflow),
  );
  const signOut = useCallback(() => saveVisitorSession(webflow, null), [webflow]);
  return { session, signOut };
}

/** What a signed-in visitor's panels on a home's page are given. */
export interface VisitorAtHome {
  webflow: string;
  propertyId: number;
  session: VisitorToken;
}
