import { describe, expect, test } from 'bun:test';
import type { WAMessage } from 'baileys';
import type { InboundMessage } from '../types';
import { loadBaileysFixture } from './fixtures';
import { type MapDeps, type MappedUpsert, mapUpsertMessage } from './map-message';

const upserts = loadBaileysFixture<Record<string, { messages: WAMessage[]; type: string }>>('messages-upsert.json');
const PN = '5511987654321@s.whatsapp.net';
const LID = '123456789012345@lid';
const TS = 1767272400;
const bytes = new Uint8Array([1, 2, 3, 4]);

const downloaded: string[] = [];
const deps: MapDeps = {
  disableGroupMessages: false,
  downloadMedia: async (m) => {
    downloaded.push(m.key.id!);
    return bytes;
  },
};

async function map(name: string, d: Partial<MapDeps> = {}): Promise<MappedUpsert> {
  const fx = upserts[name];
  if (!fx) throw new Error(`no fixture ${name}`);
  expect(fx.type).toBe('notify');
  return mapUpsertMessage(fx.messages[0]!, { ...deps, ...d });
}
async function message(name: string, d: Partial<MapDeps> = {}): Promise<InboundMessage> {
  const r = await map(name, d);
  if (r.kind !== 'message') throw new Error(`${name}: expected a message, got ${JSON.stringify(r)}`);
  return r.message;
}

describe('messages.upsert → InboundMessage', () => {
  test('plain text', async () => {
    const m = await message('text');
    expect(m).toMatchObject({
      id: '3EB0A1B2C3D4E5F60001',
      remoteJid: PN,
      fromMe: false,
      pushName: 'Maria Souza',
      timestamp: TS,
      type: 'chat',
      body: 'Olá, preciso de ajuda com meu pedido',
    });
    expect(m.remoteJidAlt).toBeUndefined();
    expect(m.media).toBeUndefined();
    expect(m.raw).toBe(upserts.text!.messages[0]);
  });

  test('extended text keeps the quoted message id', async () => {
    const m = await message('extendedTextQuoted');
    expect(m).toMatchObject({ type: 'chat', body: 'Esse aqui mesmo', quotedId: '3EB0FFEE00112233' });
  });

  test('image downloads the media with its mime type and caption', async () => {
    const m = await message('image');
    expect(m).toMatchObject({ type: 'image', body: 'Foto do produto' });
    expect(m.media).toEqual({ mimeType: 'image/jpeg', fileName: '3EB0A1B2C3D4E5F60003.jpg', data: bytes });
    expect(downloaded).toContain('3EB0A1B2C3D4E5F60003');
  });

  test('voice note (ptt)', async () => {
    const m = await message('audioPtt');
    expect(m.type).toBe('audio');
    expect(m.body).toBe('');
    expect(m.media?.mimeType).toBe('audio/ogg; codecs=opus');
    expect(m.media?.fileName).toBe('3EB0A1B2C3D4E5F60004.ogg');
  });

  test('video', async () => {
    const m = await message('video');
    expect(m).toMatchObject({ type: 'video', body: '' });
    expect(m.media?.mimeType).toBe('video/mp4');
  });

  test('document with caption (documentWithCaptionMessage wrapper) keeps its file name', async () => {
    const m = await message('document');
    expect(m).toMatchObject({ type: 'document', body: 'Segue o boleto' });
    expect(m.media).toMatchObject({ mimeType: 'application/pdf', fileName: 'boleto.pdf' });
  });

  test('document without caption shows its file name', async () => {
    const m = await message('documentNoCaption');
    expect(m).toMatchObject({ type: 'document', body: 'planilha.xlsx' });
    expect(m.media?.fileName).toBe('planilha.xlsx');
  });

  test('sticker', async () => {
    const m = await message('sticker');
    expect(m.type).toBe('sticker');
    expect(m.media?.mimeType).toBe('image/webp');
  });

  test('media whose download fails still arrives, without bytes', async () => {
    const m = await message('image', {
      downloadMedia: async () => {
        throw new Error('410 gone');
      },
    });
    expect(m.type).toBe('image');
    expect(m.media).toBeUndefined();
  });

  test('view-once and ephemeral wrappers are unwrapped', async () => {
    expect((await message('viewOnceImage')).type).toBe('image');
    expect(await message('ephemeralText')).toMatchObject({ type: 'chat', body: 'mensagem temporária' });
  });

  test('location carries coordinates, name and a maps link', async () => {
    const m = await message('location');
    expect(m.type).toBe('location');
    expect(m.location).toEqual({ latitude: -23.561414, longitude: -46.655881 });
    expect(m.body).toContain('MASP');
    expect(m.body).toContain('https://maps.google.com/maps?q=-23.561414%2C-46.655881');
  });

  test('contact card and contact list become vcard', async () => {
    const one = await message('contact');
    expect(one.type).toBe('vcard');
    expect(one.body).toStartWith('BEGIN:VCARD');
    expect(one.body).toContain('waid=5521999990000');
    const many = await message('contactsArray');
    expect(many.type).toBe('vcard');
    expect(many.body.match(/BEGIN:VCARD/g)).toHaveLength(2);
  });

  test('reaction targets the reacted message; an empty text removes it', async () => {
    expect(await map('reaction')).toMatchObject({
      kind: 'reaction',
      messageId: '3EB0FFEE00112233',
      emoji: '👍',
      from: PN,
    });
    expect(await map('reactionRemoved')).toMatchObject({ kind: 'reaction', emoji: '' });
  });

  test('protocol revoke → revoke of the target id', async () => {
    expect(await map('revoke')).toMatchObject({ kind: 'revoke', messageId: '3EB0A1B2C3D4E5F60001' });
  });

  test('edit → new body for the target id', async () => {
    expect(await map('edit')).toMatchObject({
      kind: 'edit',
      messageId: '3EB0A1B2C3D4E5F60001',
      newBody: 'Olá, preciso de ajuda com meu pedido 4521',
    });
  });

  test('button reply is text with the chosen option', async () => {
    expect(await message('buttonReply')).toMatchObject({
      type: 'chat',
      body: 'Financeiro',
      quotedId: '3EB0BUTTONS0001',
    });
  });

  test('poll we cannot render arrives as unknown with its question', async () => {
    expect(await message('poll')).toMatchObject({ type: 'unknown', body: 'Qual horário prefere?' });
  });

  test('own message sent from the phone is fromMe, without pushName', async () => {
    const m = await message('fromMeText');
    expect(m.fromMe).toBe(true);
    expect(m.pushName).toBeUndefined();
  });

  test.each([
    ['statusBroadcast', 'status'],
    ['newsletter', 'newsletter'],
    // Baileys' getContentType skips key-distribution-only payloads
    ['groupSenderKeyOnly', 'empty'],
    ['historySyncNotification', 'protocol-5'],
    ['stubOnly', 'stub'],
  ])('%s is ignored (%s)', async (name, reason) => {
    expect(await map(name)).toEqual({ kind: 'ignore', reason });
  });
});

