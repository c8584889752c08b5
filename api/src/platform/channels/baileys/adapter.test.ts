import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { EventEmitter } from 'node:events';
import type { WAMessage } from 'baileys';
import { whatsapps } from '../../../db/schema';
import { upsertContactFromChannel } from '../../../modules/contacts/contacts.channel';
import { makeCompany } from '../../../test/factories';
import { setupTestApp, type TestApp } from '../../../test/harness';
import type { ChannelEvents, ChannelSession, ConnectionStatus, InboundMessage } from '../types';
import { BaileysAdapter, type SocketFactory, toBaileysContent, toJid } from './adapter';
import { countAuthKeys } from './auth-keys.repo';
import { useDbAuthState } from './auth-state';
import { loadBaileysFixture } from './fixtures';
import { contactIdentityOf, mapUpsertMessage } from './map-message';

const upserts = loadBaileysFixture<Record<string, { messages: WAMessage[]; type: 'notify' }>>('messages-upsert.json');
const updates = loadBaileysFixture<Record<string, unknown[]>>('messages-update.json');
const sequences = loadBaileysFixture<Record<string, Record<string, unknown>[]>>('connection-update.json');
const SECRET = 'adapter-test-secret-0123456789abcdefghijkl';
const ME = '5511911112222:7@s.whatsapp.net';

/** Stands in for Baileys' socket: same event names and methods the adapter uses, no network. */
class FakeSocket {
  ev = new EventEmitter();
  user: { id: string } | undefined;
  sent: { jid: string; content: any; opts: any }[] = [];
  loggedOut = false;
  ended = false;
  registered: Record<string, string> = { '5511987654321@s.whatsapp.net': '5511987654321@s.whatsapp.net' };
  signalRepository = {
    lidMapping: {
      getPNForLID: async (lid: string) => (lid.startsWith('123456789012345') ? '5511987654321@s.whatsapp.net' : null),
    },
  };
  private n = 0;
  constructor(readonly config: any) {}
  updateMediaMessage = async (m: WAMessage) => m;
  async sendMessage(jid: string, content: any, opts: any) {
    this.sent.push({ jid, content, opts });
    const id = opts?.messageId ?? `3EB0SENT${String(++this.n).padStart(4, '0')}`;
    const message = content.text ? { extendedTextMessage: { text: content.text } } : { conversation: '[media]' };
    const full = { key: { remoteJid: jid, fromMe: true, id }, message, messageTimestamp: 1767272500 };
    // like Baileys with emitOwnEvents: our own send comes back as an 'append' upsert on the next tick
    process.nextTick(() => this.ev.emit('messages.upsert', { messages: [full], type: 'append' }));
    return full;
  }
  presences: [string, string][] = [];
  async sendPresenceUpdate(presence: string, jid: string) {
    if (jid.startsWith('000')) throw new Error('socket refused');
    this.presences.push([presence, jid]);
  }
  async onWhatsApp(jid: string) {
    const hit = this.registered[jid];
    return hit ? [{ jid: hit, exists: true }] : [];
  }
  async logout() {
    this.loggedOut = true;
  }
  async end() {
    this.ended = true;
  }
  open() {
    this.user = { id: ME };
    this.ev.emit('connection.update', { connection: 'open' });
  }
}

type Recorded = {
  statuses: [ConnectionStatus, { number?: string; reason?: string } | undefined][];
  qrs: string[];
  messages: InboundMessage[];
  acks: [string, number][];
  edits: [string, string][];
  revokes: string[];
  reactions: [string, string, string][];
  calls: [string, number][];
};
function recorder(): { events: ChannelEvents; rec: Recorded } {
  const rec: Recorded = {
    statuses: [],
    qrs: [],
    messages: [],
    acks: [],
    edits: [],
    revokes: [],
    reactions: [],
    calls: [],
  };
  return {
    rec,
    events: {
      onQr: (_c, qr) => rec.qrs.push(qr),
      onStatus: (_c, s, info) => rec.statuses.push([s, info]),
      onMessage: (_c, m) => rec.messages.push(m),
      onAck: (_c, id, ack) => rec.acks.push([id, ack]),
      onEdit: (_c, id, body) => rec.edits.push([id, body]),
      onRevoke: (_c, id) => rec.revokes.push(id),
      onReaction: (_c, id, emoji, from) => rec.reactions.push([id, emoji, from]),
      onCall: (_c, from, at) => rec.calls.push([from, at]),
    },
  };
}
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 3_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timeout');
    await tick(10);
  }
}

