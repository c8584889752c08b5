import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { AI_INACTIVITY_MINUTES, type BotConfigDto, type BotSimulatorEvent, type IntegrationDto } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { aiConversations, aiUsage, contacts, tickets } from '../../db/schema';
import { type FakeModel, fakeAnswer, startFakeModel } from '../../platform/ai/fake-model';
import { sessionManager } from '../../platform/channels/session-manager';
import type { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeQueue, makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { startBotsArea } from '../bots/bots.runtime';
import { connectedSimulator, startChannels } from '../pipeline/pipeline.fixtures';
import { setAiCompletionTimeout, startAiArea } from './ai.runtime';
import { aiUsageSince } from './ai.service';

/**
 * The AI attendant against the embedded fake model over real HTTP (the `openai` SDK, no mocks), through the WhatsApp
 * simulator on a real database (issue 17 acceptance 1 and 2). Debounce and typing are typed jobs on the shared
 * clock: the clock is moved, never slept.
 */
const { t, events } = useTestApp(async (app) => {
  await startChannels(app);
  startBotsArea({ role: 'api' });
  startAiArea({ role: 'api' });
});

let clock: TestClock;
let restoreClock: (() => void) | undefined;
let model: FakeModel;
beforeAll(() => {
  clock = new TestClock(Date.now());
  restoreClock = useClock(clock);
  model = startFakeModel();
});
afterAll(async () => {
  restoreClock?.();
  await model.close();
});

const KEY = 'sk-runtime-test-KEY-42';
const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;

async function api<T>(method: string, path: string, token: string, json?: unknown): Promise<T> {
  const res = await t.req(method, path, { token, json });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

type Outbox = { id: string; to: string; body: string }[];

/** a company with a connected simulator whose bot setup is of type prompt, a prompt on the fake model */
async function scene(prompt: Record<string, unknown> = {}) {
  const tenant = await makeTenant({ iaIntegrationEnabled: true });
  const token = tenant.admin.token;
  const w = await connectedSimulator(t, token);
  const humans = await makeQueue(tenant.company.id, { name: 'Humanos' });
  const integration = await api<IntegrationDto>('POST', '/integration', token, {
    name: 'Fake',
    apiUrl: model.url,
    apiToken: KEY,
  });
  const config = await api<BotConfigDto>('POST', '/botConfigs', token, {
    name: 'Atendente IA',
    context: 'Você é o atendente.',
    initialMessages: [
      { body: 'Olá, quem é você?', fromMe: false },
      { body: 'Sou o assistente da loja.', fromMe: true },
    ],
    integrationId: integration.id,
    lastQueueId: humans.id,
    messageForMaxMessagesExceeded: 'Vou te passar para um humano.',
    ...prompt,
  });
  await api('POST', '/BotSetup', token, { name: 'IA', botType: 'prompt', botConfigId: config.id, whatsapps: [w] });
  return { tenant, w, humans, integration, config };
}

function customer(s: Awaited<ReturnType<typeof scene>>) {
  const number = `55119770${String(++seq).padStart(5, '0')}`;
  const token = s.tenant.admin.token;
  const session = () => sessionManager().get(s.w) as unknown as SimulatorSession;
  const outbox = async () =>
    (await (await t.req('GET', `/simulator/${s.w}/outbox?to=${number}`, { token })).json()) as Outbox;
  const write = (body: string) =>
    api('POST', `/simulator/${s.w}/inbound`, token, { from: number, name: 'Cliente', body });
  const ticket = async () => {
    const [c] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, s.tenant.company.id), eq(contacts.number, number)));
    if (!c) return null;
    const [tk] = await db.select().from(tickets).where(eq(tickets.contactId, c.id));
    return tk ?? null;
  };
  const presences = () =>
    session()
      .presences.filter((p) => p.number === number)
      .map((p) => p.presence);
  /** moves the clock a second at a time until the outbox holds `n` messages */
  const expectReplies = async (n: number) => {
    for (let i = 0; i < 40; i++) {
      const out = await outbox();
      if (out.length >= n) {
        expect(out).toHaveLength(n);
        return out;
      }
      await clock.advance(1000);
      await realSleep(60);
    }
    throw new Error(`expected ${n} messages, got ${(await outbox()).length}`);
  };
  const expectSilence = async (n: number, seconds = 12) => {
    for (let i = 0; i < seconds; i++) {
      await clock.advance(1000);
      await realSleep(40);
    }
    expect(await outbox()).toHaveLength(n);
  };
  return { number, outbox, write, ticket, presences, expectReplies, expectSilence };
}

