import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signAccessToken } from '../../platform/auth/tokens';
import { configureSseHubs, disconnectUserStreams, sseHub } from '../../platform/events/sse';
import { readSse, type SseReader } from '../../platform/events/sse-test-reader';
import { publishEvent } from '../../platform/index';
import { makeTenant, makeUser } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let A: Awaited<ReturnType<typeof makeTenant>>;
let B: Awaited<ReturnType<typeof makeTenant>>;

beforeAll(async () => {
  configureSseHubs({ heartbeatMs: 200 });
  t = await setupTestApp();
  A = await makeTenant();
  B = await makeTenant();
}, 60_000);
afterAll(async () => {
  configureSseHubs({});
  await t.close();
});

const open: SseReader[] = [];
async function connect(init: { token?: string; query?: string; headers?: Record<string, string> }) {
  const res = await t.req('GET', `/events${init.query ?? ''}`, { token: init.token, headers: init.headers });
  expect(res.status).toBe(200);
  const s = readSse(res);
  open.push(s);
  return s;
}
async function closeAll() {
  await Promise.all(open.splice(0).map((s) => s.close()));
}
/** a marker event per company: reading up to it proves everything published before has been delivered (or not) */
const fence = (companyId: number) => {
  const tag = crypto.randomUUID();
  publishEvent({ companyId, channel: `fence-${companyId}`, data: { action: 'fence', tag } });
  return (f: { data?: { tag?: string } }) => f.data?.tag === tag;
};

