import { describe, expect, spyOn, test } from 'bun:test';
import { DomainError, type MessageDto } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { locations, messages, tickets, userAuthorizations } from '../../db/schema';
import { runSessionOpHere, setRelayTransport } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import { db } from '../../platform/db';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, recordEvents, startChannels, waitFor } from '../pipeline/pipeline.fixtures';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const { t } = useTestApp(startChannels);

type Outbox = { id: string; to: string; body: string; mediaType: string | null; createdAt: string; deleted: boolean }[];

/** a tenant with a connected simulator and an OPEN ticket of `number` assigned to the agent */
async function openTicket(number = '5511987650001', agentOverrides: Parameters<typeof makeUser>[1] = {}) {
  const tenant = await makeTenant();
  const agent = await makeUser(tenant.company.id, { profile: 'user', ...agentOverrides });
  const w = await connectedSimulator(t, tenant.admin.token);
  const wid = `IN-${Math.random().toString(36).slice(2)}`;
  await t.req('POST', `/simulator/${w}/inbound`, {
    token: tenant.admin.token,
    json: { from: number, name: 'Cliente', body: 'oi', id: wid },
  });
  const inbound = await waitFor(async () => (await db.select().from(messages).where(eq(messages.wid, wid)))[0]);
  await db.update(tickets).set({ status: 'open', userId: agent.user.id }).where(eq(tickets.id, inbound.ticketId));
  return { ...tenant, agent, w, ticketId: inbound.ticketId, inbound };
}

const outbox = async (token: string, w: number, to?: string) =>
  (await (await t.req('GET', `/simulator/${w}/outbox${to ? `?to=${to}` : ''}`, { token })).json()) as Outbox;

