import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { companies } from './db/schema';
import { startChannels } from './modules/pipeline/pipeline.fixtures';
import { invalidateActors } from './platform/auth/actor';
import { db } from './platform/db';
import { bodyRuleFor } from './platform/http/body-limit';
import { BODY_TEXT } from './platform/http/errors';
import { handlerMeta } from './platform/http/route-docs';
import { log } from './platform/log';
import { makeGroup, makeUser } from './test/factories';
import { setupTestApp, type TestApp } from './test/harness';
import {
  type Actor,
  appRoutes,
  type Body,
  fillPath,
  pathParams,
  ROUTES,
  type SweepRoute,
  urlOf,
} from './test/route-sweep';
import {
  buildRichTenant,
  expectSameSnapshot,
  PNG,
  type RichTenant,
  snapshotCompany,
} from './test/route-sweep.fixtures';

/**
 * Structural safety nets over the whole API (house guide §3, developers' guide "never 500 for bad input"):
 * every route of `createApp()` is classified in test/route-sweep.ts, then swept as another company's users, without
 * a session, with malformed and wrongly typed input, and as users whose permissions or plan refuse it.
 */

let t: TestApp;
/** A: the victim; B: the other company; C: the target of the bad-input sweep (so A and B stay pristine). */
let A: RichTenant;
let B: RichTenant;
let C: RichTenant;

/**
 * Requests that only the database refused (onError's 22xxx net): each one is a validator missing at the edge, so
 * the sweep fails on them even though the client got a 400.
 */
const netHits: string[] = [];

beforeAll(async () => {
  spyOn(log, 'warn').mockImplementation(((obj: unknown, msg?: string) => {
    const o = obj as { path?: string; code?: string };
    if (msg?.includes('missing validator')) netHits.push(`${o.path} (${o.code})`);
  }) as never);
  t = await setupTestApp();
  await startChannels(t);
  A = await buildRichTenant(t, 'A');
  B = await buildRichTenant(t, 'B');
  C = await buildRichTenant(t, 'C');
  for (const x of [A, B, C])
    await db.update(companies).set({ enableCampaigns: true }).where(eq(companies.id, x.companyId));
  invalidateActors();
}, 60_000);
afterAll(() => t.close());

type Resp = { status: number; text: string; body: unknown; type: string };

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: Body; raw?: { text: string; type: string }; headers?: Record<string, string> } = {},
): Promise<Resp> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.raw) {
    headers['content-type'] = opts.raw.type;
    body = opts.raw.text;
  } else if (opts.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body.value);
  } else if (opts.body?.kind === 'multipart') {
    body = opts.body.value();
  }
  const ac = new AbortController();
  const res = await t.app.request(path, { method, headers, body, signal: ac.signal });
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    ac.abort();
    await res.body?.cancel().catch(() => {});
    return { status: res.status, text: '', body: null, type };
  }
  const text = await res.text();
  let parsed: unknown = null;
  if (type.includes('application/json')) parsed = JSON.parse(text);
  return { status: res.status, text, body: parsed, type };
}

/** A refusal: JSON `{ error: 'ERR_…', message }`, never a 5xx. */
function expectRefusal(r: Resp, what: string, statuses: number[]) {
  if (!statuses.includes(r.status)) {
    throw new Error(`${what}: expected ${statuses.join('/')} but got ${r.status} ${r.text.slice(0, 300)}`);
  }
  const b = r.body as { error?: unknown; message?: unknown } | null;
  if (!b || typeof b.error !== 'string' || !b.error.startsWith('ERR_') || typeof b.message !== 'string') {
    throw new Error(`${what}: refusal without {error, message}: ${r.text.slice(0, 300)}`);
  }
}

/** Never a 5xx; any 4xx carries `{error, message}`. */
function expectNoServerError(r: Resp, what: string) {
  if (r.status >= 500) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  if (r.status >= 400) expectRefusal(r, what, [r.status]);
}

/** Framework and runtime texts (Hono's, zod's defaults, JSON.parse's) that must never reach a client. */
const ENGLISH = /malformed|request body|unexpected|json parse|syntax ?error|expected|received|invalid input/i;

/**
 * The routes that say, in their handler chain, that they read a body — a `validate('json' | 'form', …)` or a
 * documented request (routes that read it themselves) — and whether JSON is one of its forms. Read from the app,
 * not the catalogue.
 */
