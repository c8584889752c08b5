import { beforeAll, describe, expect, test } from 'bun:test';
import {
  AI_SIMULATOR_BODY_MAX,
  AI_SIMULATOR_RULE,
  AI_TEXTS,
  BOT_CONFIG_DEFAULTS,
  type BotConfigDto,
  type IntegrationDto,
} from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { aiUsage, companies, integrations } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { rateLimiter } from '../../platform/ratelimit';
import { makeQueue } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { openAiKey } from './ai.secret';

const { t } = useTestApp();
const { A, B } = useTenantPair();

const KEY = 'sk-test-SECRET-KEY-0123456789abcdefWXYZ';

/** every answer body of the area, to grep for the key (acceptance 3) */
const answers: string[] = [];
async function call(method: string, path: string, token: string, json?: unknown) {
  const res = await t.req(method, path, json === undefined ? { token } : { token, json });
  const text = await res.text();
  answers.push(text);
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  for (const c of [A.company.id, B.company.id]) {
    await db.update(companies).set({ iaIntegrationEnabled: true }).where(eq(companies.id, c));
  }
  invalidateActors();
});

describe('integrations (spec 2 §7 /integration)', () => {
  test('create, list (search, paging), show, edit keeping or replacing the key, delete; the key never answered', async () => {
    const created = await call('POST', '/integration/', A.admin.token, {
      name: 'OpenAI produção',
      apiUrl: 'http://127.0.0.1:9/v1',
      apiToken: KEY,
      message: 'olá',
      dataJson: '{"models":["llama3"]}',
    });
    expect(created.status).toBe(200);
    const i = created.body as IntegrationDto;
    expect(i).toMatchObject({
      name: 'OpenAI produção',
      integrationType: 'openai',
      apiUrl: 'http://127.0.0.1:9/v1',
      apiToken: '••••WXYZ',
      hasApiToken: true,
      models: ['gpt-3.5-turbo', 'gpt-4', 'gpt-4o', 'llama3'],
      companyId: A.company.id,
    });
    const [row] = await db.select().from(integrations).where(eq(integrations.id, i.id));
    expect(row.apiTokenEnc).not.toContain(KEY);
    expect(openAiKey(A.company.id, row.apiTokenEnc)).toBe(KEY);

    const list = await call('GET', '/integration?searchParam=PRODU&pageNumber=1', A.admin.token);
    expect(list.body).toMatchObject({ count: 1, hasMore: false, integrations: [{ id: i.id }] });
    expect((await call('GET', '/integration?searchParam=nada', A.admin.token)).body.integrations).toEqual([]);
    expect((await call('GET', `/integration/${i.id}`, A.admin.token)).body).toMatchObject({ id: i.id });

    // edit without a key (or with its mask) keeps it
    const edited = await call('PUT', `/integration/${i.id}`, A.admin.token, {
      name: 'Renomeada',
      apiToken: '••••WXYZ',
    });
    expect(edited.body).toMatchObject({ name: 'Renomeada', apiToken: '••••WXYZ', apiUrl: '' });
    const [kept] = await db.select().from(integrations).where(eq(integrations.id, i.id));
    expect(openAiKey(A.company.id, kept.apiTokenEnc)).toBe(KEY);
    const replaced = await call('PUT', `/integration/${i.id}`, A.admin.token, {
      name: 'Nova',
      apiToken: 'sk-other-9876',
    });
    expect(replaced.body.apiToken).toBe('••••9876');

    expect((await call('DELETE', `/integration/${i.id}`, A.admin.token)).body).toEqual({
      message: AI_TEXTS.integrationDeleted,
    });
    expect((await call('GET', `/integration/${i.id}`, A.admin.token)).status).toBe(404);
  });

  test('validation: name and key required, URL and JSON checked (400 with the texts)', async () => {
    const noKey = await call('POST', '/integration', A.admin.token, { name: 'x' });
    expect(noKey).toMatchObject({ status: 400, body: { message: AI_TEXTS.required } });
    const noName = await call('POST', '/integration', A.admin.token, { apiToken: KEY });
    expect(noName.status).toBe(400);
    const badUrl = await call('POST', '/integration', A.admin.token, { name: 'x', apiToken: KEY, apiUrl: 'ftp://x' });
    expect(badUrl).toMatchObject({ status: 400, body: { message: AI_TEXTS.invalidUrl } });
    const badJson = await call('POST', '/integration', A.admin.token, { name: 'x', apiToken: KEY, dataJson: '{' });
    expect(badJson).toMatchObject({ status: 400, body: { message: AI_TEXTS.invalidJson } });
  });

  test('admin only, plan flag iaIntegrationEnabled, another company 404', async () => {
    const mine = (await call('POST', '/integration', A.admin.token, { name: 'Minha', apiToken: KEY })).body;
    expect((await call('GET', '/integration', A.agent.token)).status).toBe(403);
    expect((await call('POST', '/integration', A.agent.token, { name: 'y', apiToken: KEY })).status).toBe(403);
    for (const [m, body] of [
      ['GET', undefined],
      ['PUT', { name: 'roubada', apiToken: 'k' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(m, `/integration/${mine.id}`, B.admin.token, body)).status).toBe(404);
    }
    expect((await call('GET', '/integration', B.admin.token)).body.integrations).toEqual([]);
    await db.update(companies).set({ iaIntegrationEnabled: false }).where(eq(companies.id, A.company.id));
    invalidateActors();
    expect((await call('GET', '/integration', A.admin.token)).status).toBe(403);
    expect((await call('GET', '/botConfigs', A.admin.token)).status).toBe(403);
    await db.update(companies).set({ iaIntegrationEnabled: true }).where(eq(companies.id, A.company.id));
    invalidateActors();
  });
});

describe('prompts (spec 2 §7 /botConfigs)', () => {
  test('create with the §3 defaults, list with search and paging, show, edit, soft delete', async () => {
    const integ = (await call('POST', '/integration', A.admin.token, { name: 'Local', apiToken: KEY })).body;
    const queue = await makeQueue(A.company.id, { name: 'Humanos' });
    const created = await call('POST', '/botConfigs', A.admin.token, {
      name: 'Atendente virtual',
      context: 'Você é um atendente.',
      integrationId: integ.id,
      lastQueueId: queue.id,
      initialMessages: [{ body: 'Oi', fromMe: false }],
    });
    expect(created.status).toBe(200);
    const c = created.body as BotConfigDto;
    expect(c).toMatchObject({
      ...BOT_CONFIG_DEFAULTS,
      name: 'Atendente virtual',
      isDeleted: false,
      lastQueue: { id: queue.id, name: 'Humanos' },
      integration: { id: integ.id, name: 'Local' },
      initialMessages: [{ body: 'Oi', fromMe: false }],
      ignoreWords: '',
      stop: '',
    });
    for (let n = 0; n < 21; n++) {
      await call('POST', '/botConfigs', A.admin.token, {
        name: `Prompt ${String(n).padStart(2, '0')}`,
        model: 'gpt-4o',
      });
    }
    const p1 = (await call('GET', '/botConfigs?pageNumber=1', A.admin.token)).body;
    expect(p1).toMatchObject({ count: 22, hasMore: true });
    expect(p1.botConfigs).toHaveLength(20);
    const p2 = (await call('GET', '/botConfigs?pageNumber=2', A.admin.token)).body;
    expect(p2).toMatchObject({ hasMore: false });
    expect(p2.botConfigs).toHaveLength(2);
    const found = (await call('GET', '/botConfigs?searchParam=VIRTUAL', A.admin.token)).body;
    expect(found.botConfigs.map((x: BotConfigDto) => x.id)).toEqual([c.id]);

    const edited = await call('PUT', `/botConfigs/${c.id}`, A.admin.token, {
      name: 'Atendente 2',
      temperature: 0.5,
      maxTokens: 555,
      model: 'gpt-4',
      integrationId: integ.id,
    });
    expect(edited.body).toMatchObject({ name: 'Atendente 2', temperature: 0.5, maxTokens: 560, model: 'gpt-4' });

    expect((await call('DELETE', `/botConfigs/${c.id}`, A.admin.token)).body).toEqual({ message: AI_TEXTS.deleted });
    expect((await call('GET', `/botConfigs/${c.id}`, A.admin.token)).status).toBe(404);
    expect((await call('DELETE', `/botConfigs/${c.id}`, A.admin.token)).status).toBe(404);
    expect((await call('GET', '/botConfigs', A.admin.token)).body.count).toBe(21);
  });

  test('§5 ranges and model choices; references must be the company’s', async () => {
    for (const bad of [
      { maxMessagesForDialog: 1 },
      { maxMessagesForDialog: 101 },
      { firstDelay: 31 },
      { typingSpeed: -1 },
      { temperature: 1 },
      { maxTokens: 2010 },
      { topP: 1 },
      { presencePenalty: 1.1 },
      { frequencyPenalty: 'x' },
    ]) {
      const r = await call('POST', '/botConfigs', A.admin.token, { name: 'p', ...bad });
      expect(r.status).toBe(400);
    }
    expect((await call('POST', '/botConfigs', A.admin.token, { name: 'p', presencePenalty: 1 })).status).toBe(200);
    const model = await call('POST', '/botConfigs', A.admin.token, { name: 'p', model: 'claude' });
    expect(model).toMatchObject({ status: 400, body: { message: AI_TEXTS.invalidOption } });
    expect((await call('POST', '/botConfigs', A.admin.token, { name: '' })).status).toBe(400);
    const otherQueue = await makeQueue(B.company.id);
    expect((await call('POST', '/botConfigs', A.admin.token, { name: 'p', lastQueueId: otherQueue.id })).status).toBe(
      404,
    );
    const otherInteg = (await call('POST', '/integration', B.admin.token, { name: 'B', apiToken: KEY })).body;
    expect((await call('POST', '/botConfigs', A.admin.token, { name: 'p', integrationId: otherInteg.id })).status).toBe(
      404,
    );
  });

  test('another company’s prompt is 404; attendants 403', async () => {
    const mine = (await call('POST', '/botConfigs', A.admin.token, { name: 'Só de A' })).body;
    for (const [m, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(m, `/botConfigs/${mine.id}`, B.admin.token, body)).status).toBe(404);
    }
    expect((await call('GET', '/botConfigs', A.agent.token)).status).toBe(403);
    expect((await call('POST', '/botConfigs', A.agent.token, { name: 'x' })).status).toBe(403);
  });

  test('acceptance 3: no answer of the area carries an integration key', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const a of answers) {
      expect(a).not.toContain(KEY);
      expect(a).not.toContain('sk-other-9876');
    }
  });
});

