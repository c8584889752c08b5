/**
 * The fetch every API call goes through (spec 1 §4 Session):
 * - adds `Authorization: Bearer <token>` and sends cookies (`credentials: 'include'`);
 * - on a 403 of an expired session (`ERR_SESSION_EXPIRED`, or a 403 without a code) asks once for a new token
 *   (`POST /auth/refresh_token`, one request shared by concurrent callers) and retries the call once with it; a 403
 *   that refuses the action itself (`ERR_NO_PERMISSION`…) is returned at once: a new token would not change the
 *   answer, and the retry only doubled the wait before the user was told why (issue 12 point 9);
 * - on a 401 drops the session (the caller's `onUnauthorized` clears the token and marks the user logged out).
 * Pure of app state: the session module injects how to read the token, refresh and log out.
 */
export type AuthFetchDeps = {
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Obtains and stores a new access token; resolves null when the session cannot be refreshed. */
  refresh: () => Promise<string | null>;
  onUnauthorized: () => void;
};

/** Calls that must not trigger refresh/logout handling themselves (they ARE the session calls). */
const SESSION_PATHS = ['/auth/login', '/auth/signup', '/auth/refresh_token'];

function pathOf(input: RequestInfo | URL): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(raw, 'http://x').pathname;
  } catch {
    return raw;
  }
}

/** Whether a 403 says the token expired (the API's ERR_SESSION_EXPIRED) rather than refusing the call. */
async function isExpiredSession(res: Response): Promise<boolean> {
  try {
    const body: unknown = await res.clone().json();
    const code = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    return typeof code !== 'string' || code === 'ERR_SESSION_EXPIRED';
  } catch {
    return true; // not JSON: not ours to interpret, keep the spec's refresh-and-retry
  }
}

export function createAuthFetch(deps: AuthFetchDeps): typeof fetch {
  let refreshing: Promise<string | null> | null = null;

  const refreshOnce = (): Promise<string | null> => {
    if (!refreshing) {
      refreshing = deps.refresh().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const send = (input: RequestInfo | URL, init: RequestInit | undefined, token: string | null) => {
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((v, k) => {
      headers.set(k, v);
    });
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    const req = input instanceof Request ? input.clone() : input;
    return deps.fetch(req, { ...init, headers, credentials: 'include' });
  };

  const authFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = pathOf(input);
    const sessionCall = SESSION_PATHS.some((p) => path.endsWith(p));
    let res = await send(input, init, deps.getToken());
    if (sessionCall) return res;
    if (res.status === 403 && (await isExpiredSession(res))) {
      const fresh = await refreshOnce();
      if (fresh) res = await send(input, init, fresh);
    }
    if (res.status === 401) deps.onUnauthorized();
    return res;
  };
  return authFetch as typeof fetch;
}
