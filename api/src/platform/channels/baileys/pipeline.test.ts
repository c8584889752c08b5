import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { EventEmitter } from 'node:events';
import type { WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { contacts, messages, tickets, whatsapps } from '../../../db/schema';
import { startChannels, waitFor } from '../../../modules/pipeline/pipeline.fixtures';
import { makeTenant } from '../../../test/factories';
import { setupTestApp, type TestApp } from '../../../test/harness';
import { channelAdapter, registerChannelAdapter, unregisterChannelAdapter } from '../registry';
import type { ChannelAdapter } from '../types';
import { BaileysAdapter, type SocketFactory } from './adapter';
import { loadBaileysFixture } from './fixtures';

/**
 * The Baileys adapter end to end through the real connections area and inbound pipeline (fake socket, no network):
 * a person who writes by LID, by phone number and by both ends up as ONE contact with one ticket.
 */
const upserts = loadBaileysFixture<Record<string, { messages: WAMessage[]; type: 'notify' }>>('messages-upsert.json');

class FakeSocket {
  ev = new EventEmitter();
  user: { id: string } | undefined;
  signalRepository = { lidMapping: { getPNForLID: async () => null } };
  updateMediaMessage = async (m: WAMessage) => m;
  async sendMessage() {
    throw new Error('not used');
  }
  async end() {}
  async logout() {}
}

let t: TestApp;
const sockets: FakeSocket[] = [];
let previous: ChannelAdapter | undefined;

beforeAll(async () => {
  t = await setupTestApp();
  await startChannels(t);
  previous = channelAdapter('baileys');
  registerChannelAdapter(
    new BaileysAdapter({
      secret: 'pipeline-test-secret-0123456789abcdefghijk',
      makeSocket: (() => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as never;
      }) as SocketFactory,
      downloadMedia: async () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    }),
  );
}, 60_000);
afterAll(async () => {
  unregisterChannelAdapter('baileys');
  if (previous) registerChannelAdapter(previous);
  await t.close();
});

describe('Baileys adapter → connections → pipeline', () => {
  test('LID-only, phone-addressed and LID+phone messages of one person: one contact, one ticket', async () => {
    const { company, admin } = await makeTenant();
    const res = await t.req('POST', '/whatsapp', { token: admin.token, json: { name: 'Número real', lib: 'baileys' } });
    expect(res.status).toBe(200);
    const w = (await res.json()) as { id: number };
    const sock = await waitFor(async () => sockets.at(-1));
    sock.ev.emit('connection.update', { qr: '2@AAAA,BBBB,CCCC,DDDD' });
    await waitFor(async () => {
      const [row] = await t.platform.dbh.db.select().from(whatsapps).where(eq(whatsapps.id, w.id));
      return row?.status === 'qrcode' && row.qrcode === '2@AAAA,BBBB,CCCC,DDDD';
    });
    sock.user = { id: '5511911112222:7@s.whatsapp.net' };
    sock.ev.emit('connection.update', { connection: 'open' });
    await waitFor(async () => {
      const [row] = await t.platform.dbh.db.select().from(whatsapps).where(eq(whatsapps.id, w.id));
      return row?.status === 'CONNECTED' && row.number === '5511911112222';
    });

    for (const name of ['lidOnly', 'pnWithLidAlt', 'lidWithPnAlt', 'text', 'group']) {
      sock.ev.emit('messages.upsert', upserts[name]);
    }
    const wids = ['3EB0B1B2C3D4E5F60022', '3EB0B1B2C3D4E5F60021', '3EB0B1B2C3D4E5F60020', '3EB0A1B2C3D4E5F60001'];
    const rows = await waitFor(async () => {
      const r = await t.platform.dbh.db.select().from(messages).where(eq(messages.companyId, company.id));
      return r.length >= wids.length ? r : null;
    });
    expect(rows.map((r) => r.wid).sort()).toEqual([...wids].sort());
    const people = await t.platform.dbh.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ number: '5511987654321', lid: '123456789012345@lid', isGroup: false });
    expect(new Set(rows.map((r) => r.contactId))).toEqual(new Set([people[0]!.id]));
    const open = await t.platform.dbh.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, company.id), eq(tickets.contactId, people[0]!.id)));
    expect(open).toHaveLength(1);
    // the group message was dropped by the connection's disableGroupMessages (default true)
    expect(people.some((c) => c.isGroup)).toBe(false);
  });
});
