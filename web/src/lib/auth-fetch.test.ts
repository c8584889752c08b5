import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createAuthFetch } from './auth-fetch';

/**
 * A real HTTP server plays the API: tokens 'old' are expired (403), 'fresh' is valid, anything else is 401.
 * `refresh` plays POST /auth/refresh_token.
 */
let server: ReturnType<typeof Bun.serve>;
let base = '';
const seen: { path: string; auth: string | null; body: string }[] = [];

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const auth = req.headers.get('authorization');
      seen.push({ path: url.pathname, auth, body: await req.text() });
      if (url.pathname === '/auth/login') return Response.json({ error: 'ERR_INVALID_CREDENTIALS' }, { status: 401 });
      if (url.pathname === '/forbidden') return Response.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 });
      if (url.pathname === '/bare403') return new Response('Forbidden', { status: 403 });
      if (auth === 'Bearer fresh') return Response.json({ ok: true, path: url.pathname });
      if (auth === 'Bearer old') return Response.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 403 });
      return Response.json({ error: 'ERR_UNAUTHORIZED' }, { status: 401 });
    },
  });
  base = `http://localhost:${server.port}`;
});
afterAll(() => server.stop(true));

function setup(initial: string | null, refreshAnswer: string | null) {
  const state = { token: initial, refreshCalls: 0, loggedOut: 0 };
  const f = createAuthFetch({
    fetch,
    getToken: () => state.token,
    refresh: async () => {
      state.refreshCalls++;
      await Bun.sleep(20);
      state.token = refreshAnswer;
      return refreshAnswer;
    },
    onUnauthorized: () => {
      state.loggedOut++;
      state.token = null;
    },
  });
  return { f, state };
}

describe('authFetch (spec 1 §4 Session)', () => {
  test('adds the bearer token', async () => {
    const { f } = setup('fresh', null);
    const res = await f(`${base}/tickets`);
    expect(res.status).toBe(200);
    expect(seen.at(-1)?.auth).toBe('Bearer fresh');
  });

  test('403 → one refresh → the call is retried with the new token (body resent)', async () => {
    const { f, state } = setup('old', 'fresh');
    const res = await f(`${base}/contacts`, { method: 'POST', body: JSON.stringify({ name: 'Ana' }) });
    expect(res.status).toBe(200);
    expect(state.refreshCalls).toBe(1);
    const last = seen.at(-1);
    expect(last?.auth).toBe('Bearer fresh');
    expect(last?.body).toBe('{"name":"Ana"}');
  });

  test('concurrent 403s share ONE refresh', async () => {
    const { f, state } = setup('old', 'fresh');
    const answers = await Promise.all([f(`${base}/a`), f(`${base}/b`), f(`${base}/c`)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(state.refreshCalls).toBe(1);
  });

  test('a 403 refusing the call itself (ERR_NO_PERMISSION) is neither refreshed nor retried (issue 12 point 9)', async () => {
    const { f, state } = setup('fresh', 'fresh');
    const before = seen.length;
    const res = await f(`${base}/forbidden`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(seen.length - before).toBe(1);
    expect(state.refreshCalls).toBe(0);
    expect(state.loggedOut).toBe(0);
  });

  test('a 403 without a code keeps the refresh-and-retry once', async () => {
    const { f, state } = setup('fresh', 'fresh');
    const before = seen.length;
    const res = await f(`${base}/bare403`);
    expect(res.status).toBe(403);
    expect(seen.length - before).toBe(2);
    expect(state.refreshCalls).toBe(1);
  });

  test('a refused refresh leaves the 403 and does not retry', async () => {
    const { f, state } = setup('old', null);
    const before = seen.length;
    const res = await f(`${base}/tickets`);
    expect(res.status).toBe(403);
    expect(seen.length - before).toBe(1);
    expect(state.refreshCalls).toBe(1);
  });

  test('401 → logged out (token cleared)', async () => {
    const { f, state } = setup('garbage', 'fresh');
    const res = await f(`${base}/tickets`);
    expect(res.status).toBe(401);
    expect(state.loggedOut).toBe(1);
    expect(state.token).toBeNull();
  });

  test('the session calls themselves never trigger refresh or logout (wrong password is not a logout)', async () => {
    const { f, state } = setup('fresh', 'fresh');
    const res = await f(`${base}/auth/login`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(state.loggedOut).toBe(0);
    expect(state.refreshCalls).toBe(0);
  });

  test('an explicit Authorization header is kept; Request objects work', async () => {
    const { f } = setup('old', 'fresh');
    const res = await f(new Request(`${base}/x`, { headers: { authorization: 'Bearer fresh' } }));
    expect(res.status).toBe(200);
    expect(seen.at(-1)?.auth).toBe('Bearer fresh');
  });
});