describe('outbound messages', () => {
  test('text with a quote reaches the simulator outbox, is stored and published', async () => {
    const s = await openTicket();
    const rec = recordEvents(t);
    const res = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
      token: s.agent.token,
      json: { body: 'Olá! Como posso ajudar?', read: 1, fromMe: true, mediaUrl: '', quotedMsg: { id: s.inbound.id } },
    });
    expect(res.status).toBe(200);
    const [m] = ((await res.json()) as { messages: MessageDto[] }).messages;
    expect(m).toMatchObject({
      body: 'Olá! Como posso ajudar?',
      fromMe: true,
      ack: 1,
      userId: s.agent.user.id,
      quotedMsgId: s.inbound.id,
    });
    expect(m.quotedMsg).toMatchObject({ id: s.inbound.id, body: 'oi' });
    const box = await outbox(s.admin.token, s.w, '5511987650001');
    expect(box).toHaveLength(1);
    expect(box[0]).toMatchObject({ id: m.wid, to: '5511987650001', body: 'Olá! Como posso ajudar?', mediaType: null });
    expect(rec.of(`appMessage-${s.company.id}`, 'create').map((e) => (e.data.message as MessageDto).id)).toEqual([
      m.id,
    ]);
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, s.ticketId));
    expect(ticket.lastMessage).toBe('Olá! Como posso ajudar?');
    rec.off();

    // the contact reads it: the ack flows back to the stored message
    await t.req('POST', `/simulator/${s.w}/ack`, { token: s.admin.token, json: { id: m.wid, ack: 4 } });
    await waitFor(async () => (await db.select().from(messages).where(eq(messages.id, m.id)))[0].ack === 4);
  });

  test('a relayed send whose answer is lost: the owner still stores, previews and publishes the message', async () => {
    const s = await openTicket('5511987650077');
    const manager = sessionManager() as unknown as { live: Map<number, unknown> };
    const entry = manager.live.get(s.w);
    expect(entry).toBeTruthy();
    // the session runs "in another process": this one does not see it; the transport plays the owner (which sends
    // and records), then the answer never comes back
    setRelayTransport(t.platform, {
      ownerElsewhere: async () => 'owner-elsewhere',
      request: async (_address, call, opts) => {
        manager.live.set(s.w, entry);
        try {
          await runSessionOpHere(call.connId, call.op, call.args);
        } finally {
          manager.live.delete(s.w);
        }
        throw new DomainError(opts.timeoutError);
      },
    });
    manager.live.delete(s.w);
    const rec = recordEvents(t);
    try {
      const res = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
        token: s.agent.token,
        json: { body: 'Chegou meu recado?' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG' });
    } finally {
      manager.live.set(s.w, entry);
      setRelayTransport(t.platform, undefined);
    }
    const stored = await db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, s.ticketId), eq(messages.body, 'Chegou meu recado?')));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ fromMe: true, ack: 1, userId: s.agent.user.id });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, s.ticketId));
    expect(ticket.lastMessage).toBe('Chegou meu recado?');
    const published = rec.of(`appMessage-${s.company.id}`, 'create').map((e) => (e.data.message as MessageDto).body);
    expect(published).toContain('Chegou meu recado?');
    rec.off();
  });

  test('signature: bold name when the user has signMessage and the group allows it', async () => {
    const s = await openTicket('5511987650002', { signMessage: true, name: 'Carla Atendente' });
    const r = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
      token: s.agent.token,
      json: { body: 'Bom dia' },
    });
    expect(((await r.json()) as { messages: MessageDto[] }).messages[0].body).toBe('*Carla Atendente*:\nBom dia');

    const group = (
      await db
        .insert(userAuthorizations)
        .values({ companyId: s.company.id, name: 'Sem assinatura', disableSignature: true })
        .returning()
    )[0];
    const other = await makeUser(s.company.id, { signMessage: true, userAuthorizationId: group.id, name: 'Davi' });
    await db.update(tickets).set({ userId: other.user.id }).where(eq(tickets.id, s.ticketId));
    const r2 = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
      token: other.token,
      json: { body: 'Boa tarde' },
    });
    expect(((await r2.json()) as { messages: MessageDto[] }).messages[0].body).toBe('Boa tarde');
    const box = await outbox(s.admin.token, s.w, '5511987650002');
    expect(box.map((b) => b.body)).toEqual(['*Carla Atendente*:\nBom dia', 'Boa tarde']);
  });

  test('location by locationId; multipart medias with body; refused attachment sends nothing', async () => {
    const s = await openTicket('5511987650003');
    const [loc] = await db
      .insert(locations)
      .values({ companyId: s.company.id, name: 'Loja Centro', latitude: -23.55, longitude: -46.63 })
      .returning();
    const r = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
      token: s.agent.token,
      json: { locationId: loc.id, ticketId: s.ticketId },
    });
    expect(r.status).toBe(200);
    const [m] = ((await r.json()) as { messages: MessageDto[] }).messages;
    // stored as an inbound location is: the name, then the maps link (the bubble shows the map and the name)
    expect(m).toMatchObject({
      mediaType: 'location',
      body: 'Loja Centro\nhttps://maps.google.com/maps?q=-23.55%2C-46.63&z=17',
      dataJson: { latitude: -23.55, longitude: -46.63, name: 'Loja Centro', locationId: loc.id },
    });
    const foreignLoc = (
      await db
        .insert(locations)
        .values({ companyId: (await makeTenant()).company.id, name: 'X', latitude: 0, longitude: 0 })
        .returning()
    )[0];
    expect(
      (
        await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
          token: s.agent.token,
          json: { locationId: foreignLoc.id },
        })
      ).status,
    ).toBe(404);

    const form = new FormData();
    form.append('medias', new File([PNG], 'foto.png', { type: 'image/png' }));
    form.append(
      'medias',
      new File([new TextEncoder().encode('%PDF-1.4 x')], 'contrato.pdf', { type: 'application/pdf' }),
    );
    form.append('body', 'Seguem os arquivos');
    form.append('fromMe', 'true');
    const up = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, { token: s.agent.token, body: form });
    expect(up.status).toBe(200);
    const sent = ((await up.json()) as { messages: MessageDto[] }).messages;
    expect(sent.map((x) => [x.mediaType, x.body])).toEqual([
      ['image', 'Seguem os arquivos'],
      ['document', ''],
    ]);
    const file = await t.req('GET', sent[0].mediaUrl!, { token: s.agent.token });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

    const before = (await outbox(s.admin.token, s.w)).length;
    const bad = new FormData();
    bad.append('medias', new File([PNG], 'ok.png', { type: 'image/png' }));
    bad.append('medias', new File([new TextEncoder().encode('MZ executable')], 'virus.png', { type: 'image/png' }));
    const refused = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, { token: s.agent.token, body: bad });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.');
    expect((await outbox(s.admin.token, s.w)).length).toBe(before);
  });

  test('rules: empty text, pending ticket, other attendant, no connection, not connected, other company', async () => {
    const s = await openTicket('5511987650004');
    const send = (token: string, json: unknown, ticketId = s.ticketId, companyId = s.company.id) =>
      t.req('POST', `/messages/${ticketId}/${companyId}`, { token, json });
    const empty = await send(s.agent.token, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('A mensagem não pode estar vazia.');
    expect((await send(s.agent.token, { body: 'x', quotedMsg: { id: 999999 } })).status).toBe(400);
    // NUL characters and ids beyond int4 are bad input, refused before the database (found by the route sweep)
    for (const json of [{ body: 'a\u0000b' }, { body: 'x', quotedMsg: 2147483648 }, { locationId: 2147483648 }]) {
      const r = await send(s.agent.token, json);
      expect(r.status).toBe(400);
      expect((await r.json()).error).toBe('ERR_VALIDATION');
    }
    const form = new FormData();
    form.append('medias', new File([PNG], 'foto.png', { type: 'image/png' }));
    form.append('body', 'legenda\u0000');
    const nulCaption = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
      token: s.agent.token,
      body: form,
    });
    expect(nulCaption.status).toBe(400);
    expect((await nulCaption.json()).message).toBe('Caractere inválido');

    const stranger = await makeUser(s.company.id, { profile: 'user' });
    expect((await send(stranger.token, { body: 'oi' })).status).toBe(403);

    await db.update(tickets).set({ status: 'pending' }).where(eq(tickets.id, s.ticketId));
    const pending = await send(s.agent.token, { body: 'oi' });
    expect(pending.status).toBe(400);
    expect((await pending.json()).message).toBe('O ticket precisa estar aberto para enviar mensagens.');
    await db.update(tickets).set({ status: 'open' }).where(eq(tickets.id, s.ticketId));

    const other = await makeTenant();
    expect((await send(other.admin.token, { body: 'oi' })).status).toBe(404);
    expect((await send(other.admin.token, { body: 'oi' }, s.ticketId, other.company.id)).status).toBe(404);
    expect((await send(s.agent.token, { body: 'oi' }, s.ticketId, other.company.id)).status).toBe(404);
    expect((await send('', { body: 'oi' })).status).toBe(401);

    // the network refuses: ERR_SENDING_WAPP_MSG
    const session = sessionManager().get(s.w)!;
    const spy = spyOn(session, 'sendMessage').mockImplementationOnce(async () => {
      throw new Error('socket closed');
    });
    const failed = await send(s.agent.token, { body: 'oi' });
    expect(failed.status).toBe(400);
    expect((await failed.json()).error).toBe('ERR_SENDING_WAPP_MSG');
    spy.mockRestore();

    await t.req('POST', `/simulator/${s.w}/disconnect`, { token: s.admin.token });
    const down = await send(s.agent.token, { body: 'oi' });
    expect((await down.json()).error).toBe('ERR_WAPP_NOT_INITIALIZED');

    await db.update(tickets).set({ whatsappId: null }).where(eq(tickets.id, s.ticketId));
    const noConn = await send(s.agent.token, { body: 'oi' });
    expect(noConn.status).toBe(400);
    expect(await noConn.json()).toMatchObject({
      error: 'ERR_WAPP_NOT_INITIALIZED',
      message: 'Transfira para uma conexão para atender este ticket',
    });
  });

  test('delete for everyone: own messages only, in the same company', async () => {
    const s = await openTicket('5511987650005');
    const r = await t.req('POST', `/messages/${s.ticketId}/${s.company.id}`, {
      token: s.agent.token,
      json: { body: 'apagar isto' },
    });
    const [m] = ((await r.json()) as { messages: MessageDto[] }).messages;
    const other = await makeTenant();
    expect((await t.req('DELETE', `/messages/${m.id}/whatsapp`, { token: other.admin.token })).status).toBe(404);
    expect((await t.req('DELETE', `/messages/${m.id}/telegram`, { token: s.agent.token })).status).toBe(400);
    const theirs = await t.req('DELETE', `/messages/${s.inbound.id}/whatsapp`, { token: s.agent.token });
    expect((await theirs.json()).error).toBe('ERR_DELETE_WAPP_MSG');
    const rec = recordEvents(t);
    const del = await t.req('DELETE', `/messages/${m.id}/whatsapp`, { token: s.agent.token });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { message: MessageDto }).message).toMatchObject({
      isDeleted: true,
      deletedByContact: false,
    });
    expect(rec.of(`appMessage-${s.company.id}`, 'update')).toHaveLength(1);
    rec.off();
    const box = await outbox(s.admin.token, s.w, '5511987650005');
    expect(box.find((b) => b.id === m.wid)?.deleted).toBe(true);
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, m.id), eq(messages.companyId, s.company.id)));
    expect(row.isDeleted).toBe(true);
  });

  test('greeting of the connection is sent to a new ticket', async () => {
    const { admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token, { greetingMessage: 'Olá {{name}}, protocolo {{protocol}}.' });
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511987650006', name: 'Rita', body: 'oi', id: 'G-1' },
    });
    const box = await waitFor(async () => {
      const b = await outbox(admin.token, w, '5511987650006');
      return b.length > 0 && b;
    });
    expect(box[0].body).toMatch(/^Olá Rita, protocolo \S+\.$/);
    // a second message on the same ticket does not greet again
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511987650006', body: 'oi de novo', id: 'G-2' },
    });
    await waitFor(async () => (await db.select().from(messages).where(eq(messages.wid, 'G-2')))[0]);
    await Bun.sleep(100);
    expect(await outbox(admin.token, w, '5511987650006')).toHaveLength(1);
  });
});
