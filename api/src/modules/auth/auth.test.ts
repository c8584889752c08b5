import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { authSessions, companies, queues, userAuthorizations, users } from '../../db/schema';
import { signAccessToken } from '../../platform/auth/tokens';
import { listOutboxMails, type OutboxRow } from '../../platform/mail';
import { MemoryRateLimiter, useRateLimiter } from '../../platform/ratelimit';
import { makeCompany, makeTenant, makeUser } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { SIGNUP_ANSWER_TEXT } from './auth.service';
import {
  DEVICE_COOKIE,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_RULE_IP,
  loginBackoffMs,
  recordLoginFailure,
} from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ env: { TRUST_PROXY: '1' } });
}, 60_000);
afterAll(() => t.close());

const db = () => t.platform.dbh.db;
let ipSeq = 0;
/** a fresh client IP per test so per-IP counters never interfere */
const newIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function refreshCookie(res: Response): string | undefined {
  const all = res.headers.getSetCookie();
  const c = all.find((h) => h.startsWith('jrt='));
  return c?.slice(4, c.indexOf(';'));
}

async function login(email: string, password: string, ip = newIp()) {
  return t.req('POST', '/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': ip } });
}
const refresh = (cookie?: string) =>
  t.req('POST', '/auth/refresh_token', cookie ? { headers: { cookie: `jrt=${cookie}` } } : {});