function appBodyRoutes(): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const r of t.app.routes) {
    const meta = handlerMeta(r.handler);
    const key = `${r.method} ${r.path}`;
    if (meta?.kind === 'validator' && (meta.target === 'json' || meta.target === 'form'))
      out.set(key, out.get(key) || meta.target === 'json');
    if (meta?.kind === 'doc' && meta.doc.request) out.set(key, out.get(key) || !!meta.doc.request.json);
  }
  return out;
}

/**
 * Every route that reads a body: a body or a JSON alternative in the catalogue, or one the app declares (`json`: JSON
 * is one of its forms, so its malformed-JSON text is the shared one).
 */
function bodyRoutes() {
  const declared = appBodyRoutes();
  return entries().flatMap((e) => {
    const kind = bodyOf(e.spec, C).kind;
    const json = kind === 'json' || !!e.spec.jsonAlt || !!declared.get(e.key);
    return kind !== 'none' || declared.has(e.key) ? [{ ...e, json }] : [];
  });
}

const entries = () =>
  Object.entries(ROUTES).map(([key, spec]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path, spec };
  });
const tokenOf = (x: RichTenant, actor: Actor) => x[actor].token;
const bodyOf = (spec: SweepRoute, x: RichTenant): Body => spec.body?.(x) ?? { kind: 'none' };

function expectNoLeak(r: Resp, victim: RichTenant, what: string) {
  if (r.text.includes(victim.marker))
    throw new Error(`${what}: answer carries company A's data: ${r.text.slice(0, 300)}`);
}

/** Background work of the fixtures (acks, pipeline jobs) settles before a before/after comparison. */
async function quietSnapshot(companyId: number) {
  let prev = await snapshotCompany(companyId);
  for (let i = 0; i < 50; i++) {
    await Bun.sleep(50);
    const next = await snapshotCompany(companyId);
    if (JSON.stringify(next) === JSON.stringify(prev)) return next;
    prev = next;
  }
  throw new Error('company data never settled');
}

describe('route catalogue', () => {
  test('every route of the app is classified (a new route must be added to test/route-sweep.ts)', () => {
    const live = appRoutes(t.app.routes);
    const unclassified = live.filter((k) => !(k in ROUTES));
    const stale = Object.keys(ROUTES).filter((k) => !live.includes(k));
    expect({ unclassified, stale }).toEqual({ unclassified: [], stale: [] });
    for (const { key, path, spec } of entries()) {
      const params = pathParams(path);
      if (spec.access === 'id')
        expect({ key, params: !!spec.params && params.length > 0 }).toEqual({ key, params: true });
      // a route without ids may still take free text in its path (a CNPJ, a phone number): listed in textParams
      else expect({ key, params: params.filter((p) => !spec.textParams?.includes(p)) }).toEqual({ key, params: [] });
    }
  });
});