let t: TestApp;
let companyId: number;
let nextConn: () => Promise<{ id: number; companyId: number; name: string; disableGroupMessages: boolean }>;

beforeAll(async () => {
  t = await setupTestApp();
  companyId = (await makeCompany()).id;
  nextConn = async () => {
    const [row] = await t.platform.dbh.db
      .insert(whatsapps)
      .values({ companyId, name: 'Principal' })
      .returning({ id: whatsapps.id });
    return { id: row!.id, companyId, name: 'Principal', disableGroupMessages: true };
  };
}, 60_000);
afterAll(() => t.close());

function adapterWith(sockets: FakeSocket[]) {
  const makeSocket = ((config: any) => {
    const s = new FakeSocket(config);
    sockets.push(s);
    return s as never;
  }) as SocketFactory;
  return new BaileysAdapter({
    secret: SECRET,
    makeSocket,
    backoffFactor: 0.001,
    downloadMedia: async () => new Uint8Array([7, 7, 7]),
  });
}

describe('BaileysAdapter over a fake socket', () => {
  test('pairing: QR, restart required → new socket, open → CONNECTED with the number; creds persisted', async () => {
    const sockets: FakeSocket[] = [];
    const { events, rec } = recorder();
    const conn = await nextConn();
    const session = await adapterWith(sockets).start(conn, events);
    const [first] = sockets;
    for (const u of sequences.firstPairing!.slice(0, 5)) first!.ev.emit('connection.update', u);
    await until(() => sockets.length === 2);
    // the restart reuses the in-memory creds (the pairing may not be in the database yet)
    expect(sockets[1]!.config.auth.creds).toBe(first!.config.auth.creds);
    expect(rec.qrs).toHaveLength(2);
    expect(rec.statuses.map((s) => s[0])).toEqual(['OPENING', 'OPENING']);
    sockets[1]!.ev.emit('creds.update', {});
    sockets[1]!.open();
    expect(rec.statuses.at(-1)).toEqual(['CONNECTED', { number: '5511911112222' }]);
    await until(() => rec.statuses.length > 0);
    await tick(50);
    expect(await countAuthKeys(companyId, conn.id)).toBeGreaterThanOrEqual(1);
    // the socket asks our store for retries and ignores groups of this connection
    expect(sockets[1]!.config.shouldIgnoreJid('120363025246125888@g.us')).toBe(true);
    expect(sockets[1]!.config.shouldIgnoreJid('status@broadcast')).toBe(true);
    expect(sockets[1]!.config.shouldIgnoreJid('5511987654321@s.whatsapp.net')).toBe(false);
    await session.stop();
    expect(sockets[1]!.ended).toBe(true);
  });

  test('inbound events: every message type, LID pair, acks, edit, revoke, reaction, call; groups dropped', async () => {
    const sockets: FakeSocket[] = [];
    const { events, rec } = recorder();
    const session = await adapterWith(sockets).start(await nextConn(), events);
    const sock = sockets[0]!;
    sock.open();
    for (const name of [
      'text',
      'image',
      'audioPtt',
      'video',
      'document',
      'sticker',
      'location',
      'contact',
      'lidOnly',
      'group',
    ]) {
      sock.ev.emit('messages.upsert', upserts[name]);
    }
    sock.ev.emit('messages.upsert', upserts.edit);
    sock.ev.emit('messages.upsert', upserts.revoke);
    sock.ev.emit('messages.upsert', upserts.reaction);
    sock.ev.emit('messages.upsert', { ...upserts.text, type: 'notify' });
    sock.ev.emit('messages.update', updates.delivered);
    sock.ev.emit('messages.update', updates.read);
    sock.ev.emit('call', [
      {
        chatId: '123456789012345@lid',
        from: '123456789012345@lid',
        callerPn: '5511987654321@s.whatsapp.net',
        id: 'C1',
        date: new Date(1767272400000),
        status: 'offer',
        offline: false,
      },
      { chatId: 'x', from: '123456789012345@lid', id: 'C1', date: new Date(), status: 'terminate', offline: false },
    ]);
    await until(() => rec.messages.length >= 10 && rec.reactions.length === 1);
    expect(rec.messages.map((m) => m.type)).toEqual([
      'chat',
      'image',
      'audio',
      'video',
      'document',
      'sticker',
      'location',
      'vcard',
      'chat',
      'chat',
    ]);
    expect(rec.messages.find((m) => m.type === 'image')?.media?.data).toEqual(new Uint8Array([7, 7, 7]));
    // LID-only message completed from the socket's LID mapping store
    expect(rec.messages.find((m) => m.id === '3EB0B1B2C3D4E5F60022')).toMatchObject({
      remoteJid: '123456789012345@lid',
      remoteJidAlt: '5511987654321@s.whatsapp.net',
    });
    expect(rec.messages.some((m) => m.remoteJid.endsWith('@g.us'))).toBe(false);
    expect(rec.edits).toEqual([['3EB0A1B2C3D4E5F60001', 'Olá, preciso de ajuda com meu pedido 4521']]);
    expect(rec.revokes).toEqual(['3EB0A1B2C3D4E5F60001']);
    expect(rec.reactions).toEqual([['3EB0FFEE00112233', '👍', '5511987654321@s.whatsapp.net']]);
    expect(rec.acks).toEqual([
      ['3EB0FFEE00112233', 3],
      ['3EB0FFEE00112233', 4],
    ]);
    expect(rec.calls).toEqual([['5511987654321@s.whatsapp.net', 1767272400]]);
    await session.stop();
  });

  test('send text (quoting a received message), media, location; retries served from our store', async () => {
    const sockets: FakeSocket[] = [];
    const { events, rec } = recorder();
    const session = await adapterWith(sockets).start(await nextConn(), events);
    const sock = sockets[0]!;
    await expect(session.sendMessage('5511987654321', { kind: 'text', body: 'cedo' })).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    sock.open();
    sock.ev.emit('messages.upsert', upserts.text);
    await tick();
    const sent = await session.sendMessage('+55 (11) 98765-4321', {
      kind: 'text',
      body: 'Claro! Qual o número do pedido?',
      quotedId: '3EB0A1B2C3D4E5F60001',
    });
    expect(sent.timestamp).toBe(1767272500);
    expect(sent.id).toBe(sock.sent[0]!.opts.messageId);
    expect(sent.id).toMatch(/^3EB0[0-9A-F]+$/);
    expect(sock.sent[0]!.jid).toBe('5511987654321@s.whatsapp.net');
    expect(sock.sent[0]!.content).toEqual({ text: 'Claro! Qual o número do pedido?' });
    expect(sock.sent[0]!.opts.quoted.message.conversation).toBe('Olá, preciso de ajuda com meu pedido');

    await session.sendMessage('123456789012345@lid', {
      kind: 'media',
      mediaType: 'image',
      data: new Uint8Array([1, 2]),
      mimeType: 'image/png',
      fileName: 'a.png',
      caption: 'segue',
    });
    expect(sock.sent[1]!.jid).toBe('123456789012345@lid');
    expect(sock.sent[1]!.content).toMatchObject({
      image: Buffer.from([1, 2]),
      mimetype: 'image/png',
      caption: 'segue',
    });
    await session.sendMessage('5511987654321', { kind: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja' });
    expect(sock.sent[2]!.content).toEqual({
      location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' },
    });

    // the echoes of our own sends are not reported back as new messages
    await tick(30);
    expect(rec.messages.map((m) => m.id)).toEqual(['3EB0A1B2C3D4E5F60001']);
    // a message typed on the phone (fromMe, not sent by us) still is
    sock.ev.emit('messages.upsert', upserts.fromMeText);
    await until(() => rec.messages.length === 2);
    const again = await sock.config.getMessage({ remoteJid: '5511987654321@s.whatsapp.net', id: sent.id });
    expect(again?.extendedTextMessage?.text).toBe('Claro! Qual o número do pedido?');
    expect(await sock.config.getMessage({ id: 'unknown' })).toBeUndefined();
    await session.stop();
  });

  test('checkNumber and deleteMessage', async () => {
    const sockets: FakeSocket[] = [];
    const { events } = recorder();
    const session = await adapterWith(sockets).start(await nextConn(), events);
    const sock = sockets[0]!;
    sock.open();
    expect(await session.checkNumber('55 11 98765-4321')).toBe('5511987654321');
    expect(await session.checkNumber('5511000000000')).toBeNull();
    await session.deleteMessage('5511987654321', '3EB0SENT0001', true);
    expect(sock.sent.at(-1)!.content).toEqual({
      delete: { remoteJid: '5511987654321@s.whatsapp.net', id: '3EB0SENT0001', fromMe: true },
    });
    await expect(session.deleteMessage('5511987654321', '3EB0OTHER', false)).rejects.toMatchObject({
      code: 'ERR_DELETE_WAPP_MSG',
    });
    await session.stop();
  });

  test('presence: typing and recording reach the chat as Baileys presence updates; a failure is ERR_SENDING_WAPP_MSG', async () => {
    const sockets: FakeSocket[] = [];
    const { events } = recorder();
    const session = await adapterWith(sockets).start(await nextConn(), events);
    const sock = sockets[0]!;
    sock.open();
    await session.sendPresence('55 11 98765-4321', 'composing');
    await session.sendPresence('5511987654321@s.whatsapp.net', 'recording');
    await session.sendPresence('5511987654321', 'paused');
    expect(sock.presences).toEqual([
      ['composing', '5511987654321@s.whatsapp.net'],
      ['recording', '5511987654321@s.whatsapp.net'],
      ['paused', '5511987654321@s.whatsapp.net'],
    ]);
    await expect(session.sendPresence('000@g.us', 'composing')).rejects.toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
    });
    await session.stop();
  });

  test('connection lost → OPENING and a new socket after the backoff', async () => {
    const sockets: FakeSocket[] = [];
    const { events, rec } = recorder();
    const session = await adapterWith(sockets).start(await nextConn(), events);
    sockets[0]!.open();
    for (const u of sequences.connectionClosed!.slice(1)) sockets[0]!.ev.emit('connection.update', u);
    expect(rec.statuses.at(-1)).toEqual(['OPENING', { reason: 'connectionClosed' }]);
    await until(() => sockets.length === 2);
    sockets[1]!.open();
    expect(rec.statuses.at(-1)?.[0]).toBe('CONNECTED');
    await session.stop();
  });

  test('logged out → DISCONNECTED (logout), stored session cleared, no reconnect', async () => {
    const sockets: FakeSocket[] = [];
    const { events, rec } = recorder();
    const conn = await nextConn();
    const session = await adapterWith(sockets).start(conn, events);
    sockets[0]!.open();
    sockets[0]!.ev.emit('creds.update', {});
    await until(() => rec.statuses.length > 0);
    await tick(50);
    expect(await countAuthKeys(companyId, conn.id)).toBe(1);
    sockets[0]!.ev.emit('connection.update', sequences.loggedOut!.at(-1));
    await until(() => rec.statuses.at(-1)?.[0] === 'DISCONNECTED');
    expect(rec.statuses.at(-1)).toEqual(['DISCONNECTED', { reason: 'logout' }]);
    expect(await countAuthKeys(companyId, conn.id)).toBe(0);
    await tick(50);
    expect(sockets).toHaveLength(1);
    await expect(session.sendMessage('5511987654321', { kind: 'text', body: 'x' })).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
  });

  test('connection replaced → DISCONNECTED, keys kept, no reconnect fight', async () => {
    const sockets: FakeSocket[] = [];
    const { events, rec } = recorder();
    const conn = await nextConn();
    await adapterWith(sockets).start(conn, events);
    sockets[0]!.open();
    sockets[0]!.ev.emit('creds.update', {});
    await tick(50);
    sockets[0]!.ev.emit('connection.update', sequences.connectionReplaced!.at(-1));
    await until(() => rec.statuses.at(-1)?.[0] === 'DISCONNECTED');
    expect(rec.statuses.at(-1)).toEqual(['DISCONNECTED', { reason: 'connectionReplaced' }]);
    expect(await countAuthKeys(companyId, conn.id)).toBe(1);
    await tick(50);
    expect(sockets).toHaveLength(1);
  });

  test('stop waits for the pending creds write, so another process resumes the latest pairing', async () => {
    const sockets: FakeSocket[] = [];
    const { events } = recorder();
    const conn = await nextConn();
    const session = await adapterWith(sockets).start(conn, events);
    const creds = sockets[0]!.config.auth.creds;
    creds.me = { id: ME, name: 'Loja' };
    sockets[0]!.ev.emit('creds.update', { me: creds.me });
    await session.stop();
    const resumed = await useDbAuthState({ companyId, whatsappId: conn.id, secret: SECRET });
    expect(resumed.restored).toBe(true);
    expect(resumed.state.creds.me?.id).toBe(ME);
  });

  test('stop with logout unlinks the device and forgets the keys', async () => {
    const sockets: FakeSocket[] = [];
    const { events } = recorder();
    const conn = await nextConn();
    const session = await adapterWith(sockets).start(conn, events);
    sockets[0]!.open();
    sockets[0]!.ev.emit('creds.update', {});
    await tick(50);
    await session.stop({ logout: true });
    expect(sockets[0]!.loggedOut).toBe(true);
    expect(await countAuthKeys(companyId, conn.id)).toBe(0);
  });

  test('fetchHistory yields the synced messages inside the dates and ends on completion', async () => {
    const sockets: FakeSocket[] = [];
    const { events } = recorder();
    const session: ChannelSession = await adapterWith(sockets).start(await nextConn(), events);
    const sock = sockets[0]!;
    sock.open();
    const at = (name: string, ts: number) => ({ ...upserts[name]!.messages[0]!, messageTimestamp: ts });
    sock.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [at('text', 1767000000), at('image', 1767272400), at('fromMeText', 1767272500)],
      progress: 50,
    });
    setTimeout(() => {
      sock.ev.emit('messaging-history.set', {
        chats: [],
        contacts: [],
        messages: [at('location', 1767272600), at('contact', 1767999999)],
        progress: 100,
        isLatest: true,
      });
    }, 50);
    const got: InboundMessage[] = [];
    for await (const m of session.fetchHistory!({ from: new Date(1767272000000), to: new Date(1767273000000) })) {
      got.push(m);
    }
    expect(got.map((m) => m.type)).toEqual(['image', 'chat', 'location']);
    expect(got[1]!.fromMe).toBe(true);
    await session.stop();
  });
});

