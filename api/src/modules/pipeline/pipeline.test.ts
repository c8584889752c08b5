import { describe, expect, spyOn, test } from 'bun:test';
import type { MessageDto, TicketDto } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { contacts, messageRawLogs, messages, tickets } from '../../db/schema';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import * as ticketsService from '../tickets/tickets.service';
import { connectedSimulator, recordEvents, startChannels, waitFor } from './pipeline.fixtures';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const pngDataUrl = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;

const { t } = useTestApp(startChannels);

const messageRows = (companyId: number, wid: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)));

async function storedMessage(companyId: number, wid: string) {
  return waitFor(async () => (await messageRows(companyId, wid))[0]);
}

describe('inbound pipeline (simulator)', () => {
  test('inbound text → contact + pending ticket + message + appMessage create and ticket update events', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const rec = recordEvents(t);
    const res = await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '+55 (11) 98888-0001', name: 'Maria Cliente', body: 'Olá, preciso de ajuda' },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(id).toBeString();

    const msg = await storedMessage(company.id, id);
    expect(msg.body).toBe('Olá, preciso de ajuda');
    expect(msg.fromMe).toBe(false);
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, msg.contactId!));
    expect(contact).toMatchObject({ companyId: company.id, number: '5511988880001', name: 'Maria Cliente' });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
    expect(ticket).toMatchObject({ status: 'pending', contactId: contact.id, whatsappId: w, unreadMessages: 1 });
    expect(ticket.lastMessage).toBe('Olá, preciso de ajuda');

    await waitFor(async () => rec.of(`appMessage-${company.id}`, 'create').length > 0);
    const created = rec.of(`appMessage-${company.id}`, 'create');
    expect(created).toHaveLength(1);
    const data = created[0].data as unknown as { message: MessageDto; ticket: TicketDto };
    expect(data.message).toMatchObject({ wid: id, body: 'Olá, preciso de ajuda', ticketId: ticket.id, fromMe: false });
    expect(data.message.contact?.name).toBe('Maria Cliente');
    expect(data.ticket).toMatchObject({ id: ticket.id, status: 'pending', unreadMessages: 1 });
    const updates = rec.of(`ticket-${company.id}`, 'update');
    expect(updates.some((e) => (e.data.ticket as TicketDto).lastMessage === 'Olá, preciso de ajuda')).toBe(true);
    expect(created[0].companyId).toBe(company.id);
    rec.off();
  });

  test('the same message id 3 times, and again after a reconnect → one message row and one create event', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const rec = recordEvents(t);
    const payload = { from: '5511977770002', name: 'João', body: 'repetida', id: 'DUP-1' };
    for (let i = 0; i < 3; i++) {
      const r = await t.req('POST', `/simulator/${w}/inbound`, { token: admin.token, json: payload });
      expect(await r.json()).toEqual({ id: 'DUP-1' });
    }
    // reconnect: the session restarts (paired: no QR) and the network redelivers
    const restart = await t.req('POST', `/whatsappsession/${w}`, { token: admin.token });
    expect(restart.status).toBe(200);
    await waitFor(async () => {
      const s = await t.req('GET', `/simulator/${w}`, { token: admin.token });
      return ((await s.json()) as { status: string }).status === 'CONNECTED';
    });
    const again = await t.req('POST', `/simulator/${w}/inbound`, { token: admin.token, json: payload });
    expect(again.status).toBe(200);

    await waitFor(async () => {
      const logs = await db
        .select()
        .from(messageRawLogs)
        .where(and(eq(messageRawLogs.companyId, company.id), eq(messageRawLogs.messageId, 'DUP-1')));
      return logs.length === 4 && logs.every((l) => l.status === 'processed') && logs;
    });
    expect(await messageRows(company.id, 'DUP-1')).toHaveLength(1);
    expect(rec.of(`appMessage-${company.id}`, 'create')).toHaveLength(1);
    rec.off();
  });

  test('a message typed on the phone itself (fromMe) shows in the ticket', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511966660003', name: 'Ana', body: 'oi', id: 'IN-3' },
    });
    const first = await storedMessage(company.id, 'IN-3');
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511966660003', body: 'respondi pelo celular', id: 'PHONE-3', fromMe: true },
    });
    const mine = await storedMessage(company.id, 'PHONE-3');
    expect(mine).toMatchObject({
      fromMe: true,
      ticketId: first.ticketId,
      body: 'respondi pelo celular',
      contactId: null,
    });
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, first.contactId!));
    expect(contact.name).toBe('Ana'); // our own pushName never renames the contact
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, first.ticketId));
    expect(ticket.unreadMessages).toBe(1); // our own message is not unread
  });

  test("a conversation the company opened from the phone waits only from the customer's first message (TME)", async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511944440005', body: 'olá, aqui é a loja', id: 'OPEN-5', fromMe: true },
    });
    const opening = await storedMessage(company.id, 'OPEN-5');
    const [held] = await db.select().from(tickets).where(eq(tickets.id, opening.ticketId));
    expect(held.status).toBe('pending');
    expect(held.queuedAt).toBeNull(); // nobody waits for a person yet: the company spoke first
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511944440005', name: 'Bia', body: 'oi, quero saber do pedido', id: 'REPLY-5' },
    });
    const reply = await storedMessage(company.id, 'REPLY-5');
    expect(reply.ticketId).toBe(opening.ticketId);
    const [waiting] = await waitFor(async () => {
      const rows = await db.select().from(tickets).where(eq(tickets.id, opening.ticketId));
      return rows[0]?.queuedAt ? rows : null;
    });
    expect(waiting.queuedAt!.getTime()).toBeGreaterThanOrEqual(held.createdAt.getTime());
    // a customer's own first message still waits from the ticket's creation
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511944440006', name: 'Caio', body: 'bom dia', id: 'IN-6' },
    });
    const customer = await storedMessage(company.id, 'IN-6');
    const [own] = await db.select().from(tickets).where(eq(tickets.id, customer.ticketId));
    expect(own.queuedAt?.getTime()).toBe(own.createdAt.getTime());
  });

  test('acks 1→4 propagate; a late lower ack never goes back', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511955550004', body: 'do celular', id: 'ACK-4', fromMe: true },
    });
    const m = await storedMessage(company.id, 'ACK-4');
    expect(m.ack).toBe(1);
    const rec = recordEvents(t);
    for (const ack of [2, 3, 4]) {
      const r = await t.req('POST', `/simulator/${w}/ack`, { token: admin.token, json: { id: 'ACK-4', ack } });
      expect(r.status).toBe(200);
      await waitFor(async () => (await messageRows(company.id, 'ACK-4'))[0].ack === ack);
    }
    await t.req('POST', `/simulator/${w}/ack`, { token: admin.token, json: { id: 'ACK-4', ack: 3 } });
    await Bun.sleep(200);
    expect((await messageRows(company.id, 'ACK-4'))[0].ack).toBe(4);
    const acks = rec.of(`appMessage-${company.id}`, 'update').map((e) => (e.data.message as MessageDto).ack);
    expect(acks).toEqual([2, 3, 4]);
    rec.off();
    const bad = await t.req('POST', `/simulator/${w}/ack`, { token: admin.token, json: { id: 'ACK-4', ack: 9 } });
    expect(bad.status).toBe(400);
  });

  test('edit, revoke, reaction and missed call are stored with their render data', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const send = (json: unknown) => t.req('POST', `/simulator/${w}/inbound`, { token: admin.token, json });
    const event = (json: unknown) => t.req('POST', `/simulator/${w}/event`, { token: admin.token, json });
    await send({ from: '5511944440005', name: 'Bia', body: 'texto original', id: 'E-1' });
    await send({ from: '5511944440005', body: 'vou apagar', id: 'E-2' });
    await storedMessage(company.id, 'E-2');

    expect((await event({ type: 'edit', id: 'E-1', body: 'texto corrigido' })).status).toBe(200);
    expect((await event({ type: 'revoke', id: 'E-2' })).status).toBe(200);
    expect((await event({ type: 'reaction', id: 'E-1', body: '👍' })).status).toBe(200);
    expect((await event({ type: 'call', id: 'CALL-1', from: '5511944440005' })).status).toBe(200);

    const edited = await waitFor(async () => {
      const [r] = await messageRows(company.id, 'E-1');
      return r.isEdited && (r.dataJson as { reactions?: unknown[] })?.reactions ? r : null;
    });
    expect(edited.body).toBe('texto corrigido');
    expect(edited.dataJson).toMatchObject({
      editHistory: [{ body: 'texto original' }],
      reactions: [{ emoji: '👍', from: '5511944440005' }],
    });
    const revoked = await waitFor(async () => (await messageRows(company.id, 'E-2')).find((r) => r.isDeleted));
    expect(revoked).toMatchObject({ isDeleted: true, deletedByContact: true });
    const call = await waitFor(async () => {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, company.id), eq(messages.mediaType, 'call_log')));
      return rows[0];
    });
    expect(call.ticketId).toBe(edited.ticketId);
    expect(typeof (call.dataJson as { at: string }).at).toBe('string');

    // bad events are a clear 400, not a 500
    const noBody = await event({ type: 'edit', id: 'E-1' });
    expect(noBody.status).toBe(400);
    expect((await noBody.json()).message).toBe('body é obrigatório para edit.');
    expect((await event({ type: 'call', id: 'x' })).status).toBe(400);
    expect((await event({ type: 'nope', id: 'x' })).status).toBe(400);
  });

  test('inbound media is stored and downloadable by the same company only', async () => {
    const { company, admin, agent } = await makeTenant();
    const other = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const r = await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511933330006', body: 'minha foto', mediaUrl: pngDataUrl, id: 'MEDIA-1' },
    });
    expect(r.status).toBe(200);
    const m = await storedMessage(company.id, 'MEDIA-1');
    expect(m.mediaType).toBe('image');
    expect(m.mediaUrl).toMatch(/^\/media\/[A-Za-z0-9_-]{32}$/);
    const ok = await t.req('GET', m.mediaUrl!, { token: agent.token });
    expect(ok.status).toBe(200);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PNG);
    expect((await t.req('GET', m.mediaUrl!, { token: other.admin.token })).status).toBe(404);
    expect((await t.req('GET', m.mediaUrl!)).status).toBe(401);

    // a type outside the allowlist is not stored, the message still arrives with the reason
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a....').toString('base64')}`;
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511933330006', mediaUrl: gif, id: 'MEDIA-2' },
    });
    const refused = await storedMessage(company.id, 'MEDIA-2');
    expect(refused.mediaUrl).toBeNull();
    expect((refused.dataJson as { mediaError: string }).mediaError).toContain('Tipo de arquivo não permitido');

    // media is never fetched from the internet
    const remote = await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511933330006', mediaUrl: 'https://example.com/x.png' },
    });
    expect(remote.status).toBe(400);
    // nor from this machine (loopback port scans, local answers stored as media): only data: URLs and the allow-list
    for (const mediaUrl of [
      `http://127.0.0.1:${t.platform.env.port}/health`,
      'http://localhost:6379/',
      'http://[::1]:5432/',
      'http://0.0.0.0:8080/',
    ]) {
      const local = await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511933330006', mediaUrl },
      });
      expect(local.status).toBe(400);
      expect((await local.json()).error).toBe('ERR_VALIDATION');
    }
    // a malformed data: URL is bad input (400 with a code), not a 500
    for (const mediaUrl of ['data:text/plain,%E0%A4%A', 'data:image/png;base64,@@@not-base64@@@', 'data:nocomma']) {
      const bad = await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511933330006', mediaUrl },
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe('ERR_VALIDATION');
    }
  });

  test('every raw event is logged before processing; a failure keeps it and reprocessing produces the message once', async () => {
    const { company, admin } = await makeTenant();
    const master = await makeUser(company.id, { profile: 'admin', master: true });
    const w = await connectedSimulator(t, admin.token);
    // the retries' backoff (0.5 + 1 + 2 + 4 s) passes on a test clock, not in real time
    const clock = new TestClock(Date.now());
    const restoreClock = useClock(clock);
    const spy = spyOn(ticketsService, 'findOrCreateTicketForInbound').mockImplementation(async () => {
      throw new Error('database hiccup');
    });
    // the batch path fails the same way, so the log goes one by one and then to its own retried job
    const batchSpy = spyOn(ticketsService, 'findOrCreateTicketsForInbound').mockImplementation(async () => {
      throw new Error('database hiccup');
    });
    try {
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511922220007', body: 'vai falhar', id: 'FAIL-1' },
      });
      const [raw] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.messageId, 'FAIL-1'));
      expect(raw).toMatchObject({
        companyId: company.id,
        whatsappId: w,
        remoteJid: '5511922220007@s.whatsapp.net',
        body: 'vai falhar',
      });
      await clock.advanceUntil(async () => (await t.platform.jobs.get(`inbound-${raw.id}`))?.state === 'failed', {
        stepMs: 250,
        maxSteps: 200,
      });
      expect((await t.platform.jobs.get(`inbound-${raw.id}`))?.attemptsMade).toBe(5);
      const [failed] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, raw.id));
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe('database hiccup');
      expect(await messageRows(company.id, 'FAIL-1')).toHaveLength(0);
    } finally {
      restoreClock();
      spy.mockRestore();
      batchSpy.mockRestore();
    }
    const [raw] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.messageId, 'FAIL-1'));
    // agents and admins may not reprocess: master only
    expect((await t.req('POST', `/reprocessMessage/${raw.id}`, { token: admin.token })).status).toBe(403);
    const re = await t.req('POST', `/reprocessMessage/${raw.id}`, { token: master.token });
    expect(re.status).toBe(200);
    expect((await re.json()).messagesBruteLog).toMatchObject({
      id: raw.id,
      status: 'processed',
      details0: 'vai falhar',
    });
    const again = await t.req('POST', `/reprocessMessage/${raw.id}`, { token: master.token });
    expect(again.status).toBe(200);
    expect(await messageRows(company.id, 'FAIL-1')).toHaveLength(1);

    const list = await t.req('GET', '/messageLogs?searchParam=vai%20falhar', { token: master.token });
    const body = (await list.json()) as { messagesBruteLogs: { id: number }[]; hasMore: boolean };
    expect(body.messagesBruteLogs.map((l) => l.id)).toContain(raw.id);
    expect(body.hasMore).toBe(false);
    expect((await t.req('GET', '/messageLogs', { token: admin.token })).status).toBe(403);
    expect((await t.req('GET', '/messageLogs')).status).toBe(401);
  });

  test('group messages are ignored when the connection disables them', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '120363000000001@g.us', participant: '5511911110008', body: 'no grupo', id: 'GRP-1' },
    });
    const raw = await waitFor(async () => {
      const [r] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.messageId, 'GRP-1'));
      return r?.status === 'processed' && r;
    });
    expect(raw.error).toBe('ignored: group messages disabled');
    expect(await messageRows(company.id, 'GRP-1')).toHaveLength(0);
  });

  test('a burst from known and new people on two connections: each message once, one ticket per conversation, exact unread counts, one greeting per new conversation, a quote of a message of the same burst resolves', async () => {
    const { company, admin } = await makeTenant();
    const w1 = await connectedSimulator(t, admin.token, { greetingMessage: 'Bem-vindo!' });
    const w2 = await connectedSimulator(t, admin.token);
    const send = (w: number, json: Record<string, unknown>) =>
      t.req('POST', `/simulator/${w}/inbound`, { token: admin.token, json });
    const phone = (i: number) => `55119333${String(i).padStart(5, '0')}`;
    // 5 people write once first (known, with open tickets on w1)
    for (let i = 0; i < 5; i++) {
      expect((await send(w1, { from: phone(i), name: `Known ${i}`, body: 'first', id: `K-${i}` })).status).toBe(200);
    }
    await waitFor(
      async () =>
        (await db.select().from(messages).where(eq(messages.companyId, company.id))).filter((m) => !m.fromMe).length ===
        5,
    );
    const rec = recordEvents(t);
    // then, all at once: 10 people (5 known, 5 new) × 3 messages each, on both connections, plus a quote of B-0-w1-0
    const burst: Promise<Response>[] = [];
    for (let i = 0; i < 10; i++) {
      for (const w of [w1, w2]) {
        for (let k = 0; k < 3; k++) {
          burst.push(send(w, { from: phone(i), name: `Person ${i}`, body: `msg ${k}`, id: `B-${i}-${w}-${k}` }));
        }
      }
    }
    burst.push(send(w1, { from: phone(0), body: 'respondendo', id: 'B-QUOTE', quotedId: `B-0-${w1}-0` }));
    expect((await Promise.all(burst)).every((r) => r.status === 200)).toBe(true);

    const rows = await waitFor(async () => {
      const r = await db.select().from(messages).where(eq(messages.companyId, company.id));
      // 5 first + 60 burst + 1 quote (greetings are ours: fromMe)
      return r.filter((m) => !m.fromMe).length === 66 && r;
    }, 20_000);
    expect(new Set(rows.map((m) => m.wid)).size).toBe(rows.length);
    const people = await db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(people).toHaveLength(10);
    const all = await db.select().from(tickets).where(eq(tickets.companyId, company.id));
    // one ticket per person and connection
    expect(all).toHaveLength(20);
    expect(new Set(all.map((tk) => `${tk.contactId}:${tk.whatsappId}`)).size).toBe(20);
    for (const tk of all) {
      const known = people.find((c) => c.id === tk.contactId)?.name.startsWith('Known');
      const expected =
        3 +
        (tk.whatsappId === w1 && known ? 1 : 0) +
        (tk.whatsappId === w1 && tk.contactId === people.find((c) => c.number === phone(0))?.id ? 1 : 0);
      expect({ ticket: tk.id, unread: tk.unreadMessages }).toEqual({ ticket: tk.id, unread: expected });
    }
    const quote = rows.find((m) => m.wid === 'B-QUOTE');
    const quoted = rows.find((m) => m.wid === `B-0-${w1}-0`);
    expect(quote?.quotedMsgId).toBe(quoted?.id as number);
    // greetings: the 5 known people when they first wrote, the 5 new ones in the burst — w1 only, once per ticket
    const greetings = await waitFor(async () => {
      const g = (await db.select().from(messages).where(eq(messages.companyId, company.id))).filter(
        (m) => m.fromMe && m.body === 'Bem-vindo!',
      );
      return g.length >= 10 && g;
    });
    await Bun.sleep(300);
    const again = (await db.select().from(messages).where(eq(messages.companyId, company.id))).filter(
      (m) => m.fromMe && m.body === 'Bem-vindo!',
    );
    expect(again).toHaveLength(10);
    expect(new Set(greetings.map((g) => g.ticketId)).size).toBe(10);
    expect(greetings.every((g) => all.find((tk) => tk.id === g.ticketId)?.whatsappId === w1)).toBe(true);
    // every stored message was announced once
    await waitFor(async () => rec.of(`appMessage-${company.id}`, 'create').length >= 61);
    const announced = rec
      .of(`appMessage-${company.id}`, 'create')
      .map((e) => (e.data.message as MessageDto).wid)
      .filter((wid) => wid.startsWith('B-'));
    expect(announced.sort()).toEqual(
      rows
        .filter((m) => m.wid.startsWith('B-'))
        .map((m) => m.wid)
        .sort(),
    );
    rec.off();
  }, 40_000);
});
