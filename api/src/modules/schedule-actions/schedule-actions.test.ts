import { afterEach, describe, expect, test } from 'bun:test';
import {
  type ScheduleActionJobDto,
  scheduleActionCardState,
  scheduleActionExpectedAt,
  SCHEDULE_ACTION_TEXTS as T,
} from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { companies, messages, tickets, users } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, recordEvents, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { startScheduleActionsArea } from './schedule-actions.startup';

const { t } = useTestApp(async (app) => {
  startScheduleActionsArea({ role: 'api' });
  await startChannels(app);
});

type Card = ScheduleActionJobDto;
type Tenant = Awaited<ReturnType<typeof makeTenant>>;

const post = (token: string, body: unknown) => t.req('POST', '/scheduleActions', { token, json: body });
async function queue(token: string, body: unknown): Promise<Card> {
  const res = await post(token, body);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /scheduleActions answered ${res.status}: ${text}`);
  return JSON.parse(text) as Card;
}
async function list(token: string): Promise<Card[]> {
  const res = await t.req('GET', '/scheduleActions', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Card[];
}
const card = async (token: string, id: string) => (await list(token)).find((c) => c.id === id);
/** waits (real time, immediate actions only) until the card left waiting */
const settled = (token: string, id: string) =>
  waitFor(async () => {
    const c = await card(token, id);
    return c && scheduleActionCardState(c) !== 'waiting' ? c : null;
  });

type Outbox = { id: string; to: string; body: string }[];
const outbox = async (token: string, w: number, to: string) =>
  (await (await t.req('GET', `/simulator/${w}/outbox?to=${to}`, { token })).json()) as Outbox;

let seq = 0;
/** an open ticket of the admin on a fresh contact, on a connected simulator */
async function openTicket(x: Tenant, w: number) {
  const number = `55119${String(70000000 + ++seq * 37)}`;
  const contact = (await (
    await t.req('POST', '/contacts', { token: x.admin.token, json: { name: `Cliente ${seq}`, number } })
  ).json()) as { id: number };
  const res = await t.req('POST', '/tickets', {
    token: x.admin.token,
    json: { contactId: contact.id, status: 'open', userId: x.admin.user.id, whatsappId: w },
  });
  expect(res.status).toBe(200);
  return { ticket: (await res.json()) as { id: number; status: string }, contactId: contact.id, number };
}

let restoreClock: (() => void) | undefined;
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

describe('scheduled actions: every action runs with valid data', () => {
  test('sendMessage to a ticket waits its delay on the clock, then the message is in the simulator outbox and the ticket; live create and update', async () => {
    const x = await makeTenant();
    const w = await connectedSimulator(t, x.admin.token);
    const { ticket, number } = await openTicket(x, w);
    const rec = recordEvents(t);
    const clock = new TestClock(Date.now());
    restoreClock = useClock(clock);

    const queued = await queue(x.admin.token, {
      action: 'sendMessage',
      jsonData: { ticketId: ticket.id, body: 'Lembrete: sua consulta é amanhã.' },
      delay: 60_000,
      name: 'lembrete',
    });
    // the card of spec 2 §3, waiting
    expect(queued).toMatchObject({
      name: 'sendMessage',
      label: 'lembrete',
      processedOn: null,
      finishedOn: null,
      failedReason: null,
      attemptsMade: 0,
      opts: { attempts: 3, delay: 60_000, backoff: { type: 'exponential', delay: 2000 } },
      data: { ticketId: ticket.id, body: 'Lembrete: sua consulta é amanhã.' },
    });
    expect(queued.timestamp).toBe(clock.now());
    expect(scheduleActionExpectedAt(queued)).toBe(clock.now() + 60_000);
    expect(rec.of(`scheduleAction-${x.company.id}`, 'create').map((e) => e.data.job)).toEqual([queued]);
    expect(rec.of(`scheduleAction-${x.company.id}`, 'create')[0]).toMatchObject({ adminOnly: true });

    // one second early: nothing sent
    await clock.advance(59_000);
    await Bun.sleep(400);
    expect(scheduleActionCardState((await card(x.admin.token, queued.id)) as Card)).toBe('waiting');
    expect(await outbox(x.admin.token, w, number)).toEqual([]);

    await clock.advanceUntil(
      async () => scheduleActionCardState((await card(x.admin.token, queued.id)) as Card) === 'finished',
      { stepMs: 500, pauseMs: 30 },
    );
    const done = (await card(x.admin.token, queued.id)) as Card;
    expect(done.attemptsMade).toBe(1);
    expect(done.processedOn as number).toBeGreaterThanOrEqual(scheduleActionExpectedAt(queued));
    expect(done.finishedOn as number).toBeGreaterThanOrEqual(done.processedOn as number);
    expect((await outbox(x.admin.token, w, number)).map((m) => m.body)).toEqual(['Lembrete: sua consulta é amanhã.']);
    const stored = await db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, x.company.id), eq(messages.ticketId, ticket.id)));
    expect(stored.map((m) => [m.body, m.fromMe, m.userId])).toEqual([
      ['Lembrete: sua consulta é amanhã.', true, x.admin.user.id],
    ]);
    // the card updated live once the outcome was recorded
    await waitFor(async () =>
      rec.of(`scheduleAction-${x.company.id}`, 'update').some((e) => (e.data.job as Card).finishedOn !== null),
    );
    rec.off();
  });

  test('sendMessage to a number on a chosen connection: contact and ticket found or created, message sent', async () => {
    const x = await makeTenant();
    const w = await connectedSimulator(t, x.admin.token);
    const queued = await queue(x.admin.token, {
      action: 'sendMessage',
      jsonData: { number: '+55 (11) 98888-1234', body: 'Seu pedido saiu para entrega.', whatsappId: w },
    });
    expect(scheduleActionCardState(await settled(x.admin.token, queued.id))).toBe('finished');
    expect((await outbox(x.admin.token, w, '5511988881234')).map((m) => m.body)).toEqual([
      'Seu pedido saiu para entrega.',
    ]);
  });

  test('updateTicket moves the ticket through the ticket machine; a refused move is the failure reason, not retried', async () => {
    const x = await makeTenant();
    const w = await connectedSimulator(t, x.admin.token);
    const { ticket, contactId } = await openTicket(x, w);
    const ok = await queue(x.admin.token, {
      action: 'updateTicket',
      jsonData: { ticketId: ticket.id, status: 'closed' },
    });
    expect(scheduleActionCardState(await settled(x.admin.token, ok.id))).toBe('finished');
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.status).toBe('closed');

    // another open ticket of the same contact: reopening the closed one is refused by the machine
    const other = await t.req('POST', '/tickets', {
      token: x.admin.token,
      json: { contactId, status: 'open', userId: x.admin.user.id, whatsappId: w },
    });
    expect(other.status).toBe(200);
    const refused = await queue(x.admin.token, {
      action: 'updateTicket',
      jsonData: { ticketId: ticket.id, status: 'open' },
    });
    const failed = await settled(x.admin.token, refused.id);
    expect(scheduleActionCardState(failed)).toBe('failed');
    expect(failed.failedReason).toBe('Já existe um ticket aberto para este contato.');
    expect(failed.attemptsMade).toBe(1);
    const [still] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(still.status).toBe('closed');
  });

  test("another company's ticket is not found when the action runs (nothing of theirs changes)", async () => {
    const x = await makeTenant();
    const y = await makeTenant();
    const wy = await connectedSimulator(t, y.admin.token);
    const { ticket } = await openTicket(y, wy);
    const move = await queue(x.admin.token, {
      action: 'updateTicket',
      jsonData: { ticketId: ticket.id, status: 'closed' },
    });
    const send = await queue(x.admin.token, { action: 'sendMessage', jsonData: { ticketId: ticket.id, body: 'Oi' } });
    for (const id of [move.id, send.id]) {
      const c = await settled(x.admin.token, id);
      expect(c.failedReason).toBe('Nenhum ticket encontrado com este ID.');
      expect(c.attemptsMade).toBe(1);
    }
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.status).toBe('open');
  });

  test('updateCampaign fails with "Campanha não encontrada" until the campaigns area exists', async () => {
    const x = await makeTenant();
    const queued = await queue(x.admin.token, {
      action: 'updateCampaign',
      jsonData: { campaignId: 5, status: 'start' },
    });
    const c = await settled(x.admin.token, queued.id);
    expect(c).toMatchObject({ failedReason: T.campaignNotFound, attemptsMade: 1 });
    expect(c.finishedOn).not.toBeNull();
  });

  test('test finishes with its data; { fail } fails with the given reason', async () => {
    const x = await makeTenant();
    const ok = await queue(x.admin.token, { action: 'test', jsonData: '{"hello":"world","n":[1,2]}' });
    expect(ok.data).toEqual({ hello: 'world', n: [1, 2] });
    const done = await settled(x.admin.token, ok.id);
    expect(scheduleActionCardState(done)).toBe('finished');
    expect(done).toMatchObject({ failedReason: null, attemptsMade: 1 });
    const bad = await queue(x.admin.token, { action: 'test', jsonData: { fail: 'falha de teste' } });
    expect(await settled(x.admin.token, bad.id)).toMatchObject({ failedReason: 'falha de teste', attemptsMade: 1 });
  });
});

describe('scheduled actions: who runs them is checked again when they run', () => {
  test('a company deactivated, or an admin demoted, after queueing: the action fails with the reason, nothing is sent', async () => {
    const x = await makeTenant();
    const w = await connectedSimulator(t, x.admin.token);
    const clock = new TestClock(Date.now());
    restoreClock = useClock(clock);
    const job = (id: string) => t.platform.jobs.get(id);
    const failed = (id: string) => waitFor(async () => ((await job(id))?.failedReason ? job(id) : null));
    const number = '5511970009901';
    const send = { action: 'sendMessage', jsonData: { number, body: 'Não deve sair', whatsappId: w }, delay: 60_000 };

    const whileInactive = await queue(x.admin.token, send);
    await db.update(companies).set({ status: false }).where(eq(companies.id, x.company.id));
    invalidateActors();
    try {
      await clock.advance(61_000);
      expect(await failed(whileInactive.id)).toMatchObject({ failedReason: T.companyInactive, attemptsMade: 1 });
    } finally {
      await db.update(companies).set({ status: true }).where(eq(companies.id, x.company.id));
      invalidateActors();
    }

    const whileDemoted = await queue(x.admin.token, send);
    await db.update(users).set({ profile: 'user' }).where(eq(users.id, x.admin.user.id));
    invalidateActors();
    await clock.advance(61_000);
    expect(await failed(whileDemoted.id)).toMatchObject({ failedReason: T.actorGone, attemptsMade: 1 });
    expect(await db.select().from(messages).where(eq(messages.companyId, x.company.id))).toEqual([]);
    await db.update(users).set({ profile: 'admin' }).where(eq(users.id, x.admin.user.id));
    invalidateActors();
    expect(await outbox(x.admin.token, w, number)).toEqual([]);
  });
});

describe('scheduled actions: refused input', () => {
  test('invalid data of every action is a 400 with its text, and nothing is queued', async () => {
    const x = await makeTenant();
    const cases: [unknown, string][] = [
      [{ action: 'explode', jsonData: {} }, T.action],
      [{ action: 'test', jsonData: {}, delay: 250 }, T.delayStep],
      [{ action: 'test', jsonData: {}, delay: -500 }, T.delayMin],
      [{ action: 'test', jsonData: {}, delay: 31 * 24 * 60 * 60 * 1000 }, T.delayMax],
      [{ action: 'test', jsonData: '{oops' }, T.jsonInvalid],
      [{ action: 'test', jsonData: [1] }, T.jsonObject],
      [{ action: 'test', jsonData: { fail: '' } }, T.testFail],
      [{ action: 'sendMessage', jsonData: { body: 'Oi' } }, T.ticketOrNumber],
      [{ action: 'sendMessage', jsonData: { ticketId: 1, body: '' } }, T.body],
      [{ action: 'sendMessage', jsonData: { ticketId: 1, body: 'Oi', whatsappId: 2 } }, T.whatsappWithTicket],
      [{ action: 'updateTicket', jsonData: { ticketId: 1 } }, T.noChange],
      [{ action: 'updateTicket', jsonData: { ticketId: 1, status: 'done' } }, T.status],
      [{ action: 'updateCampaign', jsonData: { campaignId: 1, status: 'stop' } }, T.campaignStatus],
      [{ action: 'updateCampaign', jsonData: { status: 'start' } }, T.campaignId],
    ];
    for (const [body, text] of cases) {
      const res = await post(x.admin.token, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', message: text });
    }
    const notJson = await t.req('POST', '/scheduleActions', {
      token: x.admin.token,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await list(x.admin.token)).toEqual([]);
  });
});

describe('scheduled actions: the list, deletes, tenancy and permission', () => {
  test('the list: this company’s scheduled actions only, newest first, with the card fields', async () => {
    const x = await makeTenant();
    const y = await makeTenant();
    const delay = 24 * 60 * 60 * 1000;
    const a = await queue(x.admin.token, { action: 'test', jsonData: { n: 1 }, delay });
    await Bun.sleep(3);
    const b = await queue(x.admin.token, {
      action: 'updateCampaign',
      jsonData: { campaignId: 1, status: 'pause' },
      delay,
    });
    await queue(y.admin.token, { action: 'test', jsonData: { n: 2 }, delay });
    // another area's job of the same company (a schedule delivery): never listed here
    await t.platform.jobs.add('schedules.deliver', { scheduleId: 1 }, { companyId: x.company.id, delay });
    const cards = await list(x.admin.token);
    expect(cards.map((c) => c.id)).toEqual([b.id, a.id]);
    for (const c of cards) {
      expect(Object.keys(c).sort()).toEqual(
        [
          'attemptsMade',
          'data',
          'failedReason',
          'finishedOn',
          'id',
          'label',
          'name',
          'opts',
          'processedOn',
          'timestamp',
        ].sort(),
      );
      expect(c.opts).toEqual({ attempts: 3, delay, backoff: { type: 'exponential', delay: 2000 } });
    }
  });

  test('delete one: 404 for another company’s job or a job that is not a scheduled action; live delete', async () => {
    const x = await makeTenant();
    const y = await makeTenant();
    const delay = 60 * 60 * 1000;
    const mine = await queue(x.admin.token, { action: 'test', jsonData: {}, delay });
    const theirs = await queue(y.admin.token, { action: 'test', jsonData: {}, delay });
    const otherArea = await t.platform.jobs.add('schedules.deliver', {}, { companyId: x.company.id, delay });
    const rec = recordEvents(t);
    for (const id of [theirs.id, otherArea.id, '999999999', 'bad id!']) {
      const res = await t.req('DELETE', `/scheduleActions/${encodeURIComponent(id)}`, { token: x.admin.token });
      expect([400, 404]).toContain(res.status);
      if (id !== 'bad id!') expect(res.status).toBe(404);
    }
    expect(await t.platform.jobs.get(theirs.id)).not.toBeNull();
    expect(await t.platform.jobs.get(otherArea.id)).not.toBeNull();
    const res = await t.req('DELETE', `/scheduleActions/${mine.id}`, { token: x.admin.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Ação agendada excluída com sucesso' });
    expect(await list(x.admin.token)).toEqual([]);
    expect(rec.of(`scheduleAction-${x.company.id}`, 'delete').map((e) => e.data)).toEqual([
      { action: 'delete', jobId: mine.id },
    ]);
    rec.off();
  });

  test('delete all removes only this company’s scheduled actions (embedded runner)', async () => {
    const x = await makeTenant();
    const y = await makeTenant();
    const delay = 60 * 60 * 1000;
    await queue(x.admin.token, { action: 'test', jsonData: {}, delay });
    await queue(x.admin.token, { action: 'sendMessage', jsonData: { ticketId: 1, body: 'Oi' }, delay });
    const theirs = await queue(y.admin.token, { action: 'test', jsonData: {}, delay });
    const schedule = await t.platform.jobs.add('schedules.deliver', {}, { companyId: x.company.id, delay });
    const res = await t.req('DELETE', '/scheduleActionsAll', { token: x.admin.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Todas as ações agendadas foram excluídas com sucesso', count: 2 });
    expect(await list(x.admin.token)).toEqual([]);
    expect((await list(y.admin.token)).map((c) => c.id)).toEqual([theirs.id]);
    expect(await t.platform.jobs.get(schedule.id)).not.toBeNull();
  });

  test('company admins only: an attendant gets 403 on every route', async () => {
    const x = await makeTenant();
    const job = await queue(x.admin.token, { action: 'test', jsonData: {}, delay: 60_000 });
    const calls: [string, string, unknown?][] = [
      ['GET', '/scheduleActions'],
      ['POST', '/scheduleActions', { action: 'test', jsonData: {} }],
      ['DELETE', `/scheduleActions/${job.id}`],
      ['DELETE', '/scheduleActionsAll'],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.req(method, path, { token: x.agent.token, json });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect((await list(x.admin.token)).map((c) => c.id)).toEqual([job.id]);
  });
});