const requestsFor = (needle: string) =>
  model.requests.filter((r) => r.messages.some((m) => m.content.includes(needle)));

describe('the AI attendant on a ticket (issue 17 acceptance 1)', () => {
  test('history: context, initialMessages, then the ticket oldest first with the right roles; the key reaches the model', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write(`Oi ${c.number}`);
    const [first] = await c.expectReplies(1);
    const req1 = requestsFor(`Oi ${c.number}`);
    expect(req1).toHaveLength(1);
    expect(req1[0]?.messages).toEqual([
      { role: 'system', content: 'Você é o atendente.' },
      { role: 'user', content: 'Olá, quem é você?' },
      { role: 'assistant', content: 'Sou o assistente da loja.' },
      { role: 'user', content: `Oi ${c.number}` },
    ]);
    expect(req1[0]?.authorization).toBe(`Bearer ${KEY}`);
    expect(req1[0]?.model).toBe('gpt-3.5-turbo');
    expect(req1[0]?.body).toMatchObject({ temperature: 0.1, top_p: 0.5, max_tokens: 1000 });
    expect(first?.body).toBe(fakeAnswer(req1[0]?.messages ?? []));
    expect(c.presences()).toContain('composing');

    await c.write('Quanto custa?');
    const out = await c.expectReplies(2);
    const req2 = requestsFor(`Oi ${c.number}`).at(-1);
    expect(req2?.messages.slice(3)).toEqual([
      { role: 'user', content: `Oi ${c.number}` },
      { role: 'assistant', content: first?.body as string },
      { role: 'user', content: 'Quanto custa?' },
    ]);
    expect(out[1]?.body).toBe(fakeAnswer(req2?.messages ?? []));
    // tokens recorded per company
    const usage = await aiUsageSince(s.tenant.company.id, new Date(0));
    expect(usage.completions).toBe(2);
    expect(usage.totalTokens).toBeGreaterThan(10);
  });

  test('a burst of three messages gets ONE completion and ONE answer, with the three in order', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write(`Primeira ${c.number}`);
    await clock.advance(1000);
    await c.write('segunda');
    await clock.advance(1000);
    await c.write('terceira');
    await c.expectReplies(1);
    await c.expectSilence(1);
    const reqs = requestsFor(`Primeira ${c.number}`);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]?.messages.slice(3).map((m) => [m.role, m.content])).toEqual([
      ['user', `Primeira ${c.number}`],
      ['user', 'segunda'],
      ['user', 'terceira'],
    ]);
  });

  test('maxMessagesForDialog: the limit message, the ticket to lastQueueId pending, and the AI stops', async () => {
    const s = await scene({ maxMessagesForDialog: 2 });
    const c = customer(s);
    await c.write('um');
    await c.expectReplies(1);
    await c.write('dois');
    await c.expectReplies(2);
    await c.write('três');
    const out = await c.expectReplies(3);
    expect(out[2]?.body).toBe('Vou te passar para um humano.');
    const tk = await c.ticket();
    expect([tk?.queueId, tk?.status, tk?.userId]).toEqual([s.humans.id, 'pending', null]);
    await c.write('alô?');
    await c.expectSilence(3);
  });

  test('one completion in flight per ticket: a message during the call waits for it, then ONE answer covers both', async () => {
    const s = await scene({ firstDelay: 1, lastDelay: 1 });
    const c = customer(s);
    model.reset();
    model.configure({ latencyMs: 1200 });
    try {
      await c.write(`Lento ${c.number}`);
      // the first turn starts its (real-time) completion
      for (let i = 0; i < 20 && requestsFor(`Lento ${c.number}`).length === 0; i++) {
        await clock.advance(500);
        await realSleep(50);
      }
      expect(requestsFor(`Lento ${c.number}`)).toHaveLength(1);
      await c.write('mais uma coisa');
      await c.expectReplies(1);
      await c.expectSilence(1, 6);
    } finally {
      model.configure({ latencyMs: 0 });
    }
    expect(model.maxActive()).toBe(1);
    const last = requestsFor(`Lento ${c.number}`).at(-1);
    expect(last?.messages.slice(-2).map((m) => m.content)).toEqual([`Lento ${c.number}`, 'mais uma coisa']);
    expect((await c.outbox())[0]?.body).toBe(fakeAnswer(last?.messages ?? []));
  });

  test('ignoreWords: the message is not answered (no completion)', async () => {
    const s = await scene({ ignoreWords: 'boleto, segunda via' });
    const c = customer(s);
    const before = model.requests.length;
    await c.write('Quero a SEGUNDA VIA do boleto');
    await c.expectSilence(0);
    expect(model.requests.length).toBe(before);
    await c.write('Bom dia');
    await c.expectReplies(1);
  });

  test('model 500: hand-over to the queue with a log entry, nothing sent to the customer', async () => {
    const s = await scene();
    const c = customer(s);
    model.configure({ failNext: 1, failStatus: 500 });
    await c.write('Oi, preciso de ajuda');
    for (let i = 0; i < 30 && (await c.ticket())?.queueId !== s.humans.id; i++) {
      await clock.advance(1000);
      await realSleep(60);
    }
    const tk = await c.ticket();
    expect([tk?.queueId, tk?.status, tk?.userId]).toEqual([s.humans.id, 'pending', null]);
    expect(await c.outbox()).toHaveLength(0);
    const [log] = await db.select().from(aiUsage).where(eq(aiUsage.companyId, s.tenant.company.id));
    expect(log).toMatchObject({ outcome: 'error', refId: tk?.id, kind: 'ticket' });
    expect(log?.error).toContain('500');
    await c.write('alguém?');
    await c.expectSilence(0);
  });

  test('model timeout: hand-over to the queue with a log entry', async () => {
    const s = await scene();
    const c = customer(s);
    setAiCompletionTimeout(300);
    model.configure({ hangNext: 1 });
    try {
      await c.write('Oi, tem alguém?');
      for (let i = 0; i < 30 && (await c.ticket())?.queueId !== s.humans.id; i++) {
        await clock.advance(1000);
        await realSleep(150);
      }
    } finally {
      setAiCompletionTimeout(30_000);
      model.configure({ hangNext: 0 });
    }
    const tk = await c.ticket();
    expect([tk?.queueId, tk?.status]).toEqual([s.humans.id, 'pending']);
    expect(await c.outbox()).toHaveLength(0);
    const [log] = await db.select().from(aiUsage).where(eq(aiUsage.companyId, s.tenant.company.id));
    expect(log?.outcome).toBe('timeout');
  });

  test('an attendant accepting the ticket stops the AI', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Oi');
    const tk = await (async () => {
      for (let i = 0; i < 50; i++) {
        const x = await c.ticket();
        if (x) return x;
        await realSleep(40);
      }
      throw new Error('no ticket');
    })();
    const before = model.requests.length;
    await api('PUT', `/tickets/${tk.id}`, s.tenant.admin.token, { status: 'open', userId: s.tenant.admin.user.id });
    await c.expectSilence(0);
    await c.write('ainda aí?');
    await c.expectSilence(0);
    expect(model.requests.length).toBe(before);
  });

  test('inactivityMessage once after the customer stays silent; a deleted prompt hands over', async () => {
    const s = await scene({ inactivityMessage: 'Ainda está aí?' });
    const c = customer(s);
    await c.write('Oi');
    await c.expectReplies(1);
    await clock.advance(AI_INACTIVITY_MINUTES * 60_000);
    const out = await c.expectReplies(2);
    expect(out[1]?.body).toBe('Ainda está aí?');
    await c.expectSilence(2, 5);
    await clock.advance(AI_INACTIVITY_MINUTES * 60_000);
    await c.expectSilence(2, 3);
    // the prompt is deleted: the next message goes to a person
    await api('DELETE', `/botConfigs/${s.config.id}`, s.tenant.admin.token);
    await c.write('e agora?');
    await c.expectSilence(2);
    const tk = await c.ticket();
    expect([tk?.status, tk?.userId, tk?.queueId]).toEqual(['pending', null, null]);
    const [conv] = await db
      .select()
      .from(aiConversations)
      .where(and(eq(aiConversations.kind, 'ticket'), eq(aiConversations.refId, tk?.id ?? 0)));
    expect([conv?.status, conv?.reason]).toEqual(['handedOver', 'promptDeleted']);
  });

  test('a command of type 8 hands the ticket to the prompt (the bots area’s AI port)', async () => {
    const tenant = await makeTenant({ iaIntegrationEnabled: true });
    const token = tenant.admin.token;
    const w = await connectedSimulator(t, token);
    const integration = await api<IntegrationDto>('POST', '/integration', token, {
      name: 'Fake',
      apiUrl: model.url,
      apiToken: KEY,
    });
    const config = await api<BotConfigDto>('POST', '/botConfigs', token, {
      name: 'GPT',
      integrationId: integration.id,
      firstDelay: 1,
    });
    const setup = await api<{ id: number }>('POST', '/BotSetup', token, {
      name: 'Menu',
      typingTime: 1,
      whatsapps: [w],
    });
    await api('POST', `/bot/${tenant.company.id}`, token, {
      botSetupId: setup.id,
      commandBot: '1',
      commandType: 8,
      descriptionBot: 'Falar com a IA',
      botConfigId: config.id,
    });
    const c = customer({ tenant, w } as Awaited<ReturnType<typeof scene>>);
    await c.write('Oi');
    const [menu] = await c.expectReplies(1);
    expect(menu?.body).toContain('Falar com a IA');
    await c.write('1');
    const out = await c.expectReplies(2);
    expect(out[1]?.body).toContain('Você disse: “1”');
    await c.write('Qual o horário?');
    expect((await c.expectReplies(3))[2]?.body).toContain('Qual o horário?');
  });
});