describe('GET /events: authentication', () => {
  test('401 ERR_UNAUTHORIZED without a token or with a bad one', async () => {
    const res = await t.req('GET', '/events');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('ERR_UNAUTHORIZED');
    const bad = await t.req('GET', '/events?token=not-a-jwt');
    expect(bad.status).toBe(401);
  });

  test('403 ERR_SESSION_EXPIRED with an expired token, by header or query', async () => {
    const expired = await signAccessToken(t.platform.env, A.agent.user, -10);
    const byHeader = await t.req('GET', '/events', { token: expired });
    expect(byHeader.status).toBe(403);
    expect((await byHeader.json()).error).toBe('ERR_SESSION_EXPIRED');
    const byQuery = await t.req('GET', `/events?token=${expired}`);
    expect(byQuery.status).toBe(403);
    expect((await byQuery.json()).error).toBe('ERR_SESSION_EXPIRED');
  });

  test('a too long lastEventId is a 400, not a 500', async () => {
    const res = await t.req('GET', `/events?lastEventId=${'x'.repeat(101)}`, { token: A.agent.token });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('ERR_VALIDATION');
  });

  test('token via ?token= opens an event stream (the browser EventSource way)', async () => {
    const res = await t.req('GET', `/events?token=${A.agent.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const s = readSse(res);
    open.push(s);
    expect((await s.next()).retry).toBeNumber();
    const ready = await s.nextEvent();
    expect(ready.event).toBe('ready');
    expect(ready.id).toBeString();
    publishEvent({
      companyId: A.company.id,
      channel: `ticket-${A.company.id}`,
      data: { action: 'updateUnread', ticketId: 5 },
    });
    const got = await s.nextEvent();
    expect(got.event).toBe(`ticket-${A.company.id}`);
    expect(got.data).toEqual({ action: 'updateUnread', ticketId: 5 });
    expect(got.id).toBeString();
    await closeAll();
  });
});

describe('GET /events: tenancy and audience', () => {
  test('a user receives every channel of their company and never another company’s', async () => {
    const a = await connect({ token: A.agent.token });
    const b = await connect({ token: B.admin.token });
    await a.nextEvent();
    await b.nextEvent();
    publishEvent({
      companyId: B.company.id,
      channel: `ticket-${B.company.id}`,
      data: { action: 'delete', ticketId: 1 },
    });
    publishEvent({ companyId: A.company.id, channel: `appMessage-${A.company.id}`, data: { action: 'create', n: 1 } });
    publishEvent({ companyId: B.company.id, channel: 'user', data: { action: 'update', secret: 'B' } });
    publishEvent({ companyId: A.company.id, channel: 'whatsapp', data: { action: 'delete', whatsappId: 3 } });
    const gotA = await a.until(fence(A.company.id));
    const gotB = await b.until(fence(B.company.id));
    expect(gotA.map((f) => f.event)).toEqual([`appMessage-${A.company.id}`, 'whatsapp', `fence-${A.company.id}`]);
    expect(gotB.map((f) => f.event)).toEqual([`ticket-${B.company.id}`, 'user', `fence-${B.company.id}`]);
    await closeAll();
  });

  test('userId-targeted events reach only that user; adminOnly only admins', async () => {
    const adm = await connect({ token: A.admin.token });
    const agt = await connect({ token: A.agent.token });
    const other = await makeUser(A.company.id);
    const oth = await connect({ token: other.token });
    for (const s of [adm, agt, oth]) await s.nextEvent();
    publishEvent({
      companyId: A.company.id,
      channel: 'user',
      data: { action: 'update', to: 'agent' },
      userId: A.agent.user.id,
    });
    publishEvent({
      companyId: A.company.id,
      channel: `user-${A.company.id}`,
      data: { action: 'update', to: 'admins' },
      adminOnly: true,
    });
    // same user id number in another company must not matter: delivery is by company first
    publishEvent({
      companyId: B.company.id,
      channel: 'user',
      data: { action: 'update', to: 'B' },
      userId: A.agent.user.id,
    });
    const done = fence(A.company.id);
    const seen = async (s: SseReader) =>
      (await s.until(done)).filter((f) => f.data.action !== 'fence').map((f) => f.data.to);
    expect(await seen(agt)).toEqual(['agent']);
    expect(await seen(adm)).toEqual(['admins']);
    expect(await seen(oth)).toEqual([]);
    await closeAll();
  });
});

describe('GET /events: resume', () => {
  test('reconnecting with Last-Event-ID gets exactly the missed events, then live ones', async () => {
    const s1 = await connect({ token: A.agent.token });
    await s1.nextEvent();
    publishEvent({ companyId: A.company.id, channel: `ticket-${A.company.id}`, data: { action: 'update', n: 1 } });
    const e1 = await s1.nextEvent();
    await s1.close();
    // wait until the hub has released the closed stream
    for (let i = 0; i < 50 && sseHub().clientCount(A.company.id) > 0; i++) await Bun.sleep(10);
    expect(sseHub().clientCount(A.company.id)).toBe(0);

    publishEvent({ companyId: A.company.id, channel: `ticket-${A.company.id}`, data: { action: 'update', n: 2 } });
    publishEvent({ companyId: B.company.id, channel: `ticket-${B.company.id}`, data: { action: 'update', n: 90 } });
    publishEvent({
      companyId: A.company.id,
      channel: 'user',
      data: { action: 'update', n: 91 },
      userId: A.admin.user.id,
    });
    publishEvent({ companyId: A.company.id, channel: `ticket-${A.company.id}`, data: { action: 'update', n: 3 } });

    const s2 = await connect({ token: A.agent.token, headers: { 'Last-Event-ID': e1.id as string } });
    expect((await s2.nextEvent()).data.n).toBe(2);
    const e3 = await s2.nextEvent();
    expect(e3.data.n).toBe(3);
    expect(await s2.quiet(150)).toBe(true);
    publishEvent({ companyId: A.company.id, channel: `ticket-${A.company.id}`, data: { action: 'update', n: 4 } });
    expect((await s2.nextEvent()).data.n).toBe(4);
    await s2.close();

    // our web client reconnects with ?lastEventId= after refreshing its token
    const s3 = await connect({ token: A.agent.token, query: `?lastEventId=${encodeURIComponent(e3.id as string)}` });
    expect((await s3.nextEvent()).data.n).toBe(4);
    expect(await s3.quiet(100)).toBe(true);
    await closeAll();
  });

  test('an unknown or foreign-company Last-Event-ID answers `resync`, never the other company’s events', async () => {
    const b = await connect({ token: B.admin.token });
    await b.nextEvent();
    publishEvent({ companyId: B.company.id, channel: `ticket-${B.company.id}`, data: { action: 'update', n: 1 } });
    const bId = (await b.nextEvent()).id as string;
    publishEvent({ companyId: B.company.id, channel: `ticket-${B.company.id}`, data: { action: 'update', n: 2 } });
    const a = await connect({ token: A.agent.token, headers: { 'Last-Event-ID': bId } });
    const first = await a.nextEvent();
    expect(first.event).toBe('resync');
    expect(first.data).toEqual({ action: 'resync' });
    expect(await a.quiet(100)).toBe(true);
    await closeAll();
  });
});

describe('GET /events: lifecycle', () => {
  test('heartbeat comments keep the stream alive', async () => {
    const s = await connect({ token: A.agent.token });
    await s.nextEvent();
    expect((await s.next(1000)).comment).toBe('hb');
    await closeAll();
  });

  test('disconnectUserStreams ends that user’s streams only', async () => {
    const agt = await connect({ token: A.agent.token });
    const adm = await connect({ token: A.admin.token });
    await agt.nextEvent();
    await adm.nextEvent();
    disconnectUserStreams(A.company.id, A.agent.user.id);
    expect(await agt.ended()).toBe(true);
    publishEvent({ companyId: A.company.id, channel: `ticket-${A.company.id}`, data: { action: 'update', n: 1 } });
    expect((await adm.nextEvent()).data.n).toBe(1);
    await closeAll();
  });

  test('the stream ends with `reauth` before its access token expires', async () => {
    const token = await signAccessToken(t.platform.env, A.agent.user, 2);
    const expiresAt = (JSON.parse(atob(token.split('.')[1])) as { exp: number }).exp * 1000;
    const s = await connect({ token });
    await s.nextEvent();
    const f = await s.nextEvent(4000);
    expect(f).toEqual({ event: 'reauth', data: { action: 'reauth' } });
    expect(Date.now()).toBeLessThan(expiresAt);
    expect(await s.ended()).toBe(true);
    await closeAll();
  });

  test('the stream opts out of Bun’s idle timeout (the server is c.env under Bun.serve)', async () => {
    const calls: [Request, number][] = [];
    const req = new Request(`http://x/events?token=${A.agent.token}`);
    const res = await t.app.fetch(req, { timeout: (r: Request, s: number) => calls.push([r, s]) });
    expect(res.status).toBe(200);
    expect(calls).toEqual([[req, 0]]);
    await res.body?.cancel();
  });

  test('over a real socket: stream outlives the idle timeout, and a client hang-up releases it', async () => {
    const server = Bun.serve({ port: 0, fetch: t.app.fetch, idleTimeout: 1 });
    try {
      const ac = new AbortController();
      const res = await fetch(`http://127.0.0.1:${server.port}/events?token=${A.agent.token}`, { signal: ac.signal });
      expect(res.status).toBe(200);
      const s = readSse(res);
      await s.nextEvent();
      const before = sseHub().clientCount(A.company.id);
      expect(before).toBeGreaterThanOrEqual(1);
      await Bun.sleep(2200); // beyond Bun's 1 s idle timeout
      publishEvent({ companyId: A.company.id, channel: `ticket-${A.company.id}`, data: { action: 'update', n: 7 } });
      expect((await s.nextEvent(3000)).data.n).toBe(7);
      ac.abort();
      await s.close();
      for (let i = 0; i < 100 && sseHub().clientCount(A.company.id) >= before; i++) await Bun.sleep(20);
      expect(sseHub().clientCount(A.company.id)).toBe(before - 1);
    } finally {
      server.stop(true);
    }
  }, 15_000);
});
