import { describe, expect, test } from 'bun:test';
import { LIST_TEXTS, type TicketDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { contacts, messages, ticketSearchTerms, tickets } from '../../db/schema';
import { countStatements, db } from '../../platform/db';
import { makeGroup, makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { categorize, makeContact, makeMessage, makeTag, makeTicket, makeWhatsapp, tagTicket } from './tickets.fixtures';
import { getTicketRowInCompany } from './tickets.repo';

const { t, events } = useTestApp();

type ListAnswer = { tickets: TicketDto[]; hasMore: boolean; count: number };
const json = async <T>(r: Response): Promise<T> => (await r.json()) as T;
const ids = (a: ListAnswer) => a.tickets.map((x) => x.id).sort((x, y) => x - y);
const tick = () => new Promise((r) => setTimeout(r, 5));

/** A company with two queues, a connection, an admin, an agent in queue A, and a second agent in both. */
async function world() {
  const { company, admin } = await makeTenant();
  const qa = await makeQueue(company.id, { name: 'Vendas' });
  const qb = await makeQueue(company.id, { name: 'Suporte' });
  const w = await makeWhatsapp(company.id, { queueIds: [qa.id, qb.id], isDefault: true });
  const agent = await makeUser(company.id, { queueIds: [qa.id], name: 'Ana Agente' });
  const agent2 = await makeUser(company.id, { queueIds: [qa.id, qb.id], name: 'Bruno' });
  return { company, admin, agent, agent2, qa, qb, w };
}

async function list(token: string, qs: string): Promise<ListAnswer> {
  const r = await t.req('GET', `/tickets?${qs}`, { token });
  expect(r.status).toBe(200);
  return json<ListAnswer>(r);
}

describe('GET /tickets', () => {
  test('open tab: mine only; showAll only for admins; pending by queue; closed shows all', async () => {
    const { company, admin, agent, agent2, qa, qb, w } = await world();
    const c = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeContact(company.id)));
    const mineOpen = await makeTicket(company.id, {
      contactId: c[0].id,
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    const othersOpen = await makeTicket(company.id, {
      contactId: c[1].id,
      status: 'open',
      userId: agent2.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    const pendA = await makeTicket(company.id, {
      contactId: c[2].id,
      status: 'pending',
      queueId: qa.id,
      whatsappId: w.id,
    });
    const pendB = await makeTicket(company.id, {
      contactId: c[3].id,
      status: 'pending',
      queueId: qb.id,
      whatsappId: w.id,
    });
    const pendNone = await makeTicket(company.id, { contactId: c[4].id, status: 'pending', whatsappId: w.id });
    const closed = await makeTicket(company.id, {
      contactId: c[5].id,
      status: 'closed',
      userId: agent2.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    // another company's tickets never show
    const other = await makeTenant();
    const oc = await makeContact(other.company.id);
    await makeTicket(other.company.id, { contactId: oc.id, status: 'pending' });

    expect(ids(await list(agent.token, 'status=open'))).toEqual([mineOpen.id]);
    expect(ids(await list(agent.token, 'status=open&showAll=true'))).toEqual([mineOpen.id]);
    expect(ids(await list(admin.token, 'status=open&showAll=true'))).toEqual([mineOpen.id, othersOpen.id]);
    expect(ids(await list(admin.token, 'status=open'))).toEqual([]);
    // agent: own queue + no-queue (new-group defaults: allowNoQueue)
    expect(ids(await list(agent.token, 'status=pending'))).toEqual([pendA.id, pendNone.id]);
    // selecting a queue the agent is not in does not widen the view
    expect(ids(await list(agent.token, `status=pending&queueIds=[${qb.id}]`))).toEqual([pendNone.id]);
    expect(ids(await list(agent2.token, `status=pending&queueIds=[${qb.id}]`))).toEqual([pendB.id, pendNone.id]);
    expect(ids(await list(admin.token, 'status=pending'))).toEqual([pendA.id, pendB.id, pendNone.id]);
    expect(ids(await list(agent.token, 'status=closed'))).toEqual([closed.id]);
    const a = await list(agent.token, 'status=pending');
    expect(a.count).toBe(2);
    expect(a.hasMore).toBe(false);
    const dto = a.tickets.find((x) => x.id === pendA.id)!;
    expect(dto).toMatchObject({
      queue: { id: qa.id, name: 'Vendas' },
      whatsapp: { id: w.id },
      contact: { id: c[2].id },
    });
  });

  test('closed tab: most recent activity (closing) first, unread or not; open and pending keep the same server order', async () => {
    const { company, admin, agent, qa, w } = await world();
    const c = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => makeContact(company.id)));
    const at = (day: number) => new Date(`2024-05-0${day}T12:00:00Z`);
    const closed = (i: number, day: number, unreadMessages = 0) =>
      makeTicket(company.id, {
        contactId: c[i].id,
        status: 'closed',
        userId: agent.user.id,
        queueId: qa.id,
        whatsappId: w.id,
        unreadMessages,
        updatedAt: at(day),
      });
    const oldest = await closed(0, 1);
    const olderUnread = await closed(1, 2, 4);
    const newest = await closed(2, 3);
    // resolved now: its closing is the most recent activity
    const open = await makeTicket(company.id, {
      contactId: c[3].id,
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
      unreadMessages: 2,
      updatedAt: at(1),
    });
    const r = await t.req('PUT', `/tickets/${open.id}`, {
      token: agent.token,
      json: { status: 'closed', userId: agent.user.id },
    });
    expect(r.status).toBe(200);
    const order = (a: ListAnswer) => a.tickets.map((x) => x.id);
    expect(order(await list(agent.token, 'tab=closed'))).toEqual([open.id, newest.id, olderUnread.id, oldest.id]);
    expect(order(await list(admin.token, 'status=closed'))).toEqual([open.id, newest.id, olderUnread.id, oldest.id]);

    // open and pending: the same updatedAt order from the server (the web puts unread first on those tabs)
    const mk = (i: number, status: 'open' | 'pending', day: number, unreadMessages = 0) =>
      makeTicket(company.id, {
        contactId: c[i].id,
        status,
        userId: status === 'open' ? agent.user.id : null,
        queueId: qa.id,
        whatsappId: w.id,
        unreadMessages,
        updatedAt: at(day),
      });
    const openOld = await mk(4, 'open', 1, 3);
    const openNew = await mk(5, 'open', 2);
    expect(order(await list(agent.token, 'tab=open'))).toEqual([openNew.id, openOld.id]);
    const pendingOld = await mk(6, 'pending', 1, 1);
    const pendingNew = await mk(0, 'pending', 3);
    expect(order(await list(agent.token, 'tab=pending'))).toEqual([pendingNew.id, pendingOld.id]);
  });

  test('allowNoQueue off hides no-queue tickets; allowViewPendingTickets off hides pending', async () => {
    const { company, qa, w } = await world();
    const strict = await makeGroup(company.id, { allowNoQueue: false });
    const blind = await makeGroup(company.id, { allowViewPendingTickets: false });
    const u1 = await makeUser(company.id, { queueIds: [qa.id], userAuthorizationId: strict.id });
    const u2 = await makeUser(company.id, { queueIds: [qa.id], userAuthorizationId: blind.id });
    const c1 = await makeContact(company.id);
    const c2 = await makeContact(company.id);
    const inQueue = await makeTicket(company.id, { contactId: c1.id, queueId: qa.id, whatsappId: w.id });
    await makeTicket(company.id, { contactId: c2.id, whatsappId: w.id });
    expect(ids(await list(u1.token, 'status=pending'))).toEqual([inQueue.id]);
    expect(await list(u2.token, 'status=pending')).toEqual({ tickets: [], hasMore: false, count: 0 });
    // and cannot open one either
    const r = await t.req('GET', `/tickets/${inQueue.id}`, { token: u2.token });
    expect(r.status).toBe(403);
  });

  test('filters: unread, tags, categories, contact, user, dates, status, search by name/number/protocol/message', async () => {
    const { company, admin, agent, qa, w } = await world();
    const ana = await makeContact(company.id, { name: 'Mariana Souza', number: '5511987650001' });
    const joao = await makeContact(company.id, { name: 'João Pedro', number: '5521900000002' });
    const t1 = await makeTicket(company.id, {
      contactId: ana.id,
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
      unreadMessages: 2,
      createdAt: new Date('2024-03-10T12:00:00Z'),
    });
    const t2 = await makeTicket(company.id, {
      contactId: joao.id,
      status: 'closed',
      userId: admin.user.id,
      queueId: qa.id,
      whatsappId: w.id,
      createdAt: new Date('2024-04-20T12:00:00Z'),
    });
    const tag = await makeTag(company.id);
    await tagTicket(company.id, t2.id, tag.id);
    const cat = await categorize(company.id, ana.id);
    await makeMessage(company.id, t2.id, { body: 'Preciso do boleto atualizado por favor' });

    const s = (qs: string) => list(admin.token, `tab=search&${qs}`).then(ids);
    expect(await s('withUnreadMessages=true')).toEqual([t1.id]);
    expect(await s(`tags=[${tag.id}]`)).toEqual([t2.id]);
    expect(await s(`contactCategories=[${cat.id}]`)).toEqual([t1.id]);
    expect(await s(`searchContactId=${joao.id}`)).toEqual([t2.id]);
    expect(await s(`searchUserId=${agent.user.id}`)).toEqual([t1.id]);
    expect(await s('searchInitialDate=2024-04-01&searchFinalDate=2024-04-30')).toEqual([t2.id]);
    expect(await s('date=2024-03-10')).toEqual([t1.id]);
    expect(await s('searchTicketStatus=closed')).toEqual([t2.id]);
    expect(await s('searchTicketStatus=all')).toEqual([t1.id, t2.id]);
    expect(await s('searchParam=mari')).toEqual([t1.id]);
    expect(await s('searchParam=joão')).toEqual([t2.id]);
    expect(await s('searchParam=55219')).toEqual([t2.id]);
    expect(await s(`searchParam=${t1.protocol}`)).toEqual([t1.id]);
    expect(await s('searchParam=boleto')).toEqual([t2.id]);
    expect(await s('searchParam=nadaassim')).toEqual([]);
    // an agent searching finds tickets of their queues and their own; never another company's
    const other = await makeTenant();
    const r = await list(other.admin.token, 'tab=search&searchParam=boleto');
    expect(r.tickets).toEqual([]);
  });

  test('message text search: word prefixes anywhere in the ticket, case and accents ignored, only what the user may see', async () => {
    const { company, admin, agent, qa, qb, w } = await world();
    const c1 = await makeContact(company.id, { name: 'Cliente Um' });
    const c2 = await makeContact(company.id, { name: 'Sebastião Araújo' });
    const mine = await makeTicket(company.id, {
      contactId: c1.id,
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    const other = await makeTicket(company.id, {
      contactId: c2.id,
      status: 'open',
      userId: admin.user.id,
      queueId: qb.id,
      whatsappId: w.id,
    });
    await makeMessage(company.id, mine.id, { body: 'Segue a NOTA fiscal' });
    await makeMessage(company.id, mine.id, { body: 'e o comprovante de pagamento' });
    const edited = await makeMessage(company.id, other.id, { body: 'Não recebi a cobrança' });
    const s = (token: string, q: string) => list(token, `tab=search&searchParam=${encodeURIComponent(q)}`).then(ids);
    expect(await s(admin.token, 'nota')).toEqual([mine.id]);
    // prefixes; the words may be in different messages of the ticket
    expect(await s(admin.token, 'fisc comprov')).toEqual([mine.id]);
    // accents and case ignored, in messages and in contact names
    expect(await s(admin.token, 'cobranca')).toEqual([other.id]);
    expect(await s(admin.token, 'NAO')).toEqual([other.id]);
    expect(await s(admin.token, 'sebastiao araujo')).toEqual([other.id]);
    expect(await s(admin.token, 'Araú')).toEqual([other.id]);
    // every word in the same ticket
    expect(await s(admin.token, 'nota cobrança')).toEqual([]);
    // an agent of queue A finds only the tickets they may see
    expect(await s(agent.token, 'cobranca')).toEqual([]);
    expect(await s(agent.token, 'nota')).toEqual([mine.id]);
    // the database keeps the words in step: an edited body, a new message, a deleted ticket
    await db.update(messages).set({ body: 'Não recebi o boleto' }).where(eq(messages.id, edited.id));
    expect(await s(admin.token, 'boleto')).toEqual([other.id]);
    await makeMessage(company.id, mine.id, { body: 'protocolo xyzzy' });
    expect(await s(admin.token, 'xyzz')).toEqual([mine.id]);
    // a page past the end still answers the total
    const past = await list(admin.token, 'tab=search&searchParam=nota&pageNumber=2');
    expect({ tickets: past.tickets, count: past.count, hasMore: past.hasMore }).toEqual({
      tickets: [],
      count: 1,
      hasMore: false,
    });
    expect((await t.req('DELETE', `/tickets/${mine.id}`, { token: admin.token })).status).toBe(200);
    expect(await db.select().from(ticketSearchTerms).where(eq(ticketSearchTerms.ticketId, mine.id))).toEqual([]);
  });

  test('pagination: 40 per page, hasMore and count; bounded SQL statements whatever the page size', async () => {
    const { company, admin, qa, w } = await world();
    const cs = await Promise.all(Array.from({ length: 45 }, () => makeContact(company.id)));
    const tag = await makeTag(company.id);
    for (const [i, c] of cs.entries()) {
      const tk = await makeTicket(company.id, {
        contactId: c.id,
        queueId: qa.id,
        whatsappId: w.id,
        updatedAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
      });
      if (i % 2) await tagTicket(company.id, tk.id, tag.id);
    }
    // warm the actor cache so auth costs nothing
    await t.req('GET', '/tickets?status=pending', { token: admin.token });
    const p1 = await countStatements(() => t.req('GET', '/tickets?status=pending', { token: admin.token }));
    const a1 = await json<ListAnswer>(p1.result);
    expect(a1.tickets.length).toBe(40);
    expect(a1.hasMore).toBe(true);
    expect(a1.count).toBe(45);
    // newest first
    expect(a1.tickets[0].updatedAt > a1.tickets[1].updatedAt).toBe(true);
    expect(a1.tickets.some((x) => x.tags.length === 1)).toBe(true);
    expect(p1.count).toBeLessThanOrEqual(3);
    const p2 = await countStatements(() =>
      t.req('GET', '/tickets?status=pending&pageNumber=2&searchParam=contact', { token: admin.token }),
    );
    const a2 = await json<ListAnswer>(p2.result);
    expect(a2.hasMore).toBe(false);
    expect(p2.count).toBeLessThanOrEqual(3);
    const all = await list(admin.token, 'status=pending&pageNumber=2');
    expect(all.tickets.length).toBe(5);
    expect(new Set([...a1.tickets, ...all.tickets].map((x) => x.id)).size).toBe(45);
  });

  test('bad input → 400 with a message, no auth → 401', async () => {
    const { admin } = await world();
    for (const qs of [
      'pageNumber=0',
      'pageNumber=abc',
      'status=foo',
      'queueIds=[1,',
      'searchInitialDate=2024-99-99',
      'tags=[-1]',
    ]) {
      const r = await t.req('GET', `/tickets?${qs}`, { token: admin.token });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    expect((await t.req('GET', '/tickets')).status).toBe(401);
  });
});

describe('GET /tickets/:id', () => {
  test('happy, another company 404, bad id 400', async () => {
    const { company, agent, qa, w } = await world();
    const c = await makeContact(company.id);
    const tk = await makeTicket(company.id, { contactId: c.id, queueId: qa.id, whatsappId: w.id });
    const r = await t.req('GET', `/tickets/${tk.id}`, { token: agent.token });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      id: tk.id,
      protocol: tk.protocol,
      status: 'pending',
      contact: { id: c.id },
    });
    const other = await makeTenant();
    const x = await t.req('GET', `/tickets/${tk.id}`, { token: other.admin.token });
    expect(x.status).toBe(404);
    expect(await x.json()).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });
    expect((await t.req('GET', '/tickets/abc', { token: agent.token })).status).toBe(400);
  });
});

describe('POST /tickets and checkcontactopen', () => {
  test('creates open for me with the next protocol, source 1, default connection; emits update', async () => {
    const { company, agent, qa, w } = await world();
    const c = await makeContact(company.id);
    events.length = 0;
    const r = await t.req('POST', '/tickets', {
      token: agent.token,
      json: { contactId: c.id, queueId: qa.id, status: 'open' },
    });
    expect(r.status).toBe(200);
    const tk = await json<TicketDto>(r);
    expect(tk).toMatchObject({
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
      source: 1,
      contactId: c.id,
    });
    await tick();
    expect(events.some((e) => e.channel === `ticket-${company.id}` && e.data.action === 'update')).toBe(true);

    // the three outcomes via checkcontactopen
    const again = await t.req('POST', '/tickets', {
      token: agent.token,
      json: { contactId: c.id, queueId: qa.id, status: 'open' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET' });
    const chk = await t.req('POST', '/tickets/checkcontactopen', { token: agent.token, json: { contactId: c.id } });
    expect(chk.status).toBe(200);
    expect(await chk.json()).toMatchObject({ ticket: { id: tk.id, userId: agent.user.id, queue: { name: 'Vendas' } } });
    const fresh = await makeContact(company.id);
    const none = await t.req('POST', '/tickets/checkcontactopen', {
      token: agent.token,
      json: { contactId: fresh.id },
    });
    expect(await none.json()).toEqual({ ticket: null });
  });

  test('validation and references: Required, Selecione uma fila, foreign contact/queue 404, other user 403', async () => {
    const { company, agent, agent2, qb } = await world();
    const strict = await makeGroup(company.id, { allowNoQueue: false });
    const u = await makeUser(company.id, { userAuthorizationId: strict.id });
    const c = await makeContact(company.id);
    const r1 = await t.req('POST', '/tickets', { token: agent.token, json: {} });
    expect(r1.status).toBe(400);
    expect(await r1.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Required' });
    const r2 = await t.req('POST', '/tickets', { token: u.token, json: { contactId: c.id } });
    expect(r2.status).toBe(400);
    expect(await r2.json()).toMatchObject({ message: 'Selecione uma fila' });
    // agent not in queue B
    expect(
      (await t.req('POST', '/tickets', { token: agent.token, json: { contactId: c.id, queueId: qb.id } })).status,
    ).toBe(403);
    // naming another attendant is admin-only
    expect(
      (await t.req('POST', '/tickets', { token: agent.token, json: { contactId: c.id, userId: agent2.user.id } }))
        .status,
    ).toBe(403);
    const other = await makeTenant();
    const oc = await makeContact(other.company.id);
    const oq = await makeQueue(other.company.id);
    const r3 = await t.req('POST', '/tickets', { token: agent.token, json: { contactId: oc.id } });
    expect(r3.status).toBe(404);
    expect(await r3.json()).toMatchObject({ error: 'ERR_NO_CONTACT_FOUND' });
    expect(
      (await t.req('POST', '/tickets', { token: agent.token, json: { contactId: c.id, queueId: oq.id } })).status,
    ).toBe(404);
    expect(
      (await t.req('POST', '/tickets/checkcontactopen', { token: agent.token, json: { contactId: oc.id } })).status,
    ).toBe(404);
    expect((await t.req('POST', '/tickets/checkcontactopen', { token: agent.token, json: {} })).status).toBe(400);
  });

  test('allowMultipleTickets lets a second unfinished ticket exist', async () => {
    const { company, qa } = await world();
    const multi = await makeGroup(company.id, { allowMultipleTickets: true });
    const u = await makeUser(company.id, { queueIds: [qa.id], userAuthorizationId: multi.id });
    const c = await makeContact(company.id);
    const a = await t.req('POST', '/tickets', { token: u.token, json: { contactId: c.id, queueId: qa.id } });
    const b = await t.req('POST', '/tickets', { token: u.token, json: { contactId: c.id, queueId: qa.id } });
    expect([a.status, b.status]).toEqual([200, 200]);
  });
});

describe('PUT /tickets/:id', () => {
  test('accept → return → accept → transfer → resolve → reopen, each published', async () => {
    const { company, agent, agent2, qa, qb, w } = await world();
    const c = await makeContact(company.id);
    await db.update(contacts).set({ commandBot: '1.2' }).where(eq(contacts.id, c.id));
    const tk = await makeTicket(company.id, { contactId: c.id, whatsappId: w.id });
    const put = (token: string, body: unknown) => t.req('PUT', `/tickets/${tk.id}`, { token, json: body });

    // accept auto-confirms with the agent's only queue
    let r = await put(agent.token, { status: 'open', userId: agent.user.id });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'open', userId: agent.user.id, queueId: qa.id });
    expect((await getTicketRowInCompany(company.id, tk.id)).acceptedAt).not.toBeNull();
    // someone else cannot return it
    expect((await put(agent2.token, { status: 'pending' })).status).toBe(403);
    r = await put(agent.token, { status: 'pending', userId: null });
    expect(await r.json()).toMatchObject({ status: 'pending', userId: null, queueId: null });
    // accepting twice: the second one is refused as a stale move
    await put(agent.token, { status: 'open', userId: agent.user.id });
    r = await put(agent2.token, { status: 'open', userId: agent2.user.id, queueId: qa.id });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ error: 'ERR_INVALID_TICKET_TRANSITION' });
    // transfer to agent2 in queue B
    events.length = 0;
    r = await put(agent.token, { transf: true, userId: agent2.user.id, queueId: qb.id, status: 'open' });
    expect(await r.json()).toMatchObject({ status: 'open', userId: agent2.user.id, queueId: qb.id });
    await tick();
    expect(events.find((e) => e.channel === `ticket-${company.id}`)?.data).toMatchObject({
      action: 'update',
      ticket: { id: tk.id, userId: agent2.user.id },
    });
    // resolve by the owner clears commandBot
    r = await put(agent2.token, { status: 'closed', userId: agent2.user.id });
    expect(await r.json()).toMatchObject({ status: 'closed', userId: agent2.user.id });
    const [cRow] = await db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(cRow.commandBot).toBeNull();
    // reopen when no other unfinished ticket exists
    // (agent is not in queue B: the closed ticket is out of their sight)
    expect((await put(agent.token, { status: 'open' })).status).toBe(403);
    r = await put(agent2.token, { status: 'open' });
    expect(await r.json()).toMatchObject({ status: 'open', userId: agent2.user.id, queueId: qb.id });
  });

  test('accepting reads the conversation: unread back to 0, published as update then updateUnread', async () => {
    const { company, agent, w } = await world();
    const c = await makeContact(company.id);
    const tk = await makeTicket(company.id, { contactId: c.id, whatsappId: w.id, unreadMessages: 3 });
    events.length = 0;
    const r = await t.req('PUT', `/tickets/${tk.id}`, {
      token: agent.token,
      json: { status: 'open', userId: agent.user.id },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'open', userId: agent.user.id, unreadMessages: 0 });
    expect((await getTicketRowInCompany(company.id, tk.id)).unreadMessages).toBe(0);
    await tick();
    const mine = events.filter((e) => e.channel === `ticket-${company.id}`).map((e) => e.data);
    expect(mine).toEqual([
      expect.objectContaining({ action: 'update', ticket: expect.objectContaining({ unreadMessages: 0 }) }),
      { action: 'updateUnread', ticketId: tk.id },
    ]);
    // returning it to the queue does not touch the count (only an accept reads)
    await db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, tk.id));
    const r2 = await t.req('PUT', `/tickets/${tk.id}`, {
      token: agent.token,
      json: { status: 'pending', userId: null },
    });
    expect(await r2.json()).toMatchObject({ status: 'pending', unreadMessages: 2 });
  });

  test('reopen conflicts with another unfinished ticket; transfer to another connection is admin-only', async () => {
    const { company, admin, agent, qa, w } = await world();
    const w2 = await makeWhatsapp(company.id, { queueIds: [qa.id] });
    const c = await makeContact(company.id);
    const closed = await makeTicket(company.id, {
      contactId: c.id,
      status: 'closed',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    const open = await makeTicket(company.id, {
      contactId: c.id,
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    const r = await t.req('PUT', `/tickets/${closed.id}`, { token: agent.token, json: { status: 'open' } });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET' });
    const body = { transf: true, userId: agent.user.id, queueId: qa.id, whatsappId: w2.id };
    expect((await t.req('PUT', `/tickets/${open.id}`, { token: agent.token, json: body })).status).toBe(403);
    const ok = await t.req('PUT', `/tickets/${open.id}`, { token: admin.token, json: body });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ whatsappId: w2.id });
  });

  test('errors: empty body 400, Selecione uma fila, foreign ticket/queue 404, bad status 400', async () => {
    const { company, agent, qa, w } = await world();
    const c = await makeContact(company.id);
    const tk = await makeTicket(company.id, {
      contactId: c.id,
      status: 'open',
      userId: agent.user.id,
      queueId: qa.id,
      whatsappId: w.id,
    });
    expect((await t.req('PUT', `/tickets/${tk.id}`, { token: agent.token, json: {} })).status).toBe(400);
    expect((await t.req('PUT', `/tickets/${tk.id}`, { token: agent.token, json: { status: 'weird' } })).status).toBe(
      400,
    );
    const r = await t.req('PUT', `/tickets/${tk.id}`, {
      token: agent.token,
      json: { transf: true, userId: null, queueId: null },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ message: 'Selecione uma fila' });
    const other = await makeTenant();
    const oq = await makeQueue(other.company.id);
    expect(
      (
        await t.req('PUT', `/tickets/${tk.id}`, {
          token: agent.token,
          json: { transf: true, userId: null, queueId: oq.id },
        })
      ).status,
    ).toBe(404);
    const x = await t.req('PUT', `/tickets/${tk.id}`, { token: other.admin.token, json: { status: 'closed' } });
    expect(x.status).toBe(404);
  });
});

describe('DELETE /tickets/:id', () => {
  test('admin only; emits delete; other company 404', async () => {
    const { company, admin, agent, w } = await world();
    const c = await makeContact(company.id);
    const tk = await makeTicket(company.id, { contactId: c.id, whatsappId: w.id });
    expect((await t.req('DELETE', `/tickets/${tk.id}`, { token: agent.token })).status).toBe(403);
    const other = await makeTenant();
    expect((await t.req('DELETE', `/tickets/${tk.id}`, { token: other.admin.token })).status).toBe(404);
    events.length = 0;
    expect((await t.req('DELETE', `/tickets/${tk.id}`, { token: admin.token })).status).toBe(200);
    await tick();
    expect(events.find((e) => e.channel === `ticket-${company.id}`)?.data).toEqual({
      action: 'delete',
      ticketId: tk.id,
    });
    expect((await t.req('GET', `/tickets/${tk.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('POST /ticketsclosed and GET /ticketsquery', () => {
  test('bulk resolve by an admin; agents refused; a foreign id → 404 and nothing changes', async () => {
    const { company, admin, agent, qa, qb, w } = await world();
    const cs = await Promise.all([1, 2, 3].map(() => makeContact(company.id)));
    const a = await makeTicket(company.id, {
      contactId: cs[0].id,
      queueId: qa.id,
      whatsappId: w.id,
      createdAt: new Date('2024-05-02T12:00:00Z'),
    });
    const b = await makeTicket(company.id, {
      contactId: cs[1].id,
      status: 'open',
      userId: agent.user.id,
      queueId: qb.id,
      whatsappId: w.id,
      createdAt: new Date('2024-05-03T12:00:00Z'),
    });
    await makeTicket(company.id, {
      contactId: cs[2].id,
      queueId: qa.id,
      whatsappId: w.id,
      createdAt: new Date('2024-06-03T12:00:00Z'),
    });

    const q = await t.req(
      'GET',
      `/ticketsquery?initialDate=2024-05-01&finalDate=2024-05-31&selectedQueueIds=[${qa.id},${qb.id}]`,
      { token: admin.token },
    );
    expect(q.status).toBe(200);
    const { reportData } = await json<{ reportData: { tickets: number[] } }>(q);
    expect(reportData.tickets.sort()).toEqual([a.id, b.id].sort());
    const qu = await t.req(
      'GET',
      `/ticketsquery?initialDate=2024-05-01&finalDate=2024-05-31&selectedUserIds=[${agent.user.id}]`,
      { token: admin.token },
    );
    expect((await json<{ reportData: { tickets: number[] } }>(qu)).reportData.tickets).toEqual([b.id]);
    expect(
      (await t.req('GET', '/ticketsquery?initialDate=2024-05-01&finalDate=2024-05-31', { token: agent.token })).status,
    ).toBe(403);
    expect((await t.req('GET', '/ticketsquery?initialDate=x', { token: admin.token })).status).toBe(400);

    const other = await makeTenant();
    const oc = await makeContact(other.company.id);
    const foreign = await makeTicket(other.company.id, { contactId: oc.id });
    const bad = await t.req('POST', '/ticketsclosed', { token: admin.token, json: { Tickets: [a.id, foreign.id] } });
    expect(bad.status).toBe(404);
    expect((await getTicketRowInCompany(company.id, a.id)).status).toBe('pending');
    expect((await t.req('POST', '/ticketsclosed', { token: agent.token, json: { Tickets: [a.id] } })).status).toBe(403);
    expect((await t.req('POST', '/ticketsclosed', { token: admin.token, json: { Tickets: [] } })).status).toBe(400);
    const ok = await t.req('POST', '/ticketsclosed', { token: admin.token, json: { Tickets: reportData.tickets } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ count: 2 });
    const rowA = await getTicketRowInCompany(company.id, a.id);
    expect(rowA).toMatchObject({ status: 'closed', userId: admin.user.id });
  });
});

describe('POST /ticketsExport', () => {
  test('xlsx for users with allowTicketExport; link works only for the same company', async () => {
    const { company, agent, qa, w } = await world();
    const g = await makeGroup(company.id, { allowTicketExport: true });
    const exporter = await makeUser(company.id, { queueIds: [qa.id], userAuthorizationId: g.id });
    const c = await makeContact(company.id, { name: 'Cliente Export' });
    await makeTicket(company.id, {
      contactId: c.id,
      queueId: qa.id,
      whatsappId: w.id,
      lastMessage: '=cmd()',
      createdAt: new Date('2024-07-10T12:00:00Z'),
    });
    const body = { initialDate: '2024-07-01', finalDate: '2024-07-31', contact: null };
    expect((await t.req('POST', '/ticketsExport', { token: agent.token, json: body })).status).toBe(403);
    expect(
      (
        await t.req('POST', '/ticketsExport', {
          token: exporter.token,
          json: { initialDate: 'x', finalDate: '2024-07-31' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.req('POST', '/ticketsExport', {
          token: exporter.token,
          json: { initialDate: '2024-07-31', finalDate: '2024-07-01' },
        })
      ).status,
    ).toBe(400);
    const r = await t.req('POST', '/ticketsExport', { token: exporter.token, json: body });
    expect(r.status).toBe(200);
    const { url } = await json<{ url: string }>(r);
    expect(url).toMatch(/^\/ticketsExport\//);
    const dl = await t.req('GET', url, { token: agent.token });
    expect(dl.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await dl.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Protocolo');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(3).value).toBe('Cliente Export');
    expect(ws.getRow(2).getCell(9).value).toBe("'=cmd()");
    const other = await makeTenant();
    expect((await t.req('GET', url, { token: other.admin.token })).status).toBe(404);
    expect((await t.req('GET', '/ticketsExport/../../etc', { token: agent.token })).status).toBe(404);
  });
});

describe('ids beyond int4 (found by the route sweep)', () => {
  test('path, body and query ids above 2147483647 → 400 ERR_VALIDATION, not a database 500', async () => {
    const { admin } = await world();
    for (const [method, path] of [
      ['GET', '/tickets/2147483648'],
      ['PUT', '/tickets/2147483648'],
      ['DELETE', '/tickets/2147483648'],
      ['GET', '/messages/2147483648'],
      ['GET', '/tickets?queueIds=[2147483648]'],
      ['GET', '/tickets?searchContactId=99999999999'],
    ] as const) {
      const r = await t.req(method, path, {
        token: admin.token,
        json: method === 'PUT' ? { status: 'open' } : undefined,
      });
      expect({ path, status: r.status }).toEqual({ path, status: 400 });
      expect(await r.json()).toMatchObject({ error: 'ERR_VALIDATION', message: LIST_TEXTS.invalidId });
    }
    for (const json of [{ contactId: 2147483648 }, { contactId: 1, queueId: 2147483648 }]) {
      const r = await t.req('POST', '/tickets', { token: admin.token, json });
      expect(r.status).toBe(400);
    }
    const r = await t.req('POST', '/ticketsclosed', { token: admin.token, json: { Tickets: [2147483648] } });
    expect(r.status).toBe(400);
  });
});
