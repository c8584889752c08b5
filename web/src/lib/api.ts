import type { AppType } from '@zapdesk/api/app';
import type { SessionUserDto } from '@zapdesk/core';
import { hc } from 'hono/client';
import { dropSession, getSessionToken, setSession } from '../modules/auth/session-store';
import { createAuthFetch } from './auth-fetch';
import { backendUrl } from './config';
import { readJson } from './errors';

export type SessionAnswer = { token: string; user: SessionUserDto };

/**
 * `POST /auth/refresh_token` with the refresh cookie. Stores the new token and user; a 401/403 answer means the
 * session is over. Network failures keep the session (the user may just be offline) and resolve null.
 */
export function refreshSession(): Promise<SessionAnswer | null> {
  // one refresh at a time for the whole tab (authFetch, SSE reconnects, profile updates): the server rotates the
  // refresh cookie, and parallel rotations of the same cookie look like token reuse
  inflight ??= doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

let inflight: Promise<SessionAnswer | null> | null = null;

async function doRefresh(): Promise<SessionAnswer | null> {
  let res: Response;
  try {
    res = await fetch(`${backendUrl()}/auth/refresh_token`, { method: 'POST', credentials: 'include' });
  } catch {
    return null;
  }
  if (res.status === 401 || res.status === 403) {
    dropSession();
    return null;
  }
  if (!res.ok) return null;
  const body = (await res.json()) as SessionAnswer;
  setSession(body.token, body.user);
  return body;
}

export const authFetch = createAuthFetch({
  // late-bound so tests and the browser's own fetch patching (devtools, service workers) are honoured
  fetch: ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)) as typeof fetch,
  getToken: getSessionToken,
  refresh: async () => (await refreshSession())?.token ?? null,
  onUnauthorized: dropSession,
});

/** THE typed API client (routes and payloads typed from the API's `AppType`). */
export const api = hc<AppType>(backendUrl(), { fetch: authFetch });

/**
 * Plain wrapper for what the typed client does not fit (multipart uploads, downloads, blobs): same auth, refresh
 * and logout behaviour. `path` is API-relative (`/contacts/import`).
 */
export function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  return authFetch(`${backendUrl()}${path.startsWith('/') ? path : `/${path}`}`, init);
}

/** JSON call through `apiFetch` for routes the typed client does not describe; throws ApiError on failure. */
export async function apiJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiFetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readJson<T>(res);
}