describe('helpers', () => {
  test('toJid and content mapping', () => {
    expect(toJid('+55 (11) 98765-4321')).toBe('5511987654321@s.whatsapp.net');
    expect(toJid('123456789012345:3@lid')).toBe('123456789012345@lid');
    expect(() => toJid('abc')).toThrow();
    expect(
      toBaileysContent({
        kind: 'media',
        mediaType: 'audio',
        data: new Uint8Array([1]),
        mimeType: 'audio/ogg',
        fileName: 'a.ogg',
        ptt: true,
      }),
    ).toMatchObject({ audio: Buffer.from([1]), ptt: true });
    expect(
      toBaileysContent({
        kind: 'media',
        mediaType: 'document',
        data: new Uint8Array([1]),
        mimeType: 'application/pdf',
        fileName: 'b.pdf',
      }),
    ).toMatchObject({ document: Buffer.from([1]), fileName: 'b.pdf', mimetype: 'application/pdf' });
    // reply buttons: a plain text with numbered options (no interactive message without the Business API)
    expect(
      toBaileysContent({
        kind: 'buttons',
        body: 'Promoção!\n\nVocê tem interesse?',
        buttons: [
          { id: '1', text: 'Sim' },
          { id: '2', text: 'Não' },
          { id: '3', text: 'Talvez' },
        ],
        footer: 'Loja',
      }),
    ).toEqual({ text: 'Promoção!\n\nVocê tem interesse?\n\n1 - Sim\n2 - Não\n3 - Talvez\n\n_Loja_' });
    // a saved location: a WhatsApp pin with its name and address
    expect(
      toBaileysContent({ kind: 'location', latitude: -12.97, longitude: -38.51, name: 'Mercado', address: 'Salvador' }),
    ).toEqual({
      location: { degreesLatitude: -12.97, degreesLongitude: -38.51, name: 'Mercado', address: 'Salvador' },
    });
  });
});

