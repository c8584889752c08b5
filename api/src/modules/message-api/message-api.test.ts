import { describe, expect, spyOn, test } from 'bun:test';
import {
  type ApiTokenCreatedDto,
  ApiTokenInput,
  MESSAGE_API_TEXTS,
  partialSendText,
  type SendMessageApiAnswer,
  TICKET_CREATE_OR_UPDATE,
  TICKET_SET_STATUSES,
} from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { apiTokenCalls, companies, contacts, messages, tickets, whatsapps } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { sessionManager } from '../../platform/channels/session-manager';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeTenant } from '../../test/factories';
import { PNG } from '../../test/route-sweep.fixtures';
import { useTestApp } from '../../test/use-test-app';
import { createApiTokenForCompany } from '../api-tokens/api-tokens.service';
import { connectedSimulator, recordEvents, startChannels } from '../pipeline/pipeline.fixtures';
import { makeContact, makeTicket } from '../tickets/tickets.fixtures';
import * as ticketsService from '../tickets/tickets.service';
import { IDEMPOTENCY_POLL_MS, IDEMPOTENCY_TTL_MS, IDEMPOTENCY_WAIT_MS } from './message-api.service';

const { t } = useTestApp(startChannels);

type Tenant = Awaited<ReturnType<typeof makeTenant>> & { defaultConn: number; apiConn: number };
type Outbox = { id: string; to: string; body: string; mediaType: string | null }[];

let seq = 0;
/** a unique simulator number with WhatsApp */
const nextNumber = () => `55119${String(70000000 + ++seq * 37).padStart(8, '0')}`;

async function tenant(): Promise<Tenant> {
  const x = await makeTenant();
  // the first connection is the company's default; the API uses a second one
  const defaultConn = await connectedSimulator(t, x.admin.token, { name: 'Principal' });
  const apiConn = await connectedSimulator(t, x.admin.token, { name: 'API' });
  return { ...x, defaultConn, apiConn };
}

async function token(x: Tenant, settings: Record<string, unknown> = {}): Promise<ApiTokenCreatedDto> {
  return createApiTokenForCompany(
    x.company.id,
    ApiTokenInput.parse({ name: `Token ${++seq}`, whatsappId: x.apiConn, ...settings }),
  );
}

const sendText = (secret: string | undefined, json: unknown, headers: Record<string, string> = {}) =>
  t.req('POST', '/api/messages/send/text', { token: secret, json, headers });

async function sendMedia(secret: string, fields: Record<string, string>, files: { data: Uint8Array; name: string }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('medias', new File([new Uint8Array(f.data)], f.name));
  return t.req('POST', '/api/messages/send/media', { token: secret, body: form });
}

const outbox = async (x: Tenant, number: string) =>
  (await (
    await t.req('GET', `/simulator/${x.apiConn}/outbox?to=${number}`, { token: x.admin.token })
  ).json()) as Outbox;
const contactOf = async (companyId: number, number: string) =>
  (
    await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
  )[0];
const ticketRow = async (id: number) => (await db.select().from(tickets).where(eq(tickets.id, id)))[0];
const callsOf = (tokenId: number) => db.select().from(apiTokenCalls).where(eq(apiTokenCalls.tokenId, tokenId));

