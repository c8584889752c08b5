import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BOT_MESSAGES_PER_MINUTE, type BotSetupDto, type TicketDto } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { botTicketStates, contacts, tickets } from '../../db/schema';
import { sessionManager } from '../../platform/channels/session-manager';
import type { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeQueue, makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { flowStepJob } from '../flows/flows.runtime';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { startBotsArea } from './bots.runtime';

/**
 * Conversations with the chatbot through the simulator on a real database (issue 16 acceptance 2). Timers (typing,
 * silence) are typed jobs on the shared clock: the clock is moved, never slept.
 */
const { t } = useTestApp(async (app) => {
  await startChannels(app);
  startBotsArea({ role: 'api' });
  flowStepJob.register();
});

let clock: TestClock;
let restoreClock: (() => void) | undefined;
beforeAll(() => {
  clock = new TestClock(Date.now());
  restoreClock = useClock(clock);
});
afterAll(() => restoreClock?.());

type Outbox = { id: string; to: string; body: string; createdAt: string }[];
type Tenant = Awaited<ReturnType<typeof makeTenant>>;

const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;

async function api<T>(method: string, path: string, token: string, json?: unknown, form?: FormData): Promise<T> {
  const res = await t.req(method, path, form ? { token, body: form } : { token, json });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

/** A Bot-type flow of the company (POST /flows, multipart) with these actions. */
async function botFlow(token: string, name: string, flowActions: unknown[]): Promise<{ id: number }> {
  const f = new FormData();
  f.append('name', name);
  f.append('type', 'Bot');
  f.append('flowActions', JSON.stringify(flowActions));
  return api<{ id: number }>('POST', '/flows', token, undefined, f);
}

/**
 * A company, a connected simulator with a bot setup (typing 1 s) and the tree:
 * 1 Vendas (menu) → 1.1 Falar com vendas (sector), 1.2 Preços (informative); 2 Atendente; 3 Encerrar; 4 E-mail (question)
 */
async function scene(setupExtra: Record<string, unknown> = {}) {
  const tenant = await makeTenant({ enableFlows: true });
  const w = await connectedSimulator(t, tenant.admin.token);
  const sales = await makeQueue(tenant.company.id, { name: 'Vendas' });
  const fallback = await makeQueue(tenant.company.id, { name: 'Recepção' });
  const setup = await api<BotSetupDto>('POST', '/BotSetup', tenant.admin.token, {
    name: 'Bot do teste',
    typingTime: 1,
    whatsapps: [w],
    ...setupExtra,
    ...(setupExtra.actionWithoutQueue === 'transferQueueDefault' ? { transferQueueId: fallback.id } : {}),
  });
  const add = (body: Record<string, unknown>) =>
    api('POST', `/bot/${tenant.company.id}`, tenant.admin.token, { botSetupId: setup.id, ...body });
  await add({ commandBot: '1', commandType: 2, descriptionBot: 'Vendas', showMessage: 'Setor de vendas' });
  await add({
    commandBot: '1.1',
    commandType: 3,
    descriptionBot: 'Falar com vendas',
    showMessage: 'Um vendedor já vai te atender',
    queueId: sales.id,
  });
  await add({ commandBot: '1.2', commandType: 1, descriptionBot: 'Preços', showMessage: 'Planos a partir de R$ 10' });
  await add({
    commandBot: '2',
    commandType: 4,
    descriptionBot: 'Atendente',
    showMessage: 'Chamando o atendente',
    userId: tenant.agent.user.id,
  });
  await add({ commandBot: '3', commandType: 5, descriptionBot: 'Encerrar', showMessage: 'Até logo!' });
  await add({ commandBot: '4', commandType: 7, descriptionBot: 'E-mail', showMessage: 'Qual é o seu e-mail?' });
  return { tenant, w, sales, fallback, setup };
}

/** a customer of the scene's connection */
function customer(s: { tenant: Tenant; w: number }) {
  const number = `55119660${String(++seq).padStart(5, '0')}`;
  const session = () => sessionManager().get(s.w) as unknown as SimulatorSession;
  const outbox = async () =>
    (await (
      await t.req('GET', `/simulator/${s.w}/outbox?to=${number}`, { token: s.tenant.admin.token })
    ).json()) as Outbox;
  const presences = () =>
    session()
      .presences.filter((p) => p.number === number)
      .map((p) => p.presence);
  const write = (body: string, id?: string) =>
    api('POST', `/simulator/${s.w}/inbound`, s.tenant.admin.token, {
      from: number,
      name: 'Cliente',
      body,
      ...(id ? { id } : {}),
    });
  const ticket = async () => {
    const [c] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, s.tenant.company.id), eq(contacts.number, number)));
    if (!c) return null;
    const [tk] = await db.select().from(tickets).where(eq(tickets.contactId, c.id));
    return tk ?? null;
  };
  /** moves the clock a second at a time until the outbox holds `n` messages; answers them */
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
    throw new Error(`expected ${n} bot messages, got ${(await outbox()).length}`);
  };
  /** moves the clock several seconds and checks nothing more was sent */
  const expectSilence = async (n: number) => {
    for (let i = 0; i < 5; i++) {
      await clock.advance(1000);
      await realSleep(60);
    }
    expect(await outbox()).toHaveLength(n);
  };
  return { number, outbox, presences, write, ticket, expectReplies, expectSilence };
}

