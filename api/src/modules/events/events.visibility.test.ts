/**
 * Issue 12 point 15: the live stream carries a ticket's events only to the users allowed to see that ticket (core's
 * canViewTicket: queues, allowNoQueue, pending permission, owner, admin) — through the real route, services and
 * database. Before, `/events` sent every company event to every user: the attendant of queue X received the contact's
 * number and the messages of a ticket in queue Y (the first test failed on its first `toEqual`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { events as catalogue, type TicketDto } from '@zapdesk/core';
import { configureSseHubs } from '../../platform/events/sse';
import { readSse, type SseFrame, type SseReader } from '../../platform/events/sse-test-reader';
import { emit, publishEvent } from '../../platform/index';
import { makeGroup, makeQueue, makeTenant, makeUser } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { makeContact, makeTicket, makeWhatsapp } from '../tickets/tickets.fixtures';

let t: TestApp;
beforeAll(async () => {
  configureSseHubs({ heartbeatMs: 200 });
  t = await setupTestApp();
}, 60_000);
afterAll(async () => {
  configureSseHubs({});
  await t.close();
});

const open: SseReader[] = [];
async function stream(token: string) {
  const res = await t.req('GET', '/events', { token });
  expect(res.status).toBe(200);
  const s = readSse(res);
  open.push(s);
  expect((await s.nextEvent()).event).toBe('ready');
  return s;
}

/** every event a stream got until the fence (a marker everyone receives), fence excluded */
function fence(companyId: number) {
  const tag = crypto.randomUUID();
  publishEvent({ companyId, channel: `fence-${companyId}`, data: { action: 'fence', tag } });
  return async (s: SseReader) => (await s.until((f) => f.data?.tag === tag)).slice(0, -1);
}
const ticketFrames = (frames: SseFrame[], companyId: number) =>
  frames.filter((f) => f.event === `ticket-${companyId}` || f.event === `appMessage-${companyId}`);

async function world() {
  const { company, admin } = await makeTenant();
  const X = await makeQueue(company.id, { name: 'X' });
  const Y = await makeQueue(company.id, { name: 'Y' });
  const group = await makeGroup(company.id, { allowNoQueue: false, allowViewPendingTickets: true });
  const a = await makeUser(company.id, { queueIds: [X.id], userAuthorizationId: group.id });
  const w = await makeWhatsapp(company.id, { queueIds: [X.id, Y.id], isDefault: true });
  const contact = await makeContact(company.id, { name: 'Cliente Sigiloso', number: '5511999990001' });
  const ticket = await makeTicket(company.id, {
    contactId: contact.id,
    status: 'pending',
    queueId: Y.id,
    whatsappId: w.id,
  });
  return { company, admin, a, X, Y, group, ticket };
}