describe('tenancy: company B on company A ids', () => {
  test('every id-bearing route answers 404 (or its documented 403) and company A is unchanged', async () => {
    const before = await quietSnapshot(A.companyId);
    const failures: string[] = [];
    for (const { key, method, path, spec } of entries()) {
      if (spec.access !== 'id') continue;
      const url = fillPath(path, spec.params!(A));
      for (const actor of ['admin', 'master', 'agent'] as Actor[]) {
        if (actor === 'master' && spec.crossTenant?.master) continue;
        // the very request company A's own user would send (its ids in the body too): only the caller differs
        const r = await call(method, url, { token: tokenOf(B, actor), body: bodyOf(spec, A) });
        const expected = actor === 'master' ? [404] : spec.crossTenant ? [spec.crossTenant.status] : [404];
        try {
          expectRefusal(
            r,
            `${key} as B ${actor}`,
            actor === 'agent' && spec.deny?.actors.includes('agent') ? [403, 404] : expected,
          );
          expectNoLeak(r, A, `${key} as B ${actor}`);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
    expectSameSnapshot(before, await snapshotCompany(A.companyId), 'cross-tenant calls');
  }, 60_000);

  test('a master acts across companies only where documented (raw message logs)', async () => {
    for (const { key, method, path, spec } of entries()) {
      if (!spec.crossTenant?.master) continue;
      const r = await call(method, fillPath(path, spec.params!(A)), { token: B.master.token, body: bodyOf(spec, B) });
      expect({ key, status: r.status }).toEqual({ key, status: 200 });
    }
  });

  test('the id of a message route: own ticket with another company id, or the reverse → 404', async () => {
    for (const [ticketId, companyId] of [
      [B.openTicketId, A.companyId],
      [A.openTicketId, B.companyId],
    ]) {
      const r = await call('POST', `/messages/${ticketId}/${companyId}`, {
        token: B.admin.token,
        body: { kind: 'json', value: { body: 'oi' } },
      });
      expectRefusal(r, `POST /messages/${ticketId}/${companyId}`, [404]);
    }
  });

  test('another company ids inside bodies and queries are refused or ignored, never used', async () => {
    const before = await quietSnapshot(A.companyId);
    const j = (value: unknown): Body => ({ kind: 'json', value });
    const refused: [string, string, Body][] = [
      ['POST', '/categoryContacts/sync', j({ contactId: A.contactId, categoryContacts: [] })],
      ['POST', '/categoryContacts/sync', j({ contactId: B.contactId, categoryContacts: [A.categoryId] })],
      ['POST', '/tags/sync', j({ ticketId: A.ticketId, tags: [] })],
      ['POST', '/tags/sync', j({ ticketId: B.ticketId, tags: [A.tagId] })],
      ['POST', '/tickets', j({ contactId: A.contactId })],
      ['POST', '/tickets', j({ contactId: B.contact2Id, queueId: A.queueId })],
      ['POST', '/tickets', j({ contactId: B.contact2Id, userId: A.otherUserId })],
      ['POST', '/tickets', j({ contactId: B.contact2Id, whatsappId: A.whatsappId })],
      ['POST', '/tickets/checkcontactopen', j({ contactId: A.contactId })],
      ['POST', '/ticketsclosed', j({ Tickets: [A.ticketId] })],
      ['POST', '/ticketsclosed', j({ Tickets: [B.ticketId, A.ticketId] })],
      ['PUT', `/tickets/${B.openTicketId}`, j({ queueId: A.queueId })],
      ['PUT', `/tickets/${B.openTicketId}`, j({ userId: A.otherUserId })],
      ['PUT', `/tickets/${B.openTicketId}`, j({ whatsappId: A.whatsappId })],
      [
        'POST',
        '/users',
        j({ name: 'Cruzado', email: 'cruzado1@test.local', password: 'secret', queueIds: [A.queueId] }),
      ],
      [
        'POST',
        '/users',
        j({ name: 'Cruzado', email: 'cruzado2@test.local', password: 'secret', whatsappId: A.whatsappId }),
      ],
      [
        'POST',
        '/users',
        j({ name: 'Cruzado', email: 'cruzado3@test.local', password: 'secret', userAuthorizationId: A.groupId }),
      ],
      ['PUT', `/users/${B.otherUserId}`, j({ queueIds: [A.queueId] })],
      ['PUT', `/users/${B.otherUserId}`, j({ userAuthorizationId: A.groupId })],
      ['POST', '/whatsapp', j({ name: 'Cruzada', lib: 'simulator', queueIds: [A.queueId] })],
      ['PUT', `/whatsapp/${B.whatsappId}`, j({ queueIds: [A.queueId] })],
      ['POST', `/messages/${B.openTicketId}/${B.companyId}`, j({ mediaUrl: `/media/${A.mediaId}` })],
      ['POST', `/messages/${B.openTicketId}/${B.companyId}`, j({ locationId: A.locationId })],
    ];
    const failures: string[] = [];
    for (const [method, path, body] of refused) {
      const r = await call(method, path, { token: B.admin.token, body });
      try {
        expectRefusal(r, `${method} ${path} ${JSON.stringify((body as { value: unknown }).value)}`, [400, 404]);
        expectNoLeak(r, A, `${method} ${path}`);
      } catch (e) {
        failures.push((e as Error).message);
      }
    }
    // filters naming another company's rows answer the caller's own (empty) result
    const filtered: string[] = [
      `/tickets?showAll=true&queueIds=${JSON.stringify([A.queueId])}`,
      `/tickets?showAll=true&tags=${JSON.stringify([A.tagId])}`,
      `/tickets?showAll=true&contactCategories=${JSON.stringify([A.categoryId])}`,
      `/tickets?tab=search&searchContactId=${A.contactId}&searchUserId=${A.admin.id}`,
      `/contacts?selectedContactCategories=${JSON.stringify([A.categoryId])}`,
      `/contacts/export?selectedContactCategories=${JSON.stringify([A.categoryId])}`,
      `/contactsall?selectedContactCategories=${JSON.stringify([A.categoryId])}`,
      `/tagcontacts?tags=${JSON.stringify([A.tagId])}`,
      `/ticketsquery?initialDate=2020-01-01&finalDate=2030-01-01&selectedQueueIds=${JSON.stringify([A.queueId])}&selectedUserIds=${JSON.stringify([A.admin.id])}`,
      `/dash/attendances?currentQueue=${A.queueId}`,
      `/dash/attendances?currentUser=${A.admin.id}`,
      `/report/attendances?selectedQueueIds=${JSON.stringify([A.queueId])}`,
      `/report/attendances?selectedUserIds=${JSON.stringify([A.admin.id])}`,
    ];
    for (const path of filtered) {
      const r = await call('GET', path, { token: B.admin.token });
      try {
        expectNoServerError(r, `GET ${path}`);
        expectNoLeak(r, A, `GET ${path}`);
        if (path.startsWith('/ticketsquery') && r.status === 200) {
          const ids = (r.body as { reportData: { tickets: number[] } }).reportData.tickets;
          if (ids.includes(A.ticketId) || ids.includes(A.openTicketId)) failures.push(`GET ${path}: lists A's tickets`);
        }
      } catch (e) {
        failures.push((e as Error).message);
      }
    }
    // a quote of another company's message is not resolved (the message is sent without it)
    const quoted = await call('POST', `/messages/${B.openTicketId}/${B.companyId}`, {
      token: B.admin.token,
      body: j({ body: 'citação', quotedMsg: A.messageId }),
    });
    expectNoServerError(quoted, 'quotedMsg of A');
    expectNoLeak(quoted, A, 'quotedMsg of A');
    expect(failures).toEqual([]);
    expectSameSnapshot(before, await snapshotCompany(A.companyId), 'foreign references');
  }, 60_000);

  test('every list and read without ids, as company B, carries nothing of company A', async () => {
    const failures: string[] = [];
    for (const { key, method, path, spec } of entries()) {
      if (method !== 'GET' || spec.access !== 'auth' || spec.stream) continue;
      // raw message logs are the platform's view (master, across companies): only a company admin is checked
      for (const actor of (spec.deny?.gate === 'viewMessageLogs' ? ['admin'] : ['admin', 'master']) as Actor[]) {
        const r = await call(method, urlOf(path, spec, B), { token: tokenOf(B, actor) });
        try {
          expectNoServerError(r, `${key} as B ${actor}`);
          expectNoLeak(r, A, `${key} as B ${actor}`);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 30_000);
});

describe('bad input', () => {
  test('no session → 401 on every route but the public ones; a forged token too', async () => {
    const failures: string[] = [];
    for (const { key, method, path, spec } of entries()) {
      if (spec.access === 'public') continue;
      const url = urlOf(path, spec, A);
      for (const token of [undefined, 'not-a-jwt', `${A.admin.token.slice(0, -4)}AAAA`]) {
        const r = await call(method, url, { token, body: bodyOf(spec, A) });
        try {
          expectRefusal(r, `${key} token=${token?.slice(0, 10)}`, [401]);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 30_000);

  const BAD_PARAMS = [
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '2147483648',
    '9007199254740993',
    ' ',
    '\u0000',
    '😀🇧🇷',
    "1' OR '1'='1",
    '<script>alert(1)</script>',
    'x'.repeat(5000),
  ];

  test('bad path parameters → 4xx {error, message}, never 500, nothing changes', async () => {
    const before = await quietSnapshot(C.companyId);
    const failures: string[] = [];
    for (const { key, method, path, spec } of entries()) {
      if (spec.access !== 'id') continue;
      const good = spec.params!(C);
      for (const name of pathParams(path)) {
        for (const bad of BAD_PARAMS) {
          const url = fillPath(path, { ...good, [name]: bad });
          const r = await call(method, url, { token: C.master.token, body: bodyOf(spec, C) });
          const what = `${key} :${name}=${JSON.stringify(bad.slice(0, 20))}`;
          try {
            if (spec.textParams?.includes(name)) expectNoServerError(r, what);
            else expectRefusal(r, what, [400, 404]);
          } catch (e) {
            failures.push((e as Error).message);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expectSameSnapshot(before, await snapshotCompany(C.companyId), 'bad path parameters');
  }, 60_000);

  test('malformed JSON, a wrong Content-Type or an over-size body on every body route → 400/413 with the code and a Portuguese text, nothing changes', async () => {
    const before = await quietSnapshot(C.companyId);
    const failures: string[] = [];
    const check = (r: Resp, what: string, status: number, code: string, text?: string) => {
      try {
        expectRefusal(r, what, [status]);
        const b = r.body as { error: string; message: string };
        if (b.error !== code) throw new Error(`${what}: ${code} expected, got ${r.text.slice(0, 200)}`);
        if (ENGLISH.test(b.message)) throw new Error(`${what}: an English text: ${b.message}`);
        if (text !== undefined && b.message !== text) throw new Error(`${what}: "${text}" expected, got ${b.message}`);
      } catch (e) {
        failures.push((e as Error).message);
      }
    };
    const routes = bodyRoutes();
    // the catalogue cannot miss a body route: what the app declares is swept whatever the catalogue says
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining([...appBodyRoutes().keys()]));
    for (const { key, method, path, spec, json } of routes) {
      const url = spec.params ? fillPath(path, spec.params(C)) : path;
      // public routes without a session; the message API with the tenant's API token
      const token =
        spec.access !== 'public' ? C.master.token : path.startsWith('/api/messages') ? C.apiToken : undefined;
      const send = (text: string, type: string, headers: Record<string, string> = {}) =>
        call(method, url, { token, raw: { text, type }, headers });
      for (const text of ['{"name":', '{name: 1}', '', '\u0000', '{"a":1}{', '\u00ff\u00fe']) {
        const r = await send(text, 'application/json');
        check(
          r,
          `${key} body=${JSON.stringify(text)}`,
          400,
          'ERR_VALIDATION',
          json ? BODY_TEXT.malformedJson : undefined,
        );
      }
      for (const text of ['null', '"text"', '[1,2]']) {
        const r = await send(text, 'application/json');
        check(r, `${key} body=${text}`, 400, 'ERR_VALIDATION', json ? BODY_TEXT.notObject : undefined);
      }
      // a JSON body under another type is not read as an empty form
      const valid = spec.jsonAlt?.(C) ?? (bodyOf(spec, C) as { value?: unknown }).value ?? {};
      for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
        check(await send(JSON.stringify(valid), type), `${key} as ${type}`, 400, 'ERR_VALIDATION');
      }
      // over the route's cap (declared length): refused before a byte is read
      const cap = bodyRuleFor(method, url).maxBytes;
      const big = await send('{}', 'application/json', { 'content-length': String(cap + 1) });
      check(big, `${key} over ${cap} bytes`, 413, 'ERR_PAYLOAD_TOO_LARGE');
    }
    expect(failures).toEqual([]);
    // the message API logs every call of a token, refused ones too (its call log and the token's last use and
    // count): nothing else changes
    const callLog = (snap: Record<string, string[]>) => ({ ...snap, apiTokenCalls: [], apiTokens: [] });
    expectSameSnapshot(callLog(before), callLog(await snapshotCompany(C.companyId)), 'malformed JSON');
  }, 90_000);

  const BAD_VALUES: unknown[] = [
    'abc',
    -1,
    0,
    1.5,
    1e308,
    2147483648,
    Number.MAX_SAFE_INTEGER + 2,
    [],
    [1, 'a', null],
    { a: { b: 1 } },
    null,
    true,
    '',
    'x'.repeat(100_000),
    '😀🇧🇷 ação',
    "1' OR '1'='1'; DROP TABLE users;--",
    '<img src=x onerror=alert(1)>',
    'a\u0000b',
  ];

  test('wrong types in JSON bodies (every field, every bad value) → never 500; objects for scalars → 400', async () => {
    const failures: string[] = [];
    const jsonBodies = entries().flatMap((e) => {
      const body = bodyOf(e.spec, C);
      const out = body.kind === 'json' ? [{ ...e, valid: body.value as Record<string, unknown> }] : [];
      if (e.spec.jsonAlt) out.push({ ...e, valid: e.spec.jsonAlt(C) as Record<string, unknown> });
      return out;
    });
    for (const { key, method, path, spec, valid } of jsonBodies) {
      if (key === 'POST /auth/login' || key === 'POST /auth/signup') continue; // rate limited: swept below
      const url = spec.params ? fillPath(path, spec.params(C)) : path;
      const variants: { what: string; value: unknown; mustRefuse: boolean }[] = [
        { what: 'array body', value: [valid], mustRefuse: true },
        { what: 'string body', value: 'abc', mustRefuse: true },
        { what: 'number body', value: 42, mustRefuse: true },
        { what: 'null body', value: null, mustRefuse: true },
      ];
      for (const field of Object.keys(valid)) {
        for (const bad of BAD_VALUES) {
          const scalar = typeof valid[field] !== 'object';
          const objectForScalar = scalar && bad !== null && typeof bad === 'object' && !Array.isArray(bad);
          variants.push({
            what: `${field}=${JSON.stringify(bad)?.slice(0, 30)}`,
            value: { ...valid, [field]: bad },
            mustRefuse: objectForScalar,
          });
        }
      }
      for (const v of variants) {
        const r = await call(method, url, { token: C.master.token, body: { kind: 'json', value: v.value } });
        try {
          if (v.mustRefuse) expectRefusal(r, `${key} ${v.what}`, [400]);
          else expectNoServerError(r, `${key} ${v.what}`);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('public auth routes with wrong types → 4xx, never 500', async () => {
    for (const path of ['/auth/login', '/auth/signup']) {
      for (const value of [
        null,
        [],
        'x',
        { email: 1, password: [] },
        { email: 'a'.repeat(100_000), password: {} },
        { name: 'a\u0000b', email: 'z@z.z', password: 'secret' },
      ]) {
        const r = await call('POST', path, { body: { kind: 'json', value } });
        expectRefusal(r, `${path} ${JSON.stringify(value).slice(0, 40)}`, [400, 401, 413, 429]);
      }
    }
  });

  test('wrong types in query strings → never 500', async () => {
    const failures: string[] = [];
    for (const { key, method, path, spec } of entries()) {
      if (!spec.query?.length || spec.stream) continue;
      const url = spec.params ? fillPath(path, spec.params(C)) : path;
      for (const name of spec.query) {
        for (const bad of [...BAD_PARAMS, '[1,"a"]', '{"a":1}', '[-1]', '[99999999999]', 'true', '2024-13-45']) {
          const q = new URLSearchParams({ [name]: bad });
          const r = await call(method, `${url}?${q}`, { token: C.master.token });
          try {
            expectNoServerError(r, `${key} ?${name}=${JSON.stringify(bad.slice(0, 20))}`);
          } catch (e) {
            failures.push((e as Error).message);
          }
        }
        // a repeated key (array) where one value is expected
        const r = await call(method, `${url}?${name}=1&${name}=2`, { token: C.master.token });
        try {
          expectNoServerError(r, `${key} ?${name} twice`);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  test('the event stream refuses a bad resume id with 400 before opening', async () => {
    const r = await call('GET', `/events?lastEventId=${'x'.repeat(500)}`, { token: C.admin.token });
    expectRefusal(r, 'GET /events', [400]);
  });

  test('multipart routes: wrong file type, empty file, no file → 400', async () => {
    const form = (build: (f: FormData) => void) => () => {
      const f = new FormData();
      build(f);
      return f;
    };
    const txt = new File([new TextEncoder().encode('just text')], 'notes.txt', { type: 'text/plain' });
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'foto.png', { type: 'image/png' });
    const empty = new File([], 'vazio.png', { type: 'image/png' });
    const cases: [string, string, () => FormData][] = [
      ['POST', '/contacts/import', form((f) => f.append('file', txt))],
      ['POST', '/contacts/import', form((f) => f.append('file', new File([], 'vazio.xlsx')))],
      ['POST', '/contacts/import', form((f) => f.append('other', 'x'))],
      ['POST', '/contacts/import', form((f) => f.append('file', 'not a file'))],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('media', txt))],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('media', exe))],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('media', empty))],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('body', '{broken'))],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('body', '[1,2]'))],
      ['POST', `/messages/${C.openTicketId}/${C.companyId}`, form((f) => f.append('medias', txt))],
      ['POST', `/messages/${C.openTicketId}/${C.companyId}`, form((f) => f.append('medias', exe))],
      ['POST', `/messages/${C.openTicketId}/${C.companyId}`, form((f) => f.append('medias', empty))],
      ['POST', `/messages/${C.openTicketId}/${C.companyId}`, form((f) => f.append('body', 'sem arquivo'))],
      [
        'POST',
        `/messages/${C.openTicketId}/${C.companyId}`,
        form((f) => {
          f.append('medias', new File([PNG], 'foto.png', { type: 'image/png' }));
          f.append('body', 'legenda\u0000');
        }),
      ],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('mediaName', 'logo\u0000.png'))],
      ['PUT', `/companyByCompany/${C.companyId}`, form((f) => f.append('body', '{"companyName":"a\\u0000b"}'))],
    ];
    const before = await quietSnapshot(C.companyId);
    const failures: string[] = [];
    for (const [method, path, value] of cases) {
      const r = await call(method, path, { token: C.admin.token, body: { kind: 'multipart', value } });
      try {
        expectRefusal(
          r,
          `${method} ${path} ${[...value().entries()].map(([k, v]) => `${k}=${(v as unknown) instanceof File ? (v as unknown as File).name : v}`)}`,
          [400],
        );
      } catch (e) {
        failures.push((e as Error).message);
      }
    }
    // a multipart body cut in the middle
    const broken = await call('PUT', `/companyByCompany/${C.companyId}`, {
      token: C.admin.token,
      raw: {
        text: '--xyz\r\nContent-Disposition: form-data; name="body"\r\n\r\n{"a"',
        type: 'multipart/form-data; boundary=xyz',
      },
    });
    try {
      expectRefusal(broken, 'truncated multipart', [400]);
    } catch (e) {
      failures.push((e as Error).message);
    }
    expect(failures).toEqual([]);
    expectSameSnapshot(before, await snapshotCompany(C.companyId), 'bad multipart');
  }, 30_000);

  test('property: random JSON on central write routes → never 500', async () => {
    const targets = () => [
      ['POST', '/contacts'],
      ['PUT', `/contacts/${C.contact2Id}`],
      ['POST', '/quickAnswers'],
      ['POST', '/tags'],
      ['POST', '/queue'],
      ['POST', '/tickets'],
      ['PUT', `/tickets/${C.ticketId}`],
      ['POST', '/users'],
      ['PUT', `/whatsapp/${C.whatsappId}`],
      ['POST', `/messages/${C.openTicketId}/${C.companyId}`],
    ];
    const keys = fc.constantFrom(
      'name',
      'number',
      'email',
      'extraInfo',
      'shortcut',
      'message',
      'color',
      'kanban',
      'contactId',
      'queueId',
      'userId',
      'whatsappId',
      'status',
      'queueIds',
      'password',
      'profile',
      'body',
      'quotedMsg',
      'mediaUrl',
      'greetingMessage',
      'transf',
      'commandBot',
      'locationId',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets()),
        fc.dictionary(keys, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
        async ([method, path], value) => {
          const r = await call(method as string, path as string, {
            token: C.master.token,
            body: { kind: 'json', value },
          });
          expectNoServerError(r, `${method} ${path} ${JSON.stringify(value).slice(0, 200)}`);
        },
      ),
      { numRuns: 300, seed: 1515 },
    );
  }, 60_000);
});

describe('control: the same calls by the owner succeed', () => {
  test('every id-bearing route, as company C itself, answers 2xx (so the 404s above are tenancy, not a bad call)', async () => {
    const failures: string[] = [];
    // calls that end the session or delete rows go last, in this order, so every other call still finds its row
    const last = [
      'DELETE /messages/:id/:channel',
      'POST /closedimported/:id',
      'POST /simulator/:whatsappId/disconnect',
      'PUT /whatsappsession/:id',
      'DELETE /whatsappsession/:id',
      'POST /whatsappsession/:id',
    ];
    const rank = (key: string, method: string) =>
      last.includes(key)
        ? 1 + last.indexOf(key)
        : method === 'DELETE'
          ? 100 + (key === 'DELETE /whatsapp/:id' ? 1 : 0)
          : 0;
    const list = entries()
      .filter((e) => e.spec.access === 'id')
      .sort((a, b) => rank(a.key, a.method) - rank(b.key, b.method));
    for (const { key, method, path, spec } of list) {
      const r = await call(method, urlOf(path, spec, C), { token: C.master.token, body: bodyOf(spec, C) });
      const ok = spec.owner ? r.status === spec.owner.status && r.text.includes(spec.owner.error) : r.status < 300;
      if (!ok) failures.push(`${key}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 30_000);
});

describe('edge validation', () => {
  test('no request of the sweep reached the database with input it cannot store (every 400 came from a validator)', () => {
    expect([...new Set(netHits)]).toEqual([]);
  });
});

describe('permissions and plan flags', () => {
  test('an agent on admin-only routes and a company admin on master-only routes → 403 ERR_NO_PERMISSION', async () => {
    const before = await quietSnapshot(A.companyId);
    const failures: string[] = [];
    for (const { key, method, path, spec } of entries()) {
      if (!spec.deny) continue;
      const url = urlOf(path, spec, A);
      for (const actor of spec.deny.actors) {
        const r = await call(method, url, { token: tokenOf(A, actor), body: bodyOf(spec, A) });
        try {
          expectRefusal(r, `${key} as ${actor} (${spec.deny.gate})`, [403]);
          if ((r.body as { error: string }).error !== 'ERR_NO_PERMISSION')
            failures.push(`${key} as ${actor}: ${r.text}`);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }
    expect(failures).toEqual([]);
    expectSameSnapshot(before, await snapshotCompany(A.companyId), 'refused permissions');
  }, 30_000);

  test('a plan without a feature (campaigns, API, flows, AI, bots, dashboard, reports) refuses its routes, even to its admin', async () => {
    for (const flag of [
      'enableCampaigns',
      'enableApi',
      'enableFlows',
      'iaIntegrationEnabled',
      'enableBots',
      'enableDashboard',
      'enableReports',
    ] as const) {
      await db
        .update(companies)
        .set({ [flag]: false })
        .where(eq(companies.id, A.companyId));
      invalidateActors();
      try {
        for (const { key, method, path, spec } of entries()) {
          if (spec.planFlag !== flag) continue;
          const r = await call(method, urlOf(path, spec, A), { token: A.admin.token, body: bodyOf(spec, A) });
          expectRefusal(r, `${key} without ${spec.planFlag}`, [403]);
        }
      } finally {
        await db
          .update(companies)
          .set({ [flag]: true })
          .where(eq(companies.id, A.companyId));
        invalidateActors();
      }
    }
  });

  test('permission-group flags: categories, categorising and export refused when the group says so', async () => {
    const group = await makeGroup(A.companyId, {
      allowCreateCategoryContacts: false,
      allowCategorizeContacts: false,
      allowTicketExport: false,
    });
    const { token } = await makeUser(A.companyId, { profile: 'admin', userAuthorizationId: group.id });
    const before = await quietSnapshot(A.companyId);
    const cases: [string, string, Body][] = [
      ['POST', '/categorycontacts', { kind: 'json', value: { name: 'Proibida' } }],
      ['PUT', `/categorycontacts/${A.categoryId}`, { kind: 'json', value: { name: 'Proibida' } }],
      ['DELETE', `/categorycontacts/${A.categoryId}`, { kind: 'none' }],
      ['POST', '/categoryContacts/sync', { kind: 'json', value: { contactId: A.contactId, categoryContacts: [] } }],
      ['POST', '/ticketsExport', { kind: 'json', value: { initialDate: '2020-01-01', finalDate: '2030-01-01' } }],
    ];
    for (const [method, path, body] of cases) {
      const r = await call(method, path, { token, body });
      expectRefusal(r, `${method} ${path}`, [403]);
      expect((r.body as { error: string }).error).toBe('ERR_NO_PERMISSION');
    }
    expectSameSnapshot(before, await snapshotCompany(A.companyId), 'refused group flags');
  });
});
