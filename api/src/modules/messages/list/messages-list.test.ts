import { describe, expect, test } from 'bun:test';
import type { MessageDto } from '@zapdesk/core';
import { countStatements } from '../../../platform/db';
import { makeGroup, makeQueue, makeTenant, makeUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { makeContact, makeMessage, makeTicket, makeWhatsapp } from '../../tickets/tickets.fixtures';
import { getTicketRowInCompany } from '../../tickets/tickets.repo';

const { t, events } = useTestApp();

type Page = { messages: MessageDto[]; hasMore: boolean };

async function setup(viewMessagesByTicket = 0) {
  const { company, admin } = await makeTenant();
  const q = await makeQueue(company.id);
  const w = await makeWhatsapp(company.id, { queueIds: [q.id] });
  const g = await makeGroup(company.id, { viewMessagesByTicket });
  const me = await makeUser(company.id, { queueIds: [q.id], userAuthorizationId: g.id });
  const other = await makeUser(company.id, { queueIds: [q.id] });
  const contact = await makeContact(company.id);
  const old = await makeTicket(company.id, {
    contactId: contact.id,
    status: 'closed',
    userId: other.user.id,
    queueId: q.id,
    whatsappId: w.id,
  });
  const mineOld = await makeTicket(company.id, {
    contactId: contact.id,
    status: 'closed',
    userId: me.user.id,
    queueId: q.id,
    whatsappId: w.id,
  });
  const cur = await makeTicket(company.id, {
    contactId: contact.id,
    status: 'open',
    userId: me.user.id,
    queueId: q.id,
    whatsappId: w.id,
    unreadMessages: 3,
  });
  const base = Date.UTC(2024, 0, 1);
  await makeMessage(company.id, old.id, {
    body: 'mensagem antiga de outro atendente',
    contactId: contact.id,
    createdAt: new Date(base),
  });
  await makeMessage(company.id, mineOld.id, { body: 'mensagem antiga minha', createdAt: new Date(base + 1000) });
  const quoted = await makeMessage(company.id, cur.id, {
    body: 'pergunta original',
    contactId: contact.id,
    createdAt: new Date(base + 2000),
  });
  for (let i = 0; i < 25; i++) {
    await makeMessage(company.id, cur.id, {
      body: i === 10 ? 'segue o comprovante do pagamento' : `msg ${i}`,
      fromMe: i % 2 === 0,
      contactId: i % 2 ? contact.id : null,
      quotedMsgId: i === 24 ? quoted.id : null,
      createdAt: new Date(base + 3000 + i * 1000),
    });
  }
  return { company, admin, me, other, contact, cur, old, mineOld };
}

const page = async (token: string, ticketId: number, qs = ''): Promise<Page> => {
  const r = await t.req('GET', `/messages/${ticketId}?${qs}`, { token });
  expect(r.status).toBe(200);
  return (await r.json()) as Page;
};

describe('GET /messages/:ticketId', () => {
  test('mode 2 (by ticket): pages of 20, newest page first, oldest first inside; quoted and contact joined', async () => {
    const s = await setup(2);
    const p1 = await page(s.me.token, s.cur.id);
    expect(p1.messages.length).toBe(20);
    expect(p1.hasMore).toBe(true);
    expect(p1.messages.at(-1)?.body).toBe('msg 24');
    expect(p1.messages.at(-1)?.quotedMsg).toMatchObject({ body: 'pergunta original' });
    expect(p1.messages.at(-2)?.contact).toMatchObject({ id: s.contact.id });
    expect(p1.messages[0].createdAt < p1.messages[1].createdAt).toBe(true);
    const p2 = await page(s.me.token, s.cur.id, 'pageNumber=2');
    expect(p2.hasMore).toBe(false);
    expect(p2.messages.map((m) => m.body)).toEqual(['pergunta original', 'msg 0', 'msg 1', 'msg 2', 'msg 3', 'msg 4']);
  });

  test('mode 0 shows every message of the contact; mode 1 only the user’s tickets', async () => {
    const s0 = await setup(0);
    const all = await page(s0.me.token, s0.cur.id, 'pageNumber=2');
    expect(all.messages.map((m) => m.body).slice(0, 2)).toEqual([
      'mensagem antiga de outro atendente',
      'mensagem antiga minha',
    ]);
    const s1 = await setup(1);
    const mine = await page(s1.me.token, s1.cur.id, 'pageNumber=2');
    expect(mine.messages[0].body).toBe('mensagem antiga minha');
    expect(mine.messages.some((m) => m.body.includes('outro atendente'))).toBe(false);
  });

  test('search uses the full-text index and needs more than 2 characters', async () => {
    const s = await setup(2);
    const r = await page(s.me.token, s.cur.id, `searchTerm=${encodeURIComponent('comprovante pag')}`);
    expect(r.messages.map((m) => m.body)).toEqual(['segue o comprovante do pagamento']);
    const short = await page(s.me.token, s.cur.id, 'searchTerm=ab');
    expect(short.messages.length).toBe(20);
  });

  test('search: word prefixes, case and accents ignored, across the tickets the mode shows, paged', async () => {
    const s0 = await setup(0);
    const all = await page(s0.me.token, s0.cur.id, 'searchTerm=ANTIGA');
    expect(all.messages.map((m) => m.body)).toEqual(['mensagem antiga de outro atendente', 'mensagem antiga minha']);
    const s1 = await setup(1);
    const mine = await page(s1.me.token, s1.cur.id, 'searchTerm=antiga');
    expect(mine.messages.map((m) => m.body)).toEqual(['mensagem antiga minha']);
    const s2 = await setup(2);
    expect((await page(s2.me.token, s2.cur.id, 'searchTerm=antiga')).messages).toEqual([]);
    await makeMessage(s2.company.id, s2.cur.id, { body: 'Atenção: cobrança em aberto' });
    const accents = await page(s2.me.token, s2.cur.id, `searchTerm=${encodeURIComponent('atencao COBRAN')}`);
    expect(accents.messages.map((m) => m.body)).toEqual(['Atenção: cobrança em aberto']);
    // 24 'msg N' bodies: 20 on page 1 (the newest), 4 on page 2
    const p1 = await page(s2.me.token, s2.cur.id, 'searchTerm=msg');
    expect({ n: p1.messages.length, hasMore: p1.hasMore, last: p1.messages.at(-1)?.body }).toEqual({
      n: 20,
      hasMore: true,
      last: 'msg 24',
    });
    const p2 = await page(s2.me.token, s2.cur.id, 'searchTerm=msg&pageNumber=2');
    expect(p2.messages.map((m) => m.body)).toEqual(['msg 0', 'msg 1', 'msg 2', 'msg 3']);
    expect(p2.hasMore).toBe(false);
  });

  test('opening page 1 of one’s own ticket clears unread and publishes updateUnread', async () => {
    const s = await setup(2);
    events.length = 0;
    await page(s.me.token, s.cur.id);
    expect((await getTicketRowInCompany(s.company.id, s.cur.id)).unreadMessages).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    expect(events.find((e) => e.channel === `ticket-${s.company.id}`)?.data).toEqual({
      action: 'updateUnread',
      ticketId: s.cur.id,
    });
  });

  test('bounded statements per page', async () => {
    const s = await setup(0);
    await page(s.admin.token, s.cur.id);
    const c = await countStatements(() => t.req('GET', `/messages/${s.cur.id}?pageNumber=1`, { token: s.admin.token }));
    expect(c.result.status).toBe(200);
    expect(c.count).toBeLessThanOrEqual(3);
  });

  test('errors: another company 404, no permission 403, bad params 400, no token 401', async () => {
    const s = await setup(0);
    const other = await makeTenant();
    const r = await t.req('GET', `/messages/${s.cur.id}`, { token: other.admin.token });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });
    // a user outside the ticket's queue who does not own it
    const outsider = await makeUser(s.company.id, { queueIds: [] });
    const g = await makeGroup(s.company.id, { allowNoQueue: false });
    const outsider2 = await makeUser(s.company.id, { queueIds: [], userAuthorizationId: g.id });
    expect((await t.req('GET', `/messages/${s.cur.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.req('GET', `/messages/${s.cur.id}`, { token: outsider2.token })).status).toBe(403);
    expect((await t.req('GET', '/messages/abc', { token: s.me.token })).status).toBe(400);
    expect((await t.req('GET', `/messages/${s.cur.id}?pageNumber=-1`, { token: s.me.token })).status).toBe(400);
    expect((await t.req('GET', `/messages/${s.cur.id}`)).status).toBe(401);
  });
});