describe('GET /events: each ticket event reaches only the users allowed to see its ticket', () => {
  test('attendant of queue X gets no content of a ticket in queue Y; the admin does; a move into X shows it', async () => {
    const { company, admin, a, X, Y, ticket } = await world();
    const sa = await stream(a.token);
    const sadm = await stream(admin.token);

    // a change of the ticket in Y (tag sync → ticket update), and a message on it
    expect((await t.req('PUT', `/tickets/${ticket.id}`, { token: admin.token, json: { queueId: Y.id } })).status).toBe(
      200,
    );
    const dto = (await (await t.req('GET', `/tickets/${ticket.id}`, { token: admin.token })).json()) as TicketDto;
    emit({
      companyId: company.id,
      channel: catalogue.appMessage.of(company.id),
      data: {
        action: 'create',
        message: { id: 1, ticketId: ticket.id, body: 'segredo do cliente' } as never,
        ticket: dto,
        contact: dto.contact,
      },
    });
    let done = fence(company.id);
    const gotA = ticketFrames(await done(sa), company.id);
    const gotAdmin = ticketFrames(await done(sadm), company.id);
    // the attendant: only the id-only stand-in (drop it from your lists), never the number or the body
    expect(gotA.map((f) => f.data)).toEqual([{ action: 'delete', ticketId: ticket.id }]);
    expect(JSON.stringify(gotA)).not.toContain('5511999990001');
    expect(gotAdmin.map((f) => `${f.event}:${f.data.action}`)).toEqual([
      `ticket-${company.id}:update`,
      `appMessage-${company.id}:create`,
    ]);
    expect(gotAdmin[1].data.message.body).toBe('segredo do cliente');

    // the same ticket API answers the attendant 403: the stream agrees with it
    expect((await t.req('GET', `/tickets/${ticket.id}`, { token: a.token })).status).toBe(403);

    // moved into X: now the attendant sees it, whole
    expect((await t.req('PUT', `/tickets/${ticket.id}`, { token: admin.token, json: { queueId: X.id } })).status).toBe(
      200,
    );
    done = fence(company.id);
    const nowA = ticketFrames(await done(sa), company.id);
    expect(nowA.map((f) => f.data.action)).toEqual(['update']);
    expect(nowA[0].data.ticket.contact.number).toBe('5511999990001');
    await done(sadm);
  });

  test('editing the attendant’s queues (PUT /users/{id}) takes effect on the open stream', async () => {
    const { company, admin, a, X, Y, ticket } = await world();
    const sa = await stream(a.token);
    const update = () => t.req('PUT', `/tickets/${ticket.id}`, { token: admin.token, json: { queueId: Y.id } });

    expect((await update()).status).toBe(200);
    let done = fence(company.id);
    expect(ticketFrames(await done(sa), company.id).map((f) => f.data.action)).toEqual(['delete']);

    const r = await t.req('PUT', `/users/${a.user.id}`, { token: admin.token, json: { queueIds: [X.id, Y.id] } });
    expect(r.status).toBe(200);
    expect((await update()).status).toBe(200);
    done = fence(company.id);
    const after = ticketFrames(await done(sa), company.id);
    expect(after.map((f) => f.data.action)).toEqual(['update']);
    expect(after[0].data.ticket.id).toBe(ticket.id);

    // and back: queue Y taken away
    expect((await t.req('PUT', `/users/${a.user.id}`, { token: admin.token, json: { queueIds: [X.id] } })).status).toBe(
      200,
    );
    expect((await update()).status).toBe(200);
    done = fence(company.id);
    expect(ticketFrames(await done(sa), company.id).map((f) => f.data.action)).toEqual(['delete']);
  });

  test('the group’s pending permission and allowNoQueue, edited, take effect on its members’ streams', async () => {
    const { company, admin, a, X, group, ticket } = await world();
    // in the attendant's queue, but pending
    expect((await t.req('PUT', `/tickets/${ticket.id}`, { token: admin.token, json: { queueId: X.id } })).status).toBe(
      200,
    );
    const sa = await stream(a.token);
    const edit = (json: Record<string, unknown>) =>
      t.req('PUT', `/usersAuthorizations/${group.id}`, { token: admin.token, json });
    // a ticket update the tickets API emits for any ticket: syncing its (no) tags
    const touch = (id: number) => t.req('POST', '/tags/sync', { token: admin.token, json: { ticketId: id, tags: [] } });
    const noQueue = await makeTicket(company.id, { contactId: ticket.contactId, status: 'closed', queueId: null });

    expect((await edit({ allowViewPendingTickets: false })).status).toBe(200);
    expect((await touch(ticket.id)).status).toBe(200);
    expect((await touch(noQueue.id)).status).toBe(200);
    let done = fence(company.id);
    expect(ticketFrames(await done(sa), company.id).map((f) => f.data.action)).toEqual(['delete', 'delete']);

    expect((await edit({ allowViewPendingTickets: true, allowNoQueue: true })).status).toBe(200);
    expect((await touch(ticket.id)).status).toBe(200);
    expect((await touch(noQueue.id)).status).toBe(200);
    done = fence(company.id);
    const got = ticketFrames(await done(sa), company.id);
    expect(got.map((f) => `${f.data.action}:${f.data.ticket?.id}`)).toEqual([
      `update:${ticket.id}`,
      `update:${noQueue.id}`,
    ]);
  });

  test('a ticket assigned to the attendant reaches them whatever its queue (owner rule)', async () => {
    const { company, admin, a, Y, ticket } = await world();
    const sa = await stream(a.token);
    const r = await t.req('PUT', `/tickets/${ticket.id}`, {
      token: admin.token,
      json: { status: 'open', userId: a.user.id, queueId: Y.id },
    });
    expect(r.status).toBe(200);
    const done = fence(company.id);
    const got = ticketFrames(await done(sa), company.id);
    expect(got.map((f) => f.data.action)).toContain('update');
    expect(got.every((f) => f.data.action !== 'delete')).toBe(true);
  });
});