describe('groups', () => {
  test('ignored when the connection disables group messages', async () => {
    expect(await map('group', { disableGroupMessages: true })).toEqual({ kind: 'ignore', reason: 'group-disabled' });
  });

  test('delivered with the sender as phone jid otherwise', async () => {
    const m = await message('group', { disableGroupMessages: false });
    expect(m).toMatchObject({
      remoteJid: '120363025246125888@g.us',
      participant: '5548999998888@s.whatsapp.net',
      pushName: 'Carlos',
      body: 'Bom dia, grupo!',
    });
  });
});

describe('LID and phone number of one person', () => {
  test('LID-addressed message with the phone as alt → remoteJid LID, remoteJidAlt phone', async () => {
    expect(await message('lidWithPnAlt')).toMatchObject({ remoteJid: LID, remoteJidAlt: PN });
  });

  test('phone-addressed message with the LID as alt → the same pair', async () => {
    expect(await message('pnWithLidAlt')).toMatchObject({ remoteJid: LID, remoteJidAlt: PN });
  });

  test('device suffixes are dropped', async () => {
    expect(await message('lidWithDevice')).toMatchObject({ remoteJid: LID, remoteJidAlt: PN });
  });

  test('LID without alt asks the mapping store', async () => {
    const asked: string[] = [];
    const m = await message('lidOnly', {
      pnForLid: async (lid) => {
        asked.push(lid);
        return lid === LID ? '5511987654321:3@s.whatsapp.net' : null;
      },
    });
    expect(asked).toEqual([LID]);
    expect(m).toMatchObject({ remoteJid: LID, remoteJidAlt: PN });
  });

  test('LID without alt nor mapping stays LID only (no invented number)', async () => {
    const m = await message('lidOnly', { pnForLid: async () => null });
    expect(m.remoteJid).toBe(LID);
    expect(m.remoteJidAlt).toBeUndefined();
    const failing = await message('lidOnly', {
      pnForLid: async () => {
        throw new Error('store down');
      },
    });
    expect(failing.remoteJidAlt).toBeUndefined();
  });

  test('all three addressings of the same person yield one identity pair', async () => {
    const keys = await Promise.all(
      ['lidWithPnAlt', 'pnWithLidAlt', 'lidWithDevice'].map(async (n) => {
        const m = await message(n);
        return `${m.remoteJid}|${m.remoteJidAlt}`;
      }),
    );
    expect(new Set(keys).size).toBe(1);
  });
});
