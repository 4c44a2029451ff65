import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { vi } from 'vitest';
import { sessionStore } from '../api/session';
import type { SessionUser } from '../api/types';
import { theme } from '../app/theme';
import { LeaveGuard } from '../components/form/unsaved';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  /** A multipart body as sent. */
  form: FormData | undefined;
  /** The Authorization header sent, if any. */
  authorization: string | undefined;
}

/** Replaces fetch with a handler; answers `{status, body}` as JSON. Returns the recorded calls. */
export function mockFetch(handler: (call: RecordedCall) => MockResponse | Promise<MockResponse>) {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
      authorization: new Headers(init?.headers).get('Authorization') ?? undefined,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** mockFetch answering `'METHOD /api/path'` handlers; anything else is a 500 `unexpected`. */
export function mockRoutes(
  handlers: Partial<Record<string, (call: RecordedCall) => MockResponse | Promise<MockResponse>>>,
) {
  return mockFetch((call) => {
    const h = handlers[`${call.method} ${call.path}`];
    return h ? h(call) : { status: 500, body: { message: `unexpected ${call.method} ${call.path}` } };
  });
}

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A token shaped like the server's (`base64url(payload).signature`), valid for an hour. */
export function fakeToken(payload: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, ...payload }))}.signature`;
}

/** Stores a session for `user` (a program manager of no enterprise unless told otherwise). */
export function signInAs(user: Partial<SessionUser> & { username: string }) {
  const token = fakeToken({ sub: user.username });
  sessionStore.signIn(token, { isPM: true, isEnterprise: false, isRental: false, ...user, token } as SessionUser);
}

export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </div>
  );
}

// The children of a test's router, read by its one route so that a re-render shows new ones.
const RoutedChildren = createContext<ReactNode>(null);

function Routed() {
  return (
    <>
      {useContext(RoutedChildren)}
      <LeaveGuard />
    </>
  );
}

export function Providers({ children, route = '/' }: { children: ReactNode; route?: string }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  // A data router as the app has, starting at `route`.
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: <Routed /> }], { initialEntries: [route] }),
  );
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <SnackbarProvider autoHideDuration={4000}>
          <RoutedChildren.Provider value={children}>
            <RouterProvider router={router} />
          </RoutedChildren.Provider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/** Renders `element` at `path` (a route pattern), starting at `route`, with a location probe. */
export function renderRoute(
  element: ReactElement,
  { path = '*', route = '/' }: { path?: string; route?: string } = {},
) {
  return render(
    <Providers route={route}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </Providers>,
  );
}