describe('message API: sending (real database, simulator)', () => {
  test('text: answered after WhatsApp accepted; contact, ticket, stored message, live events, call recorded', async () => {
    const x = await tenant();
    const tok = await token(x);
    const number = nextNumber();
    const rec = recordEvents(t);
    const res = await sendText(tok.plainToken, {
      contactNumber: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`,
      contactName: 'Maria API',
      body: 'Seu boleto vence amanhã.',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SendMessageApiAnswer;
    const contact = await contactOf(x.company.id, number);
    expect(contact).toMatchObject({ name: 'Maria API' });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    expect(body).toEqual({
      ticketUrl: `${t.platform.env.frontendUrl}/tickets/${ticket.uuid}`,
      ticketProtocol: ticket.protocol,
      contactName: 'Maria API',
      contactNumber: number,
      ticketStatus: 'closed',
      messageId: expect.any(String),
    });
    expect(ticket).toMatchObject({ status: 'closed', whatsappId: x.apiConn, companyId: x.company.id });
    const box = await outbox(x, number);
    expect(box.map((m) => [m.id, m.body])).toEqual([[body.messageId, 'Seu boleto vence amanhã.']]);
    const [stored] = await db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored).toMatchObject({ wid: body.messageId, fromMe: true, body: 'Seu boleto vence amanhã.' });
    expect(rec.of(`appMessage-${x.company.id}`, 'create')).toHaveLength(1);
    rec.off();
    const calls = await callsOf(tok.id);
    expect(calls).toMatchObject([
      { number, statusCode: 200, errorCode: null, messageId: body.messageId, route: '/api/messages/send/text' },
    ]);
    const list = await (await t.req('GET', '/ApiSendMessageToken', { token: x.admin.token })).json();
    const row = list.apiSendMessageTokens.find((r: { id: number }) => r.id === tok.id);
    expect(row.callCount).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    // an existing contact keeps its name when contactName is absent
    const again = await sendText(tok.plainToken, { contactNumber: number, body: 'Outra.' });
    expect((await again.json()).contactName).toBe('Maria API');
  });

  for (const mode of TICKET_CREATE_OR_UPDATE) {
    for (const status of TICKET_SET_STATUSES) {
      test(`ticket mode ${mode} × status after send ${status}`, async () => {
        const x = await tenant();
        const tok = await token(x, { ticketCreateOrUpdate: mode, ticketSetStatus: status, userId: x.agent.user.id });
        const number = nextNumber();
        const contact = await makeContact(x.company.id, { number, name: 'Cliente Antigo' });
        const before = await makeTicket(x.company.id, {
          contactId: contact.id,
          status: 'pending',
          whatsappId: x.apiConn,
        });
        const rec = recordEvents(t);
        const res = await sendText(tok.plainToken, { contactNumber: number, body: `modo ${mode} ${status}` });
        expect(res.status).toBe(200);
        const body = (await res.json()) as SendMessageApiAnswer;
        expect(body.ticketStatus).toBe(status);
        expect(body.contactName).toBe('Cliente Antigo');
        expect((await outbox(x, number)).map((m) => m.body)).toEqual([`modo ${mode} ${status}`]);
        const all = await db.select().from(tickets).where(eq(tickets.contactId, contact.id)).orderBy(tickets.id);
        const deleted = rec.of(`ticket-${x.company.id}`, 'delete').map((e) => e.data.ticketId as number);
        const used =
          mode === 'update' ? before.id : status === 'destroy' ? deleted[0] : all.find((r) => r.id !== before.id)?.id;
        if (mode === 'create') {
          // create: always a new ticket (the unfinished one is closed)
          expect(used).toBeNumber();
          expect(used).not.toBe(before.id);
          expect(all.find((r) => r.id === before.id)?.status).toBe('closed');
        }
        if (status === 'destroy') {
          // the ticket the message went in is deleted after the send (with its messages); the message was sent
          expect(deleted).toEqual([used as number]);
          expect(all.find((r) => r.id === used)).toBeUndefined();
          expect(await db.select().from(messages).where(eq(messages.wid, body.messageId))).toEqual([]);
        } else {
          expect(deleted).toEqual([]);
          const ticket = all.find((r) => r.id === used);
          expect(ticket?.status).toBe(status);
          // pending never has a user (core ticketStateAfterSend); open and closed keep the token's user
          expect(ticket?.userId).toBe(status === 'pending' ? null : x.agent.user.id);
          expect(body.ticketUrl).toEndWith(`/tickets/${ticket?.uuid}`);
          const [msg] = await db.select().from(messages).where(eq(messages.wid, body.messageId));
          expect(msg).toMatchObject({ ticketId: used, fromMe: true, userId: x.agent.user.id });
        }
        rec.off();
      });
    }
  }

  test('media: an image with a caption, then the legacy JSON and multipart forms', async () => {
    const x = await tenant();
    const tok = await token(x, { ticketSetStatus: 'open' });
    const number = nextNumber();
    const res = await sendMedia(tok.plainToken, { contactNumber: number, body: 'Seu pedido' }, [
      { data: PNG, name: 'pedido.png' },
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SendMessageApiAnswer;
    const box = await outbox(x, number);
    expect(box).toMatchObject([{ id: body.messageId, mediaType: 'image', body: 'Seu pedido' }]);
    const [msg] = await db.select().from(messages).where(eq(messages.wid, body.messageId));
    expect(msg).toMatchObject({ mediaType: 'image', body: 'Seu pedido' });
    expect(msg.mediaUrl).toStartWith('/media/');

    const legacy = await t.req('POST', '/api/messages/send', {
      token: tok.plainToken,
      json: { number, body: 'formato antigo' },
    });
    expect(legacy.status).toBe(200);
    const form = new FormData();
    form.append('number', number);
    form.append('medias', new File([PNG], 'a.png'));
    form.append('medias', new File([PNG], 'b.png'));
    const legacyMedia = await t.req('POST', '/api/messages/send', { token: tok.plainToken, body: form });
    expect(legacyMedia.status).toBe(200);
    expect((await outbox(x, number)).map((m) => m.mediaType ?? 'chat')).toEqual(['image', 'chat', 'image', 'image']);
  });

  test('the default connection is refused (token made before its connection became the default)', async () => {
    const x = await tenant();
    const tok = await token(x);
    await db.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.id, x.defaultConn));
    await db.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, x.apiConn));
    const number = nextNumber();
    const res = await sendText(tok.plainToken, { contactNumber: number, body: 'x' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('ERR_API_DEFAULT_WHATSAPP');
    expect(await outbox(x, number)).toEqual([]);
    expect(await contactOf(x.company.id, number)).toBeUndefined();
    expect(await callsOf(tok.id)).toMatchObject([{ statusCode: 400, errorCode: 'ERR_API_DEFAULT_WHATSAPP' }]);
  });

  test('invalid number (400 ERR_VALIDATION) and a number not on WhatsApp (400 ERR_WAPP_INVALID_CONTACT): nothing created', async () => {
    const x = await tenant();
    const tok = await token(x);
    for (const contactNumber of ['abc', '123', '5511 9'.repeat(10)]) {
      const r = await sendText(tok.plainToken, { contactNumber, body: 'x' });
      expect(r.status).toBe(400);
      expect((await r.json()).error).toBe('ERR_VALIDATION');
    }
    const r = await sendText(tok.plainToken, { contactNumber: '0001234567', body: 'x' });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      error: 'ERR_WAPP_INVALID_CONTACT',
      message: 'Este não é um número de WhatsApp válido.',
    });
    expect(await contactOf(x.company.id, '0001234567')).toBeUndefined();
    // a missing body, wrong types, a wrong content type
    expect((await sendText(tok.plainToken, { contactNumber: nextNumber() })).status).toBe(400);
    expect((await sendText(tok.plainToken, { contactNumber: 5511, body: {} })).status).toBe(400);
    const raw = await t.req('POST', '/api/messages/send/text', {
      token: tok.plainToken,
      body: 'contactNumber=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(raw.status).toBe(400);
    expect((await callsOf(tok.id)).every((c) => c.statusCode === 400)).toBe(true);
  });

  test('revoked and unknown tokens answer 401 { error, message }; nothing is sent', async () => {
    const x = await tenant();
    const tok = await token(x);
    const number = nextNumber();
    for (const secret of [undefined, 'zd_live_naoexiste', 'x'.repeat(500)]) {
      const r = await sendText(secret, { contactNumber: number, body: 'x' });
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ error: 'ERR_UNAUTHORIZED', message: expect.any(String) });
    }
    // a session token is not an API token
    expect((await sendText(x.admin.token, { contactNumber: number, body: 'x' })).status).toBe(401);
    expect((await t.req('DELETE', `/ApiSendMessageToken/${tok.id}`, { token: x.admin.token })).status).toBe(200);
    const r = await sendText(tok.plainToken, { contactNumber: number, body: 'depois de revogado' });
    expect(r.status).toBe(401);
    expect(await outbox(x, number)).toEqual([]);
  });

  test('company inactive or plan without the API: 403 with a code', async () => {
    const x = await tenant();
    const tok = await token(x);
    await db.update(companies).set({ enableApi: false }).where(eq(companies.id, x.company.id));
    const off = await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'x' });
    expect(off.status).toBe(403);
    expect((await off.json()).error).toBe('ERR_PLAN_FEATURE_DISABLED');
    await db.update(companies).set({ enableApi: true, status: false }).where(eq(companies.id, x.company.id));
    const inactive = await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'x' });
    expect(inactive.status).toBe(403);
    expect((await inactive.json()).error).toBe('ERR_COMPANY_INACTIVE');
    await db.update(companies).set({ status: true }).where(eq(companies.id, x.company.id));
    invalidateActors();
  });

  test("another company's token never touches this company", async () => {
    const a = await tenant();
    const b = await tenant();
    const tokB = await token(b);
    const number = nextNumber();
    const contactA = await makeContact(a.company.id, { number, name: 'Cliente de A' });
    const ticketA = await makeTicket(a.company.id, { contactId: contactA.id, status: 'open', whatsappId: a.apiConn });
    const res = await sendText(tokB.plainToken, { contactNumber: number, contactName: 'Cliente de B', body: 'de B' });
    expect(res.status).toBe(200);
    expect((await res.json()).contactName).toBe('Cliente de B');
    // A: the same contact, ticket and no message; B: its own contact, sent on B's connection
    expect(await contactOf(a.company.id, number)).toMatchObject({ id: contactA.id, name: 'Cliente de A' });
    expect(await ticketRow(ticketA.id)).toMatchObject({ status: 'open', companyId: a.company.id });
    expect(await db.select().from(messages).where(eq(messages.ticketId, ticketA.id))).toEqual([]);
    expect(await outbox(a, number)).toEqual([]);
    expect((await outbox(b, number)).map((m) => m.body)).toEqual(['de B']);
    expect((await contactOf(b.company.id, number))?.companyId).toBe(b.company.id);
    // A's admin does not see B's token
    const list = await (await t.req('GET', '/ApiSendMessageToken', { token: a.admin.token })).json();
    expect(list.apiSendMessageTokens.map((r: { id: number }) => r.id)).not.toContain(tokB.id);
  });

  test('Idempotency-Key: a retry answers the first answer without sending again; another body → 422', async () => {
    const x = await tenant();
    const tok = await token(x);
    const number = nextNumber();
    const json = { contactNumber: number, body: 'Lembrete único' };
    const first = await sendText(tok.plainToken, json, { 'Idempotency-Key': 'pedido-1' });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const retry = await sendText(tok.plainToken, json, { 'Idempotency-Key': 'pedido-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(firstBody);
    expect((await outbox(x, number)).map((m) => m.body)).toEqual(['Lembrete único']);
    const other = await sendText(tok.plainToken, { ...json, body: 'Outro texto' }, { 'Idempotency-Key': 'pedido-1' });
    expect(other.status).toBe(422);
    expect((await other.json()).error).toBe('ERR_IDEMPOTENCY_KEY_REUSED');
    // another token may use the same key: keys are per token
    const tok2 = await token(x);
    const sameKey = await sendText(tok2.plainToken, json, { 'Idempotency-Key': 'pedido-1' });
    expect(sameKey.status).toBe(200);
    expect(await outbox(x, number)).toHaveLength(2);
    // a malformed key is refused
    const bad = await sendText(tok.plainToken, json, { 'Idempotency-Key': 'com espaço' });
    expect(bad.status).toBe(400);
  });

  test('Idempotency-Key: two concurrent requests with the same key send once, both answer the same', async () => {
    const x = await tenant();
    const tok = await token(x);
    const number = nextNumber();
    const json = { contactNumber: number, body: 'Concorrente' };
    const [r1, r2, r3] = await Promise.all([
      sendText(tok.plainToken, json, { 'Idempotency-Key': 'conc-1' }),
      sendText(tok.plainToken, json, { 'Idempotency-Key': 'conc-1' }),
      sendText(tok.plainToken, json, { 'Idempotency-Key': 'conc-1' }),
    ]);
    expect([r1.status, r2.status, r3.status]).toEqual([200, 200, 200]);
    const bodies = await Promise.all([r1.json(), r2.json(), r3.json()]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect((await outbox(x, number)).map((m) => m.body)).toEqual(['Concorrente']);
  });

  test('Idempotency-Key: a duplicate waits on the shared clock — 409 ERR_IDEMPOTENCY_IN_PROGRESS once the wait passed, the first answer once the first finished', async () => {
    const x = await tenant();
    const tok = await token(x);
    const session = sessionManager().get(x.apiConn) as unknown as {
      sendMessage: (...a: unknown[]) => Promise<unknown>;
    };
    const original = session.sendMessage;
    // the first request holds the key with its send in flight until the test lets it go
    let entered!: () => void;
    const sending = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    session.sendMessage = async (...a: unknown[]) => {
      entered();
      await gate;
      return original.apply(session, a);
    };
    const clock = new TestClock(Date.now());
    const restore = useClock(clock);
    const number = nextNumber();
    const json = { contactNumber: number, body: 'Espera' };
    const headers = { 'Idempotency-Key': 'espera-1' };
    try {
      const first = sendText(tok.plainToken, json, headers);
      await sending;
      const t0 = clock.now();
      const started = performance.now();
      let answered: Response | null = null;
      const duplicate = sendText(tok.plainToken, json, headers).then((r) => {
        answered = r;
        return r;
      });
      // a second short of the wait, on the clock: still waiting (it looked again every IDEMPOTENCY_POLL_MS)
      await clock.advanceUntil(() => clock.now() - t0 >= IDEMPOTENCY_WAIT_MS - 1_000, { stepMs: 1_000 });
      await new Promise((r) => setTimeout(r, 4 * IDEMPOTENCY_POLL_MS));
      expect(answered).toBeNull();
      await clock.advanceUntil(() => answered !== null, { stepMs: 1_000 });
      const r = await duplicate;
      expect(r.status).toBe(409);
      expect(await r.json()).toEqual({
        error: 'ERR_IDEMPOTENCY_IN_PROGRESS',
        message: MESSAGE_API_TEXTS.idempotencyInProgress,
      });
      expect(clock.now() - t0).toBeGreaterThanOrEqual(IDEMPOTENCY_WAIT_MS);
      // the clock moved, not the wall clock
      expect(performance.now() - started).toBeLessThan(IDEMPOTENCY_WAIT_MS / 2);
      expect(await outbox(x, number)).toEqual([]);
      // the first one finishes: a retry now answers its answer, and the message went out once
      release();
      const firstAnswer = await first;
      expect(firstAnswer.status).toBe(200);
      const retry = await sendText(tok.plainToken, json, headers);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(await firstAnswer.json());
      expect((await outbox(x, number)).map((m) => m.body)).toEqual(['Espera']);
    } finally {
      release();
      session.sendMessage = original;
      restore();
    }
  });

  test('Idempotency-Key: a key is remembered 24 h of the shared clock, then free for another request', async () => {
    const x = await tenant();
    const tok = await token(x);
    const clock = new TestClock(Date.now());
    const restore = useClock(clock);
    const number = nextNumber();
    const headers = { 'Idempotency-Key': 'dia-1' };
    try {
      expect((await sendText(tok.plainToken, { contactNumber: number, body: 'Ontem' }, headers)).status).toBe(200);
      await clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
      const reused = await sendText(tok.plainToken, { contactNumber: number, body: 'Hoje' }, headers);
      expect(reused.status).toBe(422);
      expect((await reused.json()).error).toBe('ERR_IDEMPOTENCY_KEY_REUSED');
      await clock.advance(2 * 60_000);
      const fresh = await sendText(tok.plainToken, { contactNumber: number, body: 'Hoje' }, headers);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('idempotent-replayed')).toBeNull();
      expect((await outbox(x, number)).map((m) => m.body)).toEqual(['Ontem', 'Hoje']);
    } finally {
      restore();
    }
  });

  test('rate limit per token: 429 ERR_TOO_MANY_REQUESTS with Retry-After; another token unaffected', async () => {
    const x = await tenant();
    const tok = await token(x);
    const other = await token(x);
    const env = t.platform.env;
    const saved = env.apiRateLimitPerMinute;
    env.apiRateLimitPerMinute = 3;
    try {
      // bad bodies: counted, nothing sent
      for (let i = 0; i < 3; i++)
        expect((await sendText(tok.plainToken, { contactNumber: 'x', body: 'x' })).status).toBe(400);
      const limited = await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'x' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await limited.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
      const number = nextNumber();
      const fine = await sendText(other.plainToken, { contactNumber: number, body: 'outro token' });
      expect(fine.status).toBe(200);
      expect((await callsOf(tok.id)).map((c) => c.statusCode).sort()).toEqual([400, 400, 400, 429]);
    } finally {
      env.apiRateLimitPerMinute = saved;
    }
  });

  test('media refused with a code: oversize (413 ERR_PAYLOAD_TOO_LARGE) and a disallowed type (400 ERR_MEDIA_TYPE_NOT_ALLOWED)', async () => {
    const x = await tenant();
    const tok = await token(x);
    const number = nextNumber();
    const big = new Uint8Array(16 * 1024 * 1024 + 1);
    big.set(PNG);
    const over = await sendMedia(tok.plainToken, { contactNumber: number }, [{ data: big, name: 'grande.png' }]);
    expect(over.status).toBe(413);
    expect((await over.json()).error).toBe('ERR_PAYLOAD_TOO_LARGE');
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const gif = new TextEncoder().encode('GIF89a....');
    for (const data of [exe, gif]) {
      const r = await sendMedia(tok.plainToken, { contactNumber: number }, [
        { data: PNG, name: 'ok.png' },
        { data, name: 'foto.png' },
      ]);
      expect(r.status).toBe(400);
      expect((await r.json()).error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    }
    const none = await sendMedia(tok.plainToken, { contactNumber: number }, []);
    expect(none.status).toBe(400);
    // a declared body over the route's cap: refused before it is read
    const huge = await t.req('POST', '/api/messages/send/media', {
      token: tok.plainToken,
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe('ERR_PAYLOAD_TOO_LARGE');
    // one refused file sends nothing
    expect(await outbox(x, number)).toEqual([]);
    expect(await contactOf(x.company.id, number)).toBeUndefined();
  });

  test('destroy: the message went out but the ticket could not be deleted → still a success (the real status), not an error to retry', async () => {
    const x = await tenant();
    const tok = await token(x, { ticketSetStatus: 'destroy' });
    const spy = spyOn(ticketsService, 'deleteTicketAfterSend').mockImplementation(async () => {
      throw new Error('database hiccup');
    });
    const number = nextNumber();
    try {
      const r = await sendText(tok.plainToken, { contactNumber: number, body: 'saiu mesmo assim' });
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body.ticketStatus).not.toBe('destroy');
      expect(['open', 'pending', 'closed']).toContain(body.ticketStatus);
    } finally {
      spy.mockRestore();
    }
    expect((await outbox(x, number)).map((m) => m.body)).toEqual(['saiu mesmo assim']);
    expect(await callsOf(tok.id)).toMatchObject([{ statusCode: 200, errorCode: null }]);
  });

  test('several files, WhatsApp refuses the second: the answer says 1 of 2 went out; a retry with the key sends nothing again', async () => {
    const x = await tenant();
    const tok = await token(x);
    const session = sessionManager().get(x.apiConn) as unknown as {
      sendMessage: (...a: unknown[]) => Promise<unknown>;
    };
    const original = session.sendMessage;
    let calls = 0;
    session.sendMessage = async (...a: unknown[]) => {
      if (++calls === 2) throw new Error('socket closed');
      return original.apply(session, a);
    };
    const number = nextNumber();
    const files = [
      { data: PNG, name: 'um.png' },
      { data: PNG, name: 'dois.png' },
    ];
    const send = () => {
      const form = new FormData();
      form.append('contactNumber', number);
      for (const f of files) form.append('medias', new File([new Uint8Array(f.data)], f.name));
      return t.req('POST', '/api/messages/send/media', {
        token: tok.plainToken,
        body: form,
        headers: { 'Idempotency-Key': 'lote-1' },
      });
    };
    try {
      const r = await send();
      expect(r.status).toBe(503);
      expect(await r.json()).toEqual({ error: 'ERR_WAPP_SEND_FAILED', message: partialSendText(1, 2) });
      expect(await outbox(x, number)).toHaveLength(1);
    } finally {
      session.sendMessage = original;
    }
    // the retry (same key): the same answer, and the first file is not sent a second time
    const again = await send();
    expect(again.status).toBe(503);
    expect((await again.json()).message).toBe(partialSendText(1, 2));
    expect(await outbox(x, number)).toHaveLength(1);
  });

  test('a channel send failure answers 503 ERR_WAPP_SEND_FAILED, never a success; a disconnected connection 503 ERR_WAPP_NOT_CONNECTED', async () => {
    const x = await tenant();
    const tok = await token(x);
    const session = sessionManager().get(x.apiConn) as unknown as {
      sendMessage: (...a: unknown[]) => Promise<unknown>;
    };
    const original = session.sendMessage;
    session.sendMessage = async () => {
      throw new Error('socket closed');
    };
    const number = nextNumber();
    try {
      const r = await sendText(
        tok.plainToken,
        { contactNumber: number, body: 'vai falhar' },
        { 'Idempotency-Key': 'falha-1' },
      );
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ error: 'ERR_WAPP_SEND_FAILED' });
      expect(r.headers.get('retry-after')).not.toBeNull();
    } finally {
      session.sendMessage = original;
    }
    expect(await outbox(x, number)).toEqual([]);
    const contact = await contactOf(x.company.id, number);
    const stored = contact ? await db.select().from(messages).where(eq(messages.contactId, contact.id)) : [];
    expect(stored).toEqual([]);
    expect(await callsOf(tok.id)).toMatchObject([
      { statusCode: 503, errorCode: 'ERR_WAPP_SEND_FAILED', messageId: null },
    ]);
    // the failure did not burn the Idempotency-Key: the retry sends
    const retry = await sendText(
      tok.plainToken,
      { contactNumber: number, body: 'vai falhar' },
      { 'Idempotency-Key': 'falha-1' },
    );
    expect(retry.status).toBe(200);
    expect((await outbox(x, number)).map((m) => m.body)).toEqual(['vai falhar']);

    await db.update(whatsapps).set({ status: 'DISCONNECTED' }).where(eq(whatsapps.id, x.apiConn));
    const down = await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'x' });
    expect(down.status).toBe(503);
    expect((await down.json()).error).toBe('ERR_WAPP_NOT_CONNECTED');
  });

  test('the token list follows the calls live: an update at once, then at most one per 5 s per token (the last with the real count)', async () => {
    const x = await tenant();
    const tok = await token(x);
    const other = await token(x);
    const rec = recordEvents(t);
    const clock = new TestClock(Date.now());
    const restore = useClock(clock);
    const channel = `apiSendMessageToken-${x.company.id}`;
    const usage = (id: number) =>
      rec
        .of(channel, 'update')
        .map((e) => e.data.apiSendMessageToken as { id: number; callCount: number; lastUsedAt: string | null })
        .filter((d) => d.id === id);
    const settle = async (id: number, n: number) => {
      for (let i = 0; i < 100 && usage(id).length < n; i++) await new Promise((r) => setTimeout(r, 20));
      return usage(id);
    };
    try {
      expect((await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'um' })).status).toBe(200);
      expect((await settle(tok.id, 1)).map((d) => d.callCount)).toEqual([1]);
      expect(usage(tok.id)[0].lastUsedAt).toBe(new Date(clock.now()).toISOString());
      expect(rec.of(channel, 'update').every((e) => e.adminOnly)).toBe(true);
      // two more calls (one refused: still a recorded call) within the window: no event yet
      await clock.advance(1_000);
      expect((await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'dois' })).status).toBe(200);
      expect((await sendText(tok.plainToken, { contactNumber: 'x', body: 'x' })).status).toBe(400);
      // another token has its own window
      expect((await sendText(other.plainToken, { contactNumber: nextNumber(), body: 'outro' })).status).toBe(200);
      expect((await settle(other.id, 1)).map((d) => d.callCount)).toEqual([1]);
      await new Promise((r) => setTimeout(r, 100));
      expect(usage(tok.id)).toHaveLength(1);
      // the window's end publishes once, with the real count
      await clock.advance(4_000);
      expect((await settle(tok.id, 2)).map((d) => d.callCount)).toEqual([1, 3]);
      await clock.advance(10_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(usage(tok.id)).toHaveLength(2);
      // a call after a quiet window: at once again
      expect((await sendText(tok.plainToken, { contactNumber: nextNumber(), body: 'quatro' })).status).toBe(200);
      expect((await settle(tok.id, 3)).map((d) => d.callCount)).toEqual([1, 3, 4]);
    } finally {
      restore();
      rec.off();
    }
  });
});