describe('conversations (issue 16 acceptance 2)', () => {
  test('menu → option → sector: the ticket lands pending in that queue and the bot stops; typing before each message', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Oi');
    const [menu] = await c.expectReplies(1);
    expect(menu?.body).toContain('*1* - Vendas');
    expect(menu?.body).toContain('*4* - E-mail');
    expect(c.presences()[0]).toBe('composing');
    await c.write('1');
    const second = (await c.expectReplies(2))[1];
    expect(second?.body).toContain('Setor de vendas');
    expect(second?.body).toContain('*1* - Falar com vendas');
    await c.write('1');
    const third = (await c.expectReplies(3))[2];
    expect(third?.body).toBe('Um vendedor já vai te atender');
    await waitFor(async () => (await c.ticket())?.queueId === s.sales.id);
    const tk = await c.ticket();
    expect([tk?.status, tk?.userId]).toEqual(['pending', null]);
    // the bot stops: more messages get no answer
    await c.write('alô?');
    await c.expectSilence(3);
    // typing before each of the three messages
    expect(c.presences().filter((p) => p === 'composing').length).toBeGreaterThanOrEqual(3);
  });

  test('attendant: the ticket goes to the user, open', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('2');
    expect((await c.expectReplies(2))[1]?.body).toBe('Chamando o atendente');
    await waitFor(async () => (await c.ticket())?.userId === s.tenant.agent.user.id);
    expect((await c.ticket())?.status).toBe('open');
  });

  test('resolve: the ticket is closed after the goodbye', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('3');
    expect((await c.expectReplies(2))[1]?.body).toBe('Até logo!');
    await waitFor(async () => (await c.ticket())?.status === 'closed');
  });

  test('question: the answer is stored in the contact extra info under the description, then the menu again', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('4');
    expect((await c.expectReplies(2))[1]?.body).toBe('Qual é o seu e-mail?');
    await c.write('ana@example.com');
    expect((await c.expectReplies(3))[2]?.body).toContain('*1* - Vendas');
    const [contact] = await db.select().from(contacts).where(eq(contacts.number, c.number));
    expect(contact?.extraInfo).toContainEqual(expect.objectContaining({ name: 'E-mail', value: 'ana@example.com' }));
  });

  test('two wrong answers, then the no-queue action (send the message and close)', async () => {
    const s = await scene({
      actionWithoutQueue: 'sendMessageAndClosed',
      messageOnWithoutQueue: 'Encerrando por falta de resposta válida',
    });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('banana');
    const out = await c.expectReplies(3);
    expect(out[1]?.body).toBe(s.setup.messageOnErrorsBot);
    expect(out[2]?.body).toContain('*1* - Vendas');
    await c.write('laranja');
    expect((await c.expectReplies(4))[3]?.body).toBe('Encerrando por falta de resposta válida');
    await waitFor(async () => (await c.ticket())?.status === 'closed');
  });

  test('silence: after timeWithoutQueue minutes with no queue, transferQueueDefault moves the ticket (clock moved)', async () => {
    const s = await scene({ actionWithoutQueue: 'transferQueueDefault', timeWithoutQueue: 2 });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    // a minute and a half: nothing yet
    await clock.advance(90_000);
    await realSleep(300);
    expect((await c.ticket())?.queueId).toBeNull();
    await clock.advance(31_000);
    const out = await c.expectReplies(2);
    expect(out[1]?.body).toBe(s.setup.messageOnWithoutQueue);
    await waitFor(async () => (await c.ticket())?.queueId === s.fallback.id);
    expect((await c.ticket())?.status).toBe('pending');
  });

  test('an answer in time cancels the silence timer', async () => {
    const s = await scene({ actionWithoutQueue: 'transferQueueDefault', timeWithoutQueue: 1 });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await clock.advance(40_000);
    await c.write('1');
    await c.expectReplies(2);
    // the first timer's minute passes: nothing happens (the second one runs from the answer)
    await clock.advance(25_000);
    await realSleep(300);
    expect((await c.ticket())?.queueId).toBeNull();
    expect(await c.outbox()).toHaveLength(2);
  });

  test('an attendant accepting stops the bot', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    const tk = await c.ticket();
    await api<TicketDto>('PUT', `/tickets/${tk?.id}`, s.tenant.agent.token, {
      status: 'open',
      userId: s.tenant.agent.user.id,
    });
    await c.write('1');
    await c.expectSilence(1);
  });

  test('a person transferring the ticket to a queue stops the bot (the reply in flight too)', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    // the customer picks 1 and, while the bot is typing its answer, a person moves the ticket to a queue (pending)
    await c.write('1');
    const tk = await c.ticket();
    await api<TicketDto>('PUT', `/tickets/${tk?.id}`, s.tenant.admin.token, { transf: true, queueId: s.sales.id });
    await c.expectSilence(1);
    await c.write('2');
    await c.expectSilence(1);
    const after = await c.ticket();
    expect([after?.status, after?.queueId, after?.userId, after?.chatbot]).toEqual([
      'pending',
      s.sales.id,
      null,
      false,
    ]);
    const [st] = await db
      .select()
      .from(botTicketStates)
      .where(eq(botTicketStates.ticketId, tk?.id ?? 0));
    expect([st?.status, st?.reason]).toEqual(['stopped', 'human']);
  });

  test('two quick messages at the start: the bot stays on (its own mark is not a person acting)', async () => {
    const s = await scene();
    const c = customer(s);
    // no clock move between them: the first reply is still typing when the next messages arrive
    await c.write('Oi');
    await c.write('1');
    await c.write('2');
    const out = await c.expectReplies(1);
    expect(out.at(-1)?.body).toBe('Planos a partir de R$ 10');
    const tk = await c.ticket();
    const [st] = await db
      .select()
      .from(botTicketStates)
      .where(eq(botTicketStates.ticketId, tk?.id ?? 0));
    expect(st?.status).toBe('active');
    expect(tk?.chatbot).toBe(true);
  });

  test('accepted, then returned to pending by the attendant: the bot stays quiet', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    const tk = await c.ticket();
    expect(tk?.chatbot).toBe(true);
    await api<TicketDto>('PUT', `/tickets/${tk?.id}`, s.tenant.agent.token, {
      status: 'open',
      userId: s.tenant.agent.user.id,
    });
    await api<TicketDto>('PUT', `/tickets/${tk?.id}`, s.tenant.agent.token, { status: 'pending' });
    expect([(await c.ticket())?.status, (await c.ticket())?.userId]).toEqual(['pending', null]);
    await c.write('1');
    await c.expectSilence(1);
  });

  test('resolved by a person while the bot waits: no silence action, and the next conversation starts over', async () => {
    const s = await scene({ actionWithoutQueue: 'sendMessageAndClosed', timeWithoutQueue: 1 });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    const tk = await c.ticket();
    await api<TicketDto>('PUT', `/tickets/${tk?.id}`, s.tenant.admin.token, { status: 'closed' });
    // the silence minute passes: the bot says nothing to a closed ticket
    await clock.advance(61_000);
    await c.expectSilence(1);
    // a new conversation gets the bot again (reopenBotAfterHours 0)
    await c.write('Oi de novo');
    expect((await c.expectReplies(2))[1]?.body).toContain('*1* - Vendas');
  });

  test('the same inbound delivered twice answers once', async () => {
    const s = await scene();
    const c = customer(s);
    await c.write('Olá', 'SAME-ID-1');
    await c.write('Olá', 'SAME-ID-1');
    await c.expectReplies(1);
    await c.expectSilence(1);
    await c.write('1', 'SAME-ID-2');
    await c.write('1', 'SAME-ID-2');
    await c.expectReplies(2);
    await c.expectSilence(2);
  });

  test('never answers a group or our own message typed on the phone', async () => {
    const s = await scene();
    const c = customer(s);
    await api('POST', `/simulator/${s.w}/inbound`, s.tenant.admin.token, { from: c.number, body: 'Oi', fromMe: true });
    await api('POST', `/simulator/${s.w}/inbound`, s.tenant.admin.token, {
      from: '120363000000000001@g.us',
      participant: c.number,
      body: 'Oi grupo',
    });
    await c.expectSilence(0);
    const all = (await (
      await t.req('GET', `/simulator/${s.w}/outbox`, { token: s.tenant.admin.token })
    ).json()) as Outbox;
    expect(all).toHaveLength(0);
  });

  test('a command of message type flow runs the flow on the ticket', async () => {
    const s = await scene();
    const flow = await botFlow(s.tenant.admin.token, 'Fluxo do bot', [
      { actionType: 'SendText', body: 'Texto do fluxo' },
    ]);
    await api('POST', `/bot/${s.tenant.company.id}`, s.tenant.admin.token, {
      botSetupId: s.setup.id,
      commandBot: '5',
      commandType: 1,
      descriptionBot: 'Fluxo',
      typeMessage: 'flow',
      flowId: flow.id,
    });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('5');
    expect((await c.expectReplies(2))[1]?.body).toBe('Texto do fluxo');
  });

  test('a resolve command with a flow: the flow goes out first, then the ticket closes', async () => {
    const s = await scene();
    const flow = await botFlow(s.tenant.admin.token, 'Despedida', [
      { actionType: 'Composing', param: 2 },
      { actionType: 'SendText', body: 'Tchau pelo fluxo' },
    ]);
    await api('POST', `/bot/${s.tenant.company.id}`, s.tenant.admin.token, {
      botSetupId: s.setup.id,
      commandBot: '5',
      commandType: 5,
      descriptionBot: 'Sair com fluxo',
      typeMessage: 'flow',
      flowId: flow.id,
    });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('5');
    expect((await c.expectReplies(2))[1]?.body).toBe('Tchau pelo fluxo');
    // the close is a delayed job due after the flow's duration: move the clock while waiting for it
    await waitFor(async () => {
      if ((await c.ticket())?.status === 'closed') return true;
      await clock.advance(1000);
      return false;
    });
  });

  test('forceNextFlow: a menu command with a flow hands over to the flow — no menu after it, the bot stops', async () => {
    const s = await scene();
    const flow = await botFlow(s.tenant.admin.token, 'Catálogo', [
      { actionType: 'SendText', body: 'Veja nosso catálogo' },
    ]);
    const add = (body: Record<string, unknown>) =>
      api('POST', `/bot/${s.tenant.company.id}`, s.tenant.admin.token, { botSetupId: s.setup.id, ...body });
    await add({
      commandBot: '5',
      commandType: 2,
      descriptionBot: 'Catálogo',
      typeMessage: 'flow',
      flowId: flow.id,
      forceNextFlow: true,
    });
    await add({ commandBot: '5.1', commandType: 1, descriptionBot: 'Detalhes', showMessage: 'Detalhes' });
    const c = customer(s);
    await c.write('Olá');
    await c.expectReplies(1);
    await c.write('5');
    expect((await c.expectReplies(2))[1]?.body).toBe('Veja nosso catálogo');
    await c.expectSilence(2);
    await c.write('1');
    await c.expectSilence(2);
    const tk = await c.ticket();
    const [st] = await db
      .select()
      .from(botTicketStates)
      .where(eq(botTicketStates.ticketId, tk?.id ?? 0));
    expect([st?.status, st?.reason]).toEqual(['done', 'flow']);
  });

  test('a command applies its tags to the ticket and its categories to the contact', async () => {
    const s = await scene();
    const tag = await api<{ id: number }>('POST', '/tags', s.tenant.admin.token, {
      name: 'lead-bot',
      color: '#123456',
    });
    const cat = await api<{ id: number }>('POST', '/categorycontacts', s.tenant.admin.token, {
      name: 'Interessado',
      color: '#654321',
    });
    const cmds = await api<{ id: number; commandBot: string }[]>(
      'GET',
      `/botBySetup/${s.setup.id}`,
      s.tenant.admin.token,
    );
    const sector = cmds.find((c) => c.commandBot === '1.1');
    await api('PUT', `/bot/${s.tenant.company.id}/${sector?.id}`, s.tenant.admin.token, {
      commandBot: '1.1',
      commandType: 3,
      queueId: s.sales.id,
      descriptionBot: 'Falar com vendas',
      showMessage: 'Um vendedor já vai te atender',
      tags: [tag.id],
      botCategoryContacts: [cat.id],
    });
    const c = customer(s);
    await c.write('Oi');
    await c.expectReplies(1);
    await c.write('1');
    await c.expectReplies(2);
    await c.write('1');
    await c.expectReplies(3);
    const tk = await waitFor(async () => {
      const t0 = await c.ticket();
      return t0?.queueId === s.sales.id ? t0 : null;
    });
    const dto = await api<TicketDto>('GET', `/tickets/${tk.id}`, s.tenant.admin.token);
    expect(dto.tags.map((x) => x.id)).toEqual([tag.id]);
    const contact = await api<{ categoryContacts: { id: number }[] }>(
      'GET',
      `/contacts/${dto.contactId}`,
      s.tenant.admin.token,
    );
    expect(contact.categoryContacts.map((x) => x.id)).toEqual([cat.id]);
  });

  test('reopenBotAfterHours: a contact whose ticket closed within the hours is left to the people', async () => {
    const s = await scene({ reopenBotAfterHours: 2 });
    const c = customer(s);
    await c.write('Oi');
    await c.expectReplies(1);
    await c.write('3');
    await c.expectReplies(2);
    await waitFor(async () => (await c.ticket())?.status === 'closed');
    // an hour later the contact writes again: a new ticket, no bot
    await clock.advance(3_600_000);
    await c.write('Oi de novo');
    await c.expectSilence(2);
    // two more hours later (after that ticket is closed too) the bot is back
    const [open] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, s.tenant.company.id), eq(tickets.status, 'pending')));
    await api('PUT', `/tickets/${open?.id}`, s.tenant.admin.token, { status: 'closed' });
    await clock.advance(2 * 3_600_000 + 1000);
    await c.write('Olá?');
    expect((await c.expectReplies(3))[2]?.body).toContain('*1* - Vendas');
  });

  test('two bot connections messaging each other stop within the cap', async () => {
    const tenant = await makeTenant();
    const wA = await connectedSimulator(t, tenant.admin.token);
    const wB = await connectedSimulator(t, tenant.admin.token);
    const numberOf = async (w: number) =>
      (await api<{ number: string }>('GET', `/simulator/${w}`, tenant.admin.token)).number;
    const [nA, nB] = [await numberOf(wA), await numberOf(wB)];
    for (const w of [wA, wB]) {
      // a patient bot: many errors allowed, no no-queue action — only the cap can stop the loop
      const setup = await api<BotSetupDto>('POST', '/BotSetup', tenant.admin.token, {
        name: `Bot ${w}`,
        typingTime: 1,
        countErrorsBot: 6,
        whatsapps: [w],
      });
      await api('POST', `/bot/${tenant.company.id}`, tenant.admin.token, {
        botSetupId: setup.id,
        commandBot: '1',
        commandType: 1,
        descriptionBot: 'Info',
        showMessage: 'Info',
      });
    }
    const out = async (w: number, to: string) =>
      (await (await t.req('GET', `/simulator/${w}/outbox?to=${to}`, { token: tenant.admin.token })).json()) as Outbox;
    // each bot's messages are delivered to the other as inbound (what two real phones would do)
    const relayed = { A: 0, B: 0 };
    await api('POST', `/simulator/${wB}/inbound`, tenant.admin.token, { from: nA, body: 'Olá, tudo bem?' });
    for (let round = 0; round < 60; round++) {
      await clock.advance(1000);
      await realSleep(50);
      const fromA = await out(wA, nB);
      const fromB = await out(wB, nA);
      for (const m of fromA.slice(relayed.A))
        await api('POST', `/simulator/${wB}/inbound`, tenant.admin.token, { from: nA, body: m.body });
      for (const m of fromB.slice(relayed.B))
        await api('POST', `/simulator/${wA}/inbound`, tenant.admin.token, { from: nB, body: m.body });
      relayed.A = fromA.length;
      relayed.B = fromB.length;
    }
    // quiet now, and neither bot sent more than the cap (plus the one in flight when it tripped)
    expect(relayed.A).toBeLessThanOrEqual(BOT_MESSAGES_PER_MINUTE + 1);
    expect(relayed.B).toBeLessThanOrEqual(BOT_MESSAGES_PER_MINUTE + 1);
    const states = await db.select().from(botTicketStates).where(eq(botTicketStates.companyId, tenant.company.id));
    expect(states.length).toBe(2);
    // the first bot to pass the cap stops (reason loop); the other then receives nothing more and simply waits for a
    // choice — whether it also tripped depends on which message was in flight, so only "at least one" is the rule
    expect(states.some((st) => st.status === 'stopped' && st.reason === 'loop')).toBe(true);
    const before = [relayed.A, relayed.B];
    await clock.advance(5000);
    await realSleep(300);
    expect([(await out(wA, nB)).length, (await out(wB, nA)).length]).toEqual(before);
  }, 60_000);
});