describe('POST /auth/login', () => {
  test('answers { token, user } and sets the refresh cookie (httpOnly, Lax, Path=/auth)', async () => {
    const { company, admin } = await makeTenant();
    const res = await login(admin.user.email.toUpperCase(), 'secret123');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({
      id: admin.user.id,
      email: admin.user.email,
      profile: 'admin',
      master: 0,
      companyId: company.id,
      company: { id: company.id, name: company.name },
      queues: [],
      volume: 50,
    });
    expect(body.user.passwordHash).toBeUndefined();
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith('jrt='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/auth');
    expect(setCookie).not.toContain('Secure');
    // the token opens the API
    const me = await t.req('GET', `/users/${admin.user.id}`, { token: body.token });
    expect(me.status).toBe(200);
  });

  test("a non-master's login creates the company defaults when it has none", async () => {
    const company = await makeCompany();
    const { user } = await makeUser(company.id);
    expect((await login(user.email, 'secret123')).status).toBe(200);
    const qs = await db().select().from(queues).where(eq(queues.companyId, company.id));
    expect(qs.map((q) => q.name).sort()).toEqual(['Financeiro', 'Suporte', 'Vendas']);
    const gs = await db().select().from(userAuthorizations).where(eq(userAuthorizations.companyId, company.id));
    expect(gs.length).toBe(3);
  });

  test('unknown e-mail → 401 ERR_INVALID_CREDENTIALS_EMAIL', async () => {
    const res = await login('nobody@nowhere.test', 'secret123');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('ERR_INVALID_CREDENTIALS_EMAIL');
  });

  test('wrong password → 401 ERR_INVALID_CREDENTIALS_PASSWORD', async () => {
    const { agent } = await makeTenant();
    const res = await login(agent.user.email, 'wrong-password');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('ERR_INVALID_CREDENTIALS_PASSWORD');
  });

  test('deactivated company → 401 ERR_INVALID_CREDENTIALS (a master still logs in)', async () => {
    const company = await makeCompany({ status: false });
    const { user } = await makeUser(company.id);
    const { user: master } = await makeUser(company.id, { master: true, profile: 'admin' });
    const res = await login(user.email, 'secret123');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('ERR_INVALID_CREDENTIALS');
    expect((await login(master.email, 'secret123')).status).toBe(200);
  });

  test('missing fields → 400 Required', async () => {
    const res = await t.req('POST', '/auth/login', { json: { email: '' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Required' });
    expect(body.fields).toEqual({ email: 'Required', password: 'Required' });
  });
});

describe('login throttling (issue 12 point 17)', () => {
  /** the platform's limiter on a clock the test moves: backoff without sleeping */
  let now = Date.now();
  beforeAll(() => {
    useRateLimiter(new MemoryRateLimiter(() => now));
  });
  const wait = (ms: number) => {
    now += ms;
  };
  const deviceCookie = (res: Response) => {
    const c = res.headers.getSetCookie().find((h) => h.startsWith(`${DEVICE_COOKIE}=`));
    return c?.slice(DEVICE_COOKIE.length + 1, c.indexOf(';'));
  };
  const loginWith = (email: string, password: string, ip: string, device?: string) =>
    t.req('POST', '/auth/login', {
      json: { email, password },
      headers: { 'x-forwarded-for': ip, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    });

  test('backoff: 5 free failures, then 1 s, 2 s, 4 s… capped at 15 min', () => {
    expect([1, 5, 6, 7, 8, 9].map(loginBackoffMs)).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(loginBackoffMs(60)).toBe(LOGIN_BACKOFF_MAX_MS);
  });

  test('a pair (IP, e-mail) that keeps failing waits exponentially longer; the wait passed, the right password works', async () => {
    const { agent } = await makeTenant();
    const ip = newIp();
    for (let i = 0; i < LOGIN_FREE_FAILURES + 1; i++) {
      expect((await loginWith(agent.user.email, 'bad', ip)).status).toBe(401);
    }
    const held = await loginWith(agent.user.email, 'secret123', ip);
    expect(held.status).toBe(429);
    expect((await held.json()).error).toBe('ERR_TOO_MANY_REQUESTS');
    expect(held.headers.get('retry-after')).toBe('1');
    wait(1_100);
    expect((await loginWith(agent.user.email, 'bad', ip)).status).toBe(401);
    const longer = await loginWith(agent.user.email, 'secret123', ip);
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');
    wait(2_100);
    expect((await loginWith(agent.user.email, 'secret123', ip)).status).toBe(200);
    // a success forgets the failures: the next typo is free again
    expect((await loginWith(agent.user.email, 'bad', ip)).status).toBe(401);
    expect((await loginWith(agent.user.email, 'secret123', ip)).status).toBe(200);
  });

  test("someone else's failures from anywhere never refuse the owner's right password", async () => {
    const { agent } = await makeTenant();
    // 40 wrong passwords for the victim's e-mail from 40 addresses, then 20 more from one (waiting out each delay)
    for (let i = 0; i < 40; i++) expect((await loginWith(agent.user.email, 'guess', newIp())).status).toBe(401);
    const attacker = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await loginWith(agent.user.email, 'guess', attacker);
      if (res.status === 429) wait(Number(res.headers.get('retry-after')) * 1000 + 10);
    }
    expect((await loginWith(agent.user.email, 'secret123', attacker)).status).toBe(429);
    // the owner, from their own address: in at once
    expect((await loginWith(agent.user.email, 'secret123', newIp())).status).toBe(200);
  });

  test("the owner behind the attacker's address gets in with the browser that logged in before (device cookie)", async () => {
    const { agent } = await makeTenant();
    const office = newIp();
    const first = await loginWith(agent.user.email, 'secret123', office);
    expect(first.status).toBe(200);
    const device = deviceCookie(first) as string;
    expect(device).toBeTruthy();
    expect(first.headers.getSetCookie().find((h) => h.startsWith(DEVICE_COOKIE))).toContain('HttpOnly');
    for (let i = 0; i < LOGIN_FREE_FAILURES + 3; i++) await loginWith(agent.user.email, 'guess', office);
    expect((await loginWith(agent.user.email, 'secret123', office)).status).toBe(429);
    expect((await loginWith(agent.user.email, 'secret123', office, device)).status).toBe(200);
    // the cookie is bound to its e-mail: it does not unlock another account
    const { agent: other } = await makeTenant();
    for (let i = 0; i < LOGIN_FREE_FAILURES + 3; i++) await loginWith(other.user.email, 'guess', office);
    expect((await loginWith(other.user.email, 'secret123', office, device)).status).toBe(429);
  });

  test(`one IP: an office's typos pass; past ${LOGIN_RULE_IP.limit} failures in 15 min new devices wait, known ones do not`, async () => {
    const office = newIp();
    const { agent } = await makeTenant();
    const known = deviceCookie(await loginWith(agent.user.email, 'secret123', office)) as string;
    // 100 people each mistyping twice: far below the ceiling
    for (let i = 0; i < 100; i++) {
      await recordLoginFailure({ ip: office, email: `person${i}@office.test` });
      await recordLoginFailure({ ip: office, email: `person${i}@office.test` });
    }
    const { agent: colleague } = await makeTenant();
    expect((await loginWith(colleague.user.email, 'secret123', office)).status).toBe(200);
    for (let i = 200; i < LOGIN_RULE_IP.limit; i++) await recordLoginFailure({ ip: office, email: `spray${i}@x.test` });
    const { agent: newcomer } = await makeTenant();
    expect((await loginWith(newcomer.user.email, 'secret123', office)).status).toBe(429);
    expect((await loginWith(newcomer.user.email, 'secret123', newIp())).status).toBe(200);
    expect((await loginWith(agent.user.email, 'secret123', office, known)).status).toBe(200);
    wait(LOGIN_RULE_IP.windowMs + 1);
    expect((await loginWith(newcomer.user.email, 'secret123', office)).status).toBe(200);
  });
});

describe('POST /auth/refresh_token', () => {
  test('rotates the refresh token on every use and answers { token, user }', async () => {
    const { agent } = await makeTenant();
    const a = refreshCookie(await login(agent.user.email, 'secret123'))!;
    const r1 = await refresh(a);
    expect(r1.status).toBe(200);
    const b1 = await r1.json();
    expect(b1.user.id).toBe(agent.user.id);
    const b = refreshCookie(r1)!;
    expect(b).toBeTruthy();
    expect(b).not.toBe(a);
    const r2 = await refresh(b);
    expect(r2.status).toBe(200);
    expect(refreshCookie(r2)).not.toBe(b);
    // only hashes are stored
    const rows = await db().select().from(authSessions).where(eq(authSessions.userId, agent.user.id));
    expect(rows.length).toBe(3);
    expect(rows.some((r) => r.tokenHash === a || r.tokenHash === b)).toBe(false);
  });

  test('reuse of a spent token revokes the whole family (401), including its newer tokens', async () => {
    const { agent } = await makeTenant();
    const a = refreshCookie(await login(agent.user.email, 'secret123'))!;
    const r1 = await refresh(a);
    const b = refreshCookie(r1)!;
    // move the rotation out of the concurrent-tab grace window
    await db()
      .update(authSessions)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(authSessions.userId, agent.user.id));
    const replay = await refresh(a);
    expect(replay.status).toBe(401);
    expect((await replay.json()).error).toBe('ERR_UNAUTHORIZED');
    // the legitimate holder's newer token is dead too
    expect((await refresh(b)).status).toBe(401);
    const rows = await db().select().from(authSessions).where(eq(authSessions.userId, agent.user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    // a new login works
    expect((await login(agent.user.email, 'secret123')).status).toBe(200);
  });

  test('a second tab refreshing with the same token at once gets a sibling token (grace window)', async () => {
    const { agent } = await makeTenant();
    const a = refreshCookie(await login(agent.user.email, 'secret123'))!;
    const [r1, r2] = await Promise.all([refresh(a), refresh(a)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(refreshCookie(r1)).not.toBe(refreshCookie(r2));
    expect((await refresh(refreshCookie(r1))).status).toBe(200);
    expect((await refresh(refreshCookie(r2))).status).toBe(200);
  });

  test('no cookie or an unknown token → 401 and the cookie is cleared', async () => {
    expect((await refresh()).status).toBe(401);
    const res = await refresh('not-a-token');
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().find((h) => h.startsWith('jrt='))).toContain('Max-Age=0');
  });

  test('an expired refresh token → 401', async () => {
    const { agent } = await makeTenant();
    const a = refreshCookie(await login(agent.user.email, 'secret123'))!;
    await db()
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, agent.user.id));
    expect((await refresh(a)).status).toBe(401);
  });
});

describe('DELETE /auth/logout', () => {
  test('revokes the session family and clears the cookie', async () => {
    const { agent } = await makeTenant();
    const a = refreshCookie(await login(agent.user.email, 'secret123'))!;
    const res = await t.req('DELETE', '/auth/logout', { headers: { cookie: `jrt=${a}` } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((h) => h.startsWith('jrt='))).toContain('Max-Age=0');
    expect((await refresh(a)).status).toBe(401);
  });
  test('without a cookie it still succeeds', async () => {
    expect((await t.req('DELETE', '/auth/logout')).status).toBe(200);
  });
});

describe('403 vs 401 semantics', () => {
  test('expired access token → 403 ERR_SESSION_EXPIRED (client refreshes and retries)', async () => {
    const { agent } = await makeTenant();
    const expired = await signAccessToken(t.platform.env, agent.user, -10);
    const res = await t.req('GET', '/users/list', { token: expired });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('ERR_SESSION_EXPIRED');
  });
  test('no token or a forged token → 401; a superseded token version → 403 ERR_SESSION_EXPIRED (refresh decides)', async () => {
    const { agent } = await makeTenant();
    expect((await t.req('GET', '/users/list')).status).toBe(401);
    expect((await t.req('GET', '/users/list', { token: 'abc.def.ghi' })).status).toBe(401);
    const forged = await signAccessToken({ jwtSecret: 'another-secret-another-secret-xx' }, agent.user);
    expect((await t.req('GET', '/users/list', { token: forged })).status).toBe(401);
    const stale = await signAccessToken(t.platform.env, { ...agent.user, tokenVersion: agent.user.tokenVersion - 1 });
    const res = await t.req('GET', '/users/list', { token: stale });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('ERR_SESSION_EXPIRED');
  });
});

describe('POST /auth/signup', () => {
  test('creates a company on the standard plan with defaults, the user as its admin, who then logs in', async () => {
    const res = await t.req('POST', '/auth/signup', {
      json: { name: 'Joana Silva', email: 'Joana@Signup.test', password: 'abcde' },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: SIGNUP_ANSWER_TEXT });
    expect(refreshCookie(res)).toBeUndefined();
    const logged = await login('joana@signup.test', 'abcde');
    expect(logged.status).toBe(200);
    const body = await logged.json();
    expect(body.user).toMatchObject({ name: 'Joana Silva', email: 'joana@signup.test', profile: 'admin', master: 0 });
    expect(body.user.userAuthorization?.name).toBe('Administradores');
    const companyId = body.user.companyId;
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company.name).toBe('Joana Silva');
    expect(company.planId).not.toBeNull();
    expect(company.numberAttendants).toBe(1);
    expect(company.enableCampaigns).toBe(false);
    const qs = await db().select().from(queues).where(eq(queues.companyId, companyId));
    expect(qs.map((q) => q.name).sort()).toEqual(['Financeiro', 'Suporte', 'Vendas']);
    const gs = await db().select().from(userAuthorizations).where(eq(userAuthorizations.companyId, companyId));
    expect(gs.map((g) => g.name).sort()).toEqual(['Administradores', 'Gerentes', 'Operacionais']);
    // the new admin can use the API at once
    expect((await t.req('GET', '/queue', { token: body.token })).status).toBe(200);
  });

  test('an existing e-mail gets the very same answer (no enumeration); nothing is created or changed', async () => {
    const { agent } = await makeTenant();
    const before = (await db().select().from(companies)).length;
    const fresh = await t.req('POST', '/auth/signup', {
      json: { name: 'Nova', email: `nova-${newIp()}@signup.test`, password: 'abcde' },
      headers: { 'x-forwarded-for': newIp() },
    });
    const dup = await t.req('POST', '/auth/signup', {
      json: { name: 'Dup', email: agent.user.email.toUpperCase(), password: 'abcde' },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(dup.status).toBe(fresh.status);
    expect(await dup.json()).toEqual(await fresh.json());
    expect([...dup.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    expect((await db().select().from(companies)).length).toBe(before + 1);
    // the owner's account is untouched: their password still works, the typed one does not
    expect((await login(agent.user.email, 'secret123')).status).toBe(200);
    expect((await login(agent.user.email, 'abcde')).status).toBe(401);
    // and the owner is told by e-mail (the embedded outbox here), with no password in it
    let notice: OutboxRow | undefined;
    for (let i = 0; i < 100 && !notice; i++) {
      notice = (await listOutboxMails(agent.user.email, { limit: 5, offset: 0 }))[0];
      if (!notice) await Bun.sleep(20);
    }
    expect(notice?.subject).toBe('Você já tem uma conta');
    expect(notice?.text).not.toContain('abcde');
  });

  test.each([
    [{ name: 'J' }, 'name', 'Too Short!'],
    [{ name: 'J'.repeat(51) }, 'name', 'Too Long!'],
    [{ email: '' }, 'email', 'Required'],
    [{ email: 'joana' }, 'email', 'Invalid email'],
    [{ password: '1234' }, 'password', 'Too Short!'],
    [{ password: '1'.repeat(51) }, 'password', 'Too Long!'],
  ])('validation %o → 400 %s: %s', async (patch, field, text) => {
    const res = await t.req('POST', '/auth/signup', {
      json: { name: 'Joana', email: 'valid@signup.test', password: 'abcde', ...patch },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields[field]).toBe(text);
  });

  test('sign-ups are rate limited per IP', async () => {
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await t.req('POST', '/auth/signup', {
        json: { name: `Spam ${i}`, email: `spam-${i}-${ip}@signup.test`, password: 'abcde' },
        headers: { 'x-forwarded-for': ip },
      });
      last = res.status;
      if (i < 10) expect(res.status).toBe(201);
    }
    expect(last).toBe(429);
  });
});

describe('password reset invalidates sessions', () => {
  test('resetPassword bumps tokenVersion and revokes refresh sessions', async () => {
    const { resetPassword } = await import('./auth.service');
    const { agent } = await makeTenant();
    const res = await login(agent.user.email, 'secret123');
    const { token } = await res.json();
    const cookie = refreshCookie(res)!;
    await resetPassword(agent.user.email, 'brand-new');
    // superseded → 403 (the client refreshes), and the refresh is refused → logged out
    expect((await t.req('GET', '/users/list', { token })).status).toBe(403);
    expect((await refresh(cookie)).status).toBe(401);
    expect((await login(agent.user.email, 'brand-new')).status).toBe(200);
    const [u] = await db().select().from(users).where(eq(users.id, agent.user.id));
    expect(u.tokenVersion).toBe(agent.user.tokenVersion + 1);
  });
});
