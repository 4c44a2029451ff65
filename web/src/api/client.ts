// The one fetch client. Adds the bearer token, encodes query strings (omitting null and empty
// values), sends JSON or multipart bodies, turns error answers into ApiError, and forces a logout on any 401.
import { sessionStore } from './session';

export class ApiError extends Error {
  /** HTTP status; undefined when no response arrived (network failure, abort). */
  readonly status: number | undefined;
  /** Field errors of a 422 answer. */
  readonly errors: Record<string, string> | undefined;
  /** The parsed error body, when JSON. */
  readonly body: Record<string, unknown> | undefined;

  constructor(message: string, status?: number, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const errors = body?.errors;
    this.errors = errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** `?a=1&b=x`, leaving out null, undefined and empty values. */
export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON-encoded, except a FormData (multipart; the browser sets its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Accept header; binary answers are read with `apiBlob`. */
  accept?: string;
  /** A visitor's session (the tour pages): sent instead of the staff session's token, and its
   *  401 is the visitor's to handle, not a staff sign-out. `null` sends no token at all. */
  visitorToken?: string | null;
}

/** What happens on a 401; replaced in tests. */
export const forcedLogout = {
  run(): void {
    const hadToken = sessionStore.get().token !== null;
    sessionStore.clear();
    // Reloading with no session left cannot loop: public calls do not answer 401.
    if (hadToken) window.location.reload();
  },
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  const visitor = options.visitorToken !== undefined;
  const token = visitor ? options.visitorToken : sessionStore.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}${toQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(e instanceof Error ? e.message : 'Network error');
  }
  if (response.status === 401 && !visitor) {
    forcedLogout.run();
  }
  if (!response.ok) {
    let parsed: Record<string, unknown> | undefined;
    let message = response.statusText || `Request failed with status ${response.status}`;
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        const json: unknown = JSON.parse(text);
        if (json && typeof json === 'object') {
          parsed = json as Record<string, unknown>;
          if (typeof parsed.message === 'string') message = parsed.message;
        } else if (typeof json === 'string') {
          message = json;
        }
      } catch {
        message = text;
      }
    }
    throw new ApiError(message, response.status, parsed);
  }
  return response;
}

/** JSON call; answers with the parsed body (undefined for an empty body). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Binary call (CSV export, PDF print). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** Whether a call failed because the record is not there (or not the caller's to see). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The message to show for a failed call: the server's message field or the client error. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Saves a blob as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