describe('the simulator (issue 17 acceptance 2)', () => {
  test('answers through the same runtime, live status and messages on botSimulator-{id}; another company 404', async () => {
    const s = await scene({ firstDelay: 2 });
    const token = s.tenant.admin.token;
    events.length = 0;
    const posted = await api<{ status: string; messages: unknown[] }>('POST', '/botSimulator', token, {
      message: { body: 'Olá simulador', fromMe: false },
      botConfigId: s.config.id,
      clearConversation: false,
    });
    expect(posted).toMatchObject({ status: 'waiting', messages: [{ body: 'Olá simulador', fromMe: false }] });
    const view = async () =>
      api<{ status: string; messages: { body: string; fromMe: boolean }[] }>(
        'GET',
        `/botSimulator/${s.config.id}`,
        token,
      );
    for (let i = 0; i < 30 && (await view()).messages.length < 2; i++) {
      await clock.advance(1000);
      await realSleep(60);
    }
    const done = await view();
    expect(done.status).toBe('idle');
    const req = requestsFor('Olá simulador').at(-1);
    expect(req?.messages).toEqual([
      { role: 'system', content: 'Você é o atendente.' },
      { role: 'user', content: 'Olá, quem é você?' },
      { role: 'assistant', content: 'Sou o assistente da loja.' },
      { role: 'user', content: 'Olá simulador' },
    ]);
    expect(done.messages[1]).toMatchObject({ fromMe: true, body: fakeAnswer(req?.messages ?? []) });
    const live = events
      .filter((e) => e.channel === `botSimulator-${s.config.id}`)
      .map((e) => e.data as unknown as BotSimulatorEvent);
    expect(live.map((e) => e.status)).toContain('waiting');
    expect(live.map((e) => e.status)).toContain('typing');
    expect(live.at(-1)).toMatchObject({ status: 'idle', messages: [{ fromMe: false }, { fromMe: true }] });
    expect(events.every((e) => !e.channel.startsWith('botSimulator') || e.adminOnly)).toBe(true);

    // the usage is logged as the simulator's
    const [log] = await db.select().from(aiUsage).where(eq(aiUsage.companyId, s.tenant.company.id));
    expect(log).toMatchObject({ kind: 'simulator', refId: s.config.id, outcome: 'ok' });

    const cleared = await api<{ messages: unknown[] }>('POST', '/botSimulator', token, {
      botConfigId: s.config.id,
      clearConversation: true,
    });
    expect(cleared.messages).toEqual([]);

    const other = await makeTenant({ iaIntegrationEnabled: true });
    expect((await t.req('GET', `/botSimulator/${s.config.id}`, { token: other.admin.token })).status).toBe(404);
    const post = await t.req('POST', '/botSimulator', {
      token: other.admin.token,
      json: { message: { body: 'x', fromMe: false }, botConfigId: s.config.id },
    });
    expect(post.status).toBe(404);
    expect((await t.req('GET', `/botSimulator/${s.config.id}`, { token: s.tenant.agent.token })).status).toBe(403);
  });
});