describe("bad input, the simulator's limits, the month's usage", () => {
  test('every route: malformed JSON, wrong types, huge strings, bad ids → 4xx, never 500', async () => {
    const integ = (await call('POST', '/integration', A.admin.token, { name: 'Lim', apiToken: KEY })).body;
    const prompt = (await call('POST', '/botConfigs', A.admin.token, { name: 'Lim' })).body;
    const huge = 'x'.repeat(60_000);
    const raw = (method: string, path: string, body: string) =>
      t.req(method, path, { token: A.admin.token, body, headers: { 'content-type': 'application/json' } });
    for (const [m, path] of [
      ['POST', '/integration'],
      ['PUT', `/integration/${integ.id}`],
      ['POST', '/botConfigs'],
      ['PUT', `/botConfigs/${prompt.id}`],
      ['POST', '/botSimulator'],
    ] as const) {
      for (const body of ['{', 'null', '[]', '42', '"x"', '']) {
        const r = await raw(m, path, body);
        expect({ m, path, body, status: r.status }).toEqual({ m, path, body, status: 400 });
      }
      for (const json of [
        { name: 42, apiToken: [], apiUrl: {}, dataJson: 7 },
        { name: huge, apiToken: huge, context: huge, message: huge },
        { name: ['ok'], initialMessages: 'x', temperature: 'hot', botConfigId: 'abc', message: { body: 7 } },
        { name: ['ok'], initialMessages: [{ body: huge, fromMe: 'talvez' }], botConfigId: -1 },
      ]) {
        const r = await call(m, path, A.admin.token, json);
        expect({ m, path, status: r.status }).toEqual({ m, path, status: 400 });
      }
    }
    for (const path of ['/integration/abc', '/integration/0', '/botConfigs/1e3x', '/botSimulator/-1']) {
      expect((await call('GET', path, A.admin.token)).status).toBe(400);
    }
    expect((await call('GET', '/integration/99999999', A.admin.token)).status).toBe(404);
    // a body past the server's size limit: 413, still not a 500
    const big = await raw('POST', '/botConfigs', JSON.stringify({ name: 'x', context: 'x'.repeat(3_000_000) }));
    expect([400, 413]).toContain(big.status);
    expect((await call('GET', '/botConfigs?pageNumber=abc&searchParam=', A.admin.token)).status).toBe(400);
    expect((await call('GET', `/botConfigs?searchParam=${'y'.repeat(5000)}`, A.admin.token)).status).toBeLessThan(500);
  });

  test('the simulator: a message longer than a WhatsApp text is 400; past AI_SIMULATOR_RULE a minute, 429', async () => {
    const prompt = (await call('POST', '/botConfigs', A.admin.token, { name: 'Limite' })).body;
    const long = await call('POST', '/botSimulator', A.admin.token, {
      botConfigId: prompt.id,
      message: { body: 'a'.repeat(AI_SIMULATOR_BODY_MAX + 1), fromMe: false },
    });
    expect(long).toMatchObject({ status: 400, body: { message: AI_TEXTS.tooLong } });
    for (let i = 0; i < AI_SIMULATOR_RULE.limit; i++) {
      await rateLimiter().hit(`ai:simulator:${A.company.id}`, AI_SIMULATOR_RULE);
    }
    const res = await t.req('POST', '/botSimulator', {
      token: A.admin.token,
      json: { botConfigId: prompt.id, message: { body: 'mais uma', fromMe: false } },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS', message: AI_TEXTS.simulatorLimited });
    // nothing reached the conversation; clearing it (no model call) still works, and another company is not limited
    expect((await call('GET', `/botSimulator/${prompt.id}`, A.admin.token)).body.messages).toEqual([]);
    const cleared = await call('POST', '/botSimulator', A.admin.token, {
      botConfigId: prompt.id,
      clearConversation: true,
    });
    expect(cleared.status).toBe(200);
    const other = (await call('POST', '/botConfigs', B.admin.token, { name: 'B livre' })).body;
    const free = await call('POST', '/botSimulator', B.admin.token, {
      botConfigId: other.id,
      message: { body: 'oi', fromMe: true },
    });
    expect(free.status).toBe(200);
    await rateLimiter().reset(`ai:simulator:${A.company.id}`);
  });

  test("GET /aiUsage: the company's tokens and calls of the month only; plan flag and admin only", async () => {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000);
    const row = { model: 'gpt-4o', kind: 'simulator' as const, refId: 1, promptTokens: 10, completionTokens: 5 };
    await db.insert(aiUsage).values([
      { ...row, companyId: A.company.id, totalTokens: 15, outcome: 'ok' as const, at: now },
      { ...row, companyId: A.company.id, totalTokens: 0, outcome: 'error' as const, at: now },
      { ...row, companyId: A.company.id, totalTokens: 1000, outcome: 'ok' as const, at: lastMonth },
      { ...row, companyId: B.company.id, totalTokens: 777, outcome: 'ok' as const, at: now },
    ]);
    const a = await call('GET', '/aiUsage', A.admin.token);
    expect(a).toMatchObject({ status: 200, body: { totalTokens: 15, completions: 1, failures: 1 } });
    expect(new Date(a.body.since).getUTCDate()).toBe(1);
    expect((await call('GET', '/aiUsage', B.admin.token)).body).toMatchObject({ totalTokens: 777, completions: 1 });
    expect((await call('GET', '/aiUsage', A.agent.token)).status).toBe(403);
    await db.update(companies).set({ iaIntegrationEnabled: false }).where(eq(companies.id, A.company.id));
    invalidateActors();
    expect((await call('GET', '/aiUsage', A.admin.token)).status).toBe(403);
    expect(
      (await call('POST', '/botSimulator', A.admin.token, { botConfigId: 1, clearConversation: true })).status,
    ).toBe(403);
    await db.update(companies).set({ iaIntegrationEnabled: true }).where(eq(companies.id, A.company.id));
    invalidateActors();
  });

  test('acceptance 3 again: none of these answers carries a key', () => {
    for (const a of answers) expect(a).not.toContain(KEY);
  });
});