describe('LID and phone number of one person become one contact', () => {
  test('LID-only first, then phone-addressed, then LID with alt: a single contact with both', async () => {
    const company = await makeCompany();
    const ids = new Set<number>();
    for (const name of ['lidOnly', 'pnWithLidAlt', 'lidWithPnAlt', 'lidWithDevice', 'text']) {
      const mapped = await mapUpsertMessage(upserts[name]!.messages[0]!, { disableGroupMessages: true });
      if (mapped.kind !== 'message') throw new Error(name);
      const contact = await upsertContactFromChannel(company.id, {
        ...contactIdentityOf(mapped.message),
        name: mapped.message.pushName,
      });
      ids.add(contact.id);
    }
    expect(ids.size).toBe(1);
    const final = await upsertContactFromChannel(company.id, { number: '5511987654321', isGroup: false });
    expect(final.lid).toBe('123456789012345@lid');
    expect(final.number).toBe('5511987654321');
  });

  test('contactIdentityOf', () => {
    expect(contactIdentityOf({ remoteJid: '123@lid', remoteJidAlt: '5511987654321@s.whatsapp.net' })).toEqual({
      number: '5511987654321',
      lid: '123@lid',
      isGroup: false,
    });
    expect(contactIdentityOf({ remoteJid: '123@lid' })).toEqual({ number: null, lid: '123@lid', isGroup: false });
    expect(contactIdentityOf({ remoteJid: '120363025246125888@g.us' })).toEqual({
      number: '120363025246125888',
      lid: null,
      isGroup: true,
    });
  });
});
