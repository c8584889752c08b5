import {
  getContentType,
  isHostedLidUser,
  isHostedPnUser,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  jidNormalizedUser,
  normalizeMessageContent,
  type proto,
  type WAMessage,
} from 'baileys';
import type { ChannelMediaType, InboundMessage } from '../types';

/**
 * messages.upsert item → what the platform should hear about it. Pure apart from the injected IO
 * (media download, LID → phone lookup), so it is tested against recorded payloads without a socket.
 */
export type MappedUpsert =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'edit'; messageId: string; newBody: string; raw: unknown }
  | { kind: 'revoke'; messageId: string; raw: unknown }
  | { kind: 'reaction'; messageId: string; emoji: string; from: string; raw: unknown }
  | { kind: 'ignore'; reason: string };

export type MapDeps = {
  disableGroupMessages: boolean;
  /** downloads and decrypts the media of `msg` (Baileys' downloadMediaMessage in production) */
  downloadMedia?: (msg: WAMessage) => Promise<Uint8Array>;
  /** phone jid for a LID jid, from Baileys' LID mapping store; null when unknown */
  pnForLid?: (lidJid: string) => Promise<string | null>;
  /** our own jid, reported as the author of reactions we made from the phone */
  selfJid?: string;
  /** clock (ms) for a payload without timestamp */
  now?: () => number;
};

const PROTOCOL_REVOKE = 0;
const PROTOCOL_MESSAGE_EDIT = 14;

const isPhoneJid = (jid: string | null | undefined): jid is string => !!jid && !!(isPnUser(jid) || isHostedPnUser(jid));
const isLidJid = (jid: string | null | undefined): jid is string => !!jid && !!(isLidUser(jid) || isHostedLidUser(jid));

/** Baileys timestamps are Unix seconds as number or protobuf Long; the port speaks Unix seconds too (like the simulator). */
export function toUnixSeconds(ts: unknown, fallback: number): number {
  if (ts === null || ts === undefined) return fallback;
  const n = typeof ts === 'object' && ts && 'toNumber' in ts ? (ts as { toNumber(): number }).toNumber() : Number(ts);
  if (!Number.isFinite(n) || n <= 0) return fallback;
  return n > 1e12 ? Math.floor(n / 1000) : Math.floor(n);
}

/**
 * One person, two identifiers: WhatsApp now addresses many chats by LID (`123@lid`) and sends the phone jid as the
 * key's alt field (`remoteJidAlt` / `participantAlt`) when it knows it. We return the LID as `remoteJid` and the
 * phone jid as `remoteJidAlt` whenever both are known, so the contact upsert can match either and never create a
 * second contact for the same person.
 */
export async function resolveRemote(
  key: WAMessage['key'],
  pnForLid?: MapDeps['pnForLid'],
): Promise<{ remoteJid: string; remoteJidAlt?: string; participant?: string }> {
  const chat = key.remoteJid ? jidNormalizedUser(key.remoteJid) : '';
  if (isJidGroup(chat)) {
    const sender = key.participant ? jidNormalizedUser(key.participant) : undefined;
    const senderAlt = key.participantAlt ? jidNormalizedUser(key.participantAlt) : undefined;
    let participant = sender;
    if (isLidJid(sender)) {
      const pn = isPhoneJid(senderAlt) ? senderAlt : await lookup(pnForLid, sender);
      if (pn) participant = pn;
    }
    return { remoteJid: chat, participant };
  }
  const alt = key.remoteJidAlt ? jidNormalizedUser(key.remoteJidAlt) : undefined;
  if (isPhoneJid(chat) && isLidJid(alt)) return { remoteJid: alt, remoteJidAlt: chat };
  if (isLidJid(chat)) {
    const pn = isPhoneJid(alt) ? alt : await lookup(pnForLid, chat);
    return pn ? { remoteJid: chat, remoteJidAlt: pn } : { remoteJid: chat };
  }
  return { remoteJid: chat };
}

async function lookup(pnForLid: MapDeps['pnForLid'], lid: string): Promise<string | undefined> {
  if (!pnForLid) return undefined;
  try {
    const pn = await pnForLid(lid);
    return pn ? jidNormalizedUser(pn) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The contact identity of a 1:1 message (or of a group) in the shape the contact upsert takes: the phone number
 * and/or the LID, so one person reached by either ends up as one contact.
 */
export function contactIdentityOf(msg: Pick<InboundMessage, 'remoteJid' | 'remoteJidAlt'>): {
  number: string | null;
  lid: string | null;
  isGroup: boolean;
} {
  const jids = [msg.remoteJid, msg.remoteJidAlt].filter((j): j is string => !!j);
  if (isJidGroup(msg.remoteJid)) return { number: msg.remoteJid.split('@')[0] ?? null, lid: null, isGroup: true };
  const pn = jids.find((j) => isPhoneJid(j));
  const lid = jids.find((j) => isLidJid(j));
  return { number: pn ? (pn.split('@')[0] ?? null) : null, lid: lid ?? null, isGroup: false };
}

type Content = proto.IMessage;

/** Text of a (normalised) message content, whatever the wrapper. */
export function bodyOf(c: Content | null | undefined): string {
  if (!c) return '';
  return (
    c.conversation ??
    c.extendedTextMessage?.text ??
    c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ??
    c.buttonsResponseMessage?.selectedDisplayText ??
    c.listResponseMessage?.title ??
    c.templateButtonReplyMessage?.selectedDisplayText ??
    c.interactiveResponseMessage?.body?.text ??
    c.pollCreationMessageV3?.name ??
    c.pollCreationMessage?.name ??
    ''
  );
}

function quotedIdOf(c: Content, type: keyof Content | undefined): string | undefined {
  if (!type) return undefined;
  const inner = c[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  const id = inner && typeof inner === 'object' ? inner.contextInfo?.stanzaId : undefined;
  return id || undefined;
}

const MEDIA_KEYS: Record<string, ChannelMediaType> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
  ptvMessage: 'video',
};

const DEFAULT_MIME: Record<ChannelMediaType, string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg; codecs=opus',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

/** A file name for media that has none (images, audio): `<message id>.<ext from mime>`. */
export function fileNameFor(id: string, mimeType: string, given?: string | null): string {
  if (given) return given;
  const base = mimeType.split(';')[0]?.trim() ?? '';
  return `${id}.${EXT[base] ?? base.split('/')[1] ?? 'bin'}`;
}

export async function mapUpsertMessage(msg: WAMessage, deps: MapDeps): Promise<MappedUpsert> {
  const key = msg.key;
  const id = key?.id;
  const chat = key?.remoteJid;
  if (!id || !chat) return { kind: 'ignore', reason: 'no-key' };
  if (isJidStatusBroadcast(chat)) return { kind: 'ignore', reason: 'status' };
  if (isJidNewsletter(chat)) return { kind: 'ignore', reason: 'newsletter' };
  if (isJidBroadcast(chat)) return { kind: 'ignore', reason: 'broadcast' };
  if (isJidGroup(chat) && deps.disableGroupMessages) return { kind: 'ignore', reason: 'group-disabled' };

  const content = normalizeMessageContent(msg.message);
  if (!content) return { kind: 'ignore', reason: msg.messageStubType ? 'stub' : 'empty' };
  const type = getContentType(content);
  if (!type) return { kind: 'ignore', reason: 'empty' };
  const remote = await resolveRemote(key, deps.pnForLid);

  if (type === 'protocolMessage') {
    const p = content.protocolMessage!;
    if (p.type !== PROTOCOL_REVOKE && p.type !== PROTOCOL_MESSAGE_EDIT) {
      return { kind: 'ignore', reason: `protocol-${p.type}` };
    }
    const target = p.key?.id;
    if (!target) return { kind: 'ignore', reason: 'protocol-no-target' };
    if (p.type === PROTOCOL_REVOKE) return { kind: 'revoke', messageId: target, raw: msg };
    return { kind: 'edit', messageId: target, newBody: bodyOf(p.editedMessage), raw: msg };
  }
  if (type === 'reactionMessage') {
    const r = content.reactionMessage!;
    const target = r.key?.id;
    if (!target) return { kind: 'ignore', reason: 'reaction-no-target' };
    const from = key.fromMe
      ? deps.selfJid
        ? jidNormalizedUser(deps.selfJid)
        : ''
      : (remote.participant ?? remote.remoteJidAlt ?? remote.remoteJid);
    // an empty text is WhatsApp's "reaction removed"
    return { kind: 'reaction', messageId: target, emoji: r.text ?? '', from, raw: msg };
  }
  if (
    type === 'senderKeyDistributionMessage' ||
    type === 'messageContextInfo' ||
    type === 'pollUpdateMessage' ||
    type === 'keepInChatMessage' ||
    type === 'encReactionMessage' ||
    type === 'encEventResponseMessage'
  ) {
    return { kind: 'ignore', reason: type };
  }

  const base: InboundMessage = {
    id,
    ...remote,
    pushName: !key.fromMe && msg.pushName ? msg.pushName : undefined,
    fromMe: !!key.fromMe,
    timestamp: toUnixSeconds(msg.messageTimestamp, Math.floor((deps.now?.() ?? Date.now()) / 1000)),
    type: 'chat',
    body: bodyOf(content),
    quotedId: quotedIdOf(content, type),
    raw: msg,
  };
  if (!base.quotedId) delete base.quotedId;
  if (!base.pushName) delete base.pushName;
  if (base.remoteJidAlt === undefined) delete base.remoteJidAlt;
  if (base.participant === undefined) delete base.participant;

  switch (type) {
    case 'conversation':
    case 'extendedTextMessage':
    case 'buttonsResponseMessage':
    case 'listResponseMessage':
    case 'templateButtonReplyMessage':
    case 'interactiveResponseMessage':
      return { kind: 'message', message: base };
    case 'locationMessage':
    case 'liveLocationMessage': {
      const l = (content.locationMessage ?? content.liveLocationMessage)!;
      const latitude = Number(l.degreesLatitude ?? 0);
      const longitude = Number(l.degreesLongitude ?? 0);
      const named = 'name' in l ? [l.name, l.address].filter(Boolean).join('\n') : '';
      const link = `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`;
      return {
        kind: 'message',
        message: {
          ...base,
          type: 'location',
          body: named ? `${named}\n${link}` : link,
          location: { latitude, longitude },
        },
      };
    }
    case 'contactMessage':
      return { kind: 'message', message: { ...base, type: 'vcard', body: content.contactMessage?.vcard ?? '' } };
    case 'contactsArrayMessage': {
      const cards = (content.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard ?? '').filter(Boolean);
      return { kind: 'message', message: { ...base, type: 'vcard', body: cards.join('\n') } };
    }
  }

  const mediaType = MEDIA_KEYS[type];
  if (mediaType) {
    const m = content[type as 'imageMessage'] as proto.Message.IImageMessage & {
      fileName?: string | null;
      ptt?: boolean | null;
    };
    const mimeType = m.mimetype || DEFAULT_MIME[mediaType];
    const fileName = fileNameFor(id, mimeType, m.fileName);
    const body = mediaType === 'document' ? m.caption || m.fileName || '' : (m.caption ?? '');
    const message: InboundMessage = { ...base, type: mediaType, body };
    if (deps.downloadMedia) {
      // a media whose download fails still becomes a message (the attendant sees it arrived); the raw payload
      // keeps the media keys for a later retry
      try {
        const data = await deps.downloadMedia(msg);
        message.media = { mimeType, fileName, data };
      } catch {
        /* media unavailable (expired on WhatsApp's servers, network): keep the message without bytes */
      }
    }
    return { kind: 'message', message };
  }

  return { kind: 'message', message: { ...base, type: 'unknown', body: base.body } };
}
