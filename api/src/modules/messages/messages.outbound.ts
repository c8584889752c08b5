import {
  buttonsAsText,
  DomainError,
  lastMessagePreview,
  type MessageDto,
  type OutboundTicketPolicy,
  type ReplyButton,
  signBody,
  type TicketDto,
  toJid,
} from '@zapdesk/core';
import { defineSessionOp } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import type { ChannelPresence, OutboundContent } from '../../platform/channels/types';
import { nowDate } from '../../platform/clock';
import { log } from '../../platform/log';
import { upsertContactFromChannel } from '../contacts/contacts.channel';
import { getContactRow } from '../contacts/contacts.service';
import { sendableLocation } from '../locations/locations.service';
import { loadMediaBytes, mediaIdFromUrl, saveMediaFile } from '../media/media.service';
import {
  applyTicketStateAfterSend,
  assertTicketRefs,
  loadTicketDto,
  ticketForOutbound,
  touchTicketOnMessage,
} from '../tickets/tickets.service';
import { connectedSession } from '../whatsapp/whatsapp.pipeline';
import { getDefaultWhatsapp } from '../whatsapp/whatsapp.service';
import { publishMessage } from './messages.channel';
import * as repo from './messages.repo';

/**
 * The outbound seam: every message the platform sends goes through sendOutbound — the attendant's chat send, the
 * greeting, the farewell, and later schedules, campaigns, bots, flows, the message API and billing notices. It
 * resolves who (a ticket, a contact or a bare number) and on which connection (the ticket's, the given one, or the
 * company's default), applies the ticket policy (core `OutboundTicketPolicy`), and sends AND records each message on
 * the process that owns the connection's session (sendAndRecord below: the relay to the owner stays behind the
 * seam). Presence (typing, recording) goes the same way, without a message.
 */

export const MESSAGE_TEXT = {
  ticketNotOpen: 'O ticket precisa estar aberto para enviar mensagens.',
  noConnection: 'Transfira para uma conexão para atender este ticket',
  emptyBody: 'A mensagem não pode estar vazia.',
  quotedNotFound: 'Mensagem citada não encontrada.',
  locationNotFound: 'Localização não encontrada.',
  messageNotFound: 'Mensagem não encontrada.',
  notOwnMessage: 'Somente mensagens enviadas por você podem ser apagadas.',
  badChannel: 'Canal inválido.',
  tooManyButtons: 'O Whatsapp permite adicionar somente 3 botões por mensagens.',
} as const;

/** WhatsApp's limit of reply buttons on one message (spec 2 §9) */
export const MAX_REPLY_BUTTONS = 3;

export type OutboundInput =
  | { kind: 'text'; body: string; quotedMsgId?: number | null }
  /** a file already stored for the company (`mediaUrl: /media/{id}`), with an optional caption */
  | { kind: 'storedMedia'; mediaUrl: string; body?: string; quotedMsgId?: number | null }
  | {
      kind: 'upload';
      files: { data: Uint8Array; mimeType?: string; fileName?: string }[];
      body?: string;
      quotedMsgId?: number | null;
    }
  | { kind: 'location'; locationId: number; quotedMsgId?: number | null }
  /**
   * a text with reply options (at most 3: campaign buttons). Stored in the ticket as the text with numbered options
   * (core `buttonsAsText`, what a WhatsApp without the Business API shows) and `dataJson.buttons`.
   */
  | { kind: 'buttons'; body: string; buttons: ReplyButton[]; footer?: string; quotedMsgId?: number | null };

type Prepared = {
  content: OutboundContent;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  dataJson: Record<string, unknown> | null;
};

/** one outbound message, as the owner of the connection's session receives it */
type SendAndRecord = {
  companyId: number;
  /** null: sent only, stored in no ticket (ticket policy `none`) */
  ticketId: number | null;
  to: string;
  content: OutboundContent;
  userId: number | null;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  dataJson: Record<string, unknown> | null;
  quotedMsgId: number | null;
};

/**
 * Sends one message and records it (unless it belongs to no ticket) — stored (fromMe, ack 1 = accepted by the server), the ticket's preview updated,
 * `appMessage-{companyId}` create published — in the process that owns the connection's session. Recording there,
 * not in the process that asked, means a message WhatsApp accepted is never lost: if the asking process stops
 * waiting (the relay's timeout), the attendant sees an error but the message still shows up, live. The stored id is
 * WhatsApp's id, so the phone's echo of our own message is recognised as the same message.
 */
const sendAndRecord = defineSessionOp(
  'messages.sendAndRecord',
  async (connId, a: SendAndRecord): Promise<{ message: MessageDto; ticket: TicketDto } | null> => {
    const session = sessionManager().get(connId);
    if (!session) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    let sent: Awaited<ReturnType<typeof session.sendMessage>>;
    try {
      sent = await session.sendMessage(a.to, a.content);
    } catch (err) {
      if (
        err instanceof DomainError &&
        (err.code === 'ERR_WAPP_NOT_INITIALIZED' || err.code === 'ERR_WAPP_INVALID_CONTACT')
      ) {
        throw err;
      }
      log.warn({ err, companyId: a.companyId, ticketId: a.ticketId }, 'send failed');
      throw new DomainError('ERR_SENDING_WAPP_MSG');
    }
    if (a.ticketId === null) return null;
    const at = new Date(sent.timestamp * 1000);
    const values = {
      wid: sent.id,
      ticketId: a.ticketId,
      contactId: null,
      whatsappId: connId,
      userId: a.userId,
      body: a.body,
      fromMe: true,
      read: true,
      ack: 1,
      mediaType: a.mediaType,
      mediaUrl: a.mediaUrl,
      quotedMsgId: a.quotedMsgId,
      dataJson: a.dataJson,
      createdAt: Number.isFinite(at.getTime()) ? at : nowDate(),
    };
    // the phone's echo may have been processed first: complete that row instead of failing
    const { row } = await repo.insertMessageIdempotent(a.companyId, values, {
      userId: a.userId,
      mediaUrl: a.mediaUrl,
      dataJson: a.dataJson,
    });
    const ticket = await touchTicketOnMessage(a.companyId, a.ticketId, {
      lastMessage: lastMessagePreview({ body: row.body, mediaType: row.mediaType }),
      incrementUnread: false,
    });
    return { message: await publishMessage(a.companyId, 'create', row, ticket), ticket };
  },
  // a media upload to WhatsApp may take a while
  { timeoutMs: 120_000, timeoutError: 'ERR_SENDING_WAPP_MSG' },
);

const kindOfMime = (mime: string): 'image' | 'audio' | 'video' | 'document' =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('audio/')
      ? 'audio'
      : mime.startsWith('video/')
        ? 'video'
        : 'document';

function mediaItem(
  saved: { url: string; mimeType: string; fileName: string },
  bytes: Uint8Array,
  caption: string | undefined,
): Prepared {
  const mediaType = kindOfMime(saved.mimeType);
  return {
    content: {
      kind: 'media',
      mediaType,
      data: bytes,
      mimeType: saved.mimeType,
      fileName: saved.fileName,
      caption: caption || undefined,
      // an ogg from the recorder is a voice note
      ptt: saved.mimeType === 'audio/ogg',
    },
    body: caption ?? '',
    mediaType,
    mediaUrl: saved.url,
    dataJson: { fileName: saved.fileName },
  };
}

/** Media items; audio carries no caption on WhatsApp, so a text before it carries the body. */
function withCaption(items: Omit<Prepared, 'body'>[] | Prepared[], body: string): Prepared[] {
  const list = items as Prepared[];
  if (!body) return list;
  if (list[0].mediaType === 'audio') {
    return [{ content: { kind: 'text', body }, body, mediaType: 'chat', mediaUrl: null, dataJson: null }, ...list];
  }
  const first = list[0];
  const content = first.content.kind === 'media' ? { ...first.content, caption: body } : first.content;
  return [{ ...first, content, body }, ...list.slice(1)];
}

async function prepare(companyId: number, input: OutboundInput, sign: (b: string) => string): Promise<Prepared[]> {
  switch (input.kind) {
    case 'text': {
      const text = input.body.trim();
      if (!text) throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.emptyBody);
      const body = sign(input.body);
      return [{ content: { kind: 'text', body }, body, mediaType: 'chat', mediaUrl: null, dataJson: null }];
    }
    case 'storedMedia': {
      const id = mediaIdFromUrl(input.mediaUrl);
      if (!id) throw new DomainError('ERR_VALIDATION', 'mediaUrl deve ser um arquivo desta empresa (/media/{id}).');
      const { file, bytes } = await loadMediaBytes(companyId, id);
      const item = mediaItem(
        { url: `/media/${file.id}`, mimeType: file.mimeType, fileName: file.fileName },
        bytes,
        undefined,
      );
      return withCaption([item], input.body?.trim() ? sign(input.body) : '');
    }
    case 'upload': {
      if (!input.files.length) throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.emptyBody);
      // every file is checked and stored before anything is sent: one refused file sends nothing
      const items: Prepared[] = [];
      for (const f of input.files) {
        const saved = await saveMediaFile(companyId, f);
        items.push(mediaItem(saved, f.data, undefined));
      }
      return withCaption(items, input.body?.trim() ? sign(input.body) : '');
    }
    case 'buttons': {
      if (!input.body.trim()) throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.emptyBody);
      if (input.buttons.length > MAX_REPLY_BUTTONS) {
        throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.tooManyButtons);
      }
      const text = sign(input.body);
      const buttons = input.buttons.map((b) => ({ id: b.id, text: b.text }));
      const footer = input.footer?.trim() || undefined;
      return [
        {
          content: { kind: 'buttons', body: text, buttons, footer },
          body: buttonsAsText(text, buttons, footer),
          mediaType: 'chat',
          mediaUrl: null,
          dataJson: { buttons, ...(footer ? { footer } : {}) },
        },
      ];
    }
    case 'location': {
      const loc = await sendableLocation(companyId, input.locationId);
      if (!loc) throw new DomainError('ERR_NOT_FOUND', MESSAGE_TEXT.locationNotFound);
      const address = loc.address || undefined;
      return [
        {
          content: { kind: 'location', latitude: loc.latitude, longitude: loc.longitude, name: loc.name, address },
          // stored as an inbound location is (pipeline): name and address lines, then the maps link
          body: locationBody(loc),
          mediaType: 'location',
          mediaUrl: null,
          dataJson: {
            latitude: loc.latitude,
            longitude: loc.longitude,
            name: loc.name,
            ...(address ? { address } : {}),
            locationId: loc.id,
          },
        },
      ];
    }
  }
}

/** A location's text as WhatsApp shows a received pin (baileys map-message): name, address, maps link. */
function locationBody(loc: { name: string; address: string; latitude: number; longitude: number }): string {
  const link = `https://maps.google.com/maps?q=${loc.latitude}%2C${loc.longitude}&z=17`;
  const named = [loc.name, loc.address].filter(Boolean).join('\n');
  return named ? `${named}\n${link}` : link;
}

/** who a send goes to */
export type OutboundTarget =
  /** the ticket's contact, on the ticket's connection (`ticket`: the caller's fresh copy, saves a read) */
  | { ticketId: number; ticket?: TicketDto }
  /** a contact of the company; on `whatsappId`, else the company's default connection */
  | { contactId: number; whatsappId?: number }
  /** a phone number (any spelling), contact or not yet; checked on WhatsApp first when it gets a ticket */
  | { number: string; name?: string; whatsappId?: number };

export type OutboundContentInput = OutboundInput | { kind: 'presence'; presence: ChannelPresence };

export type OutboundRequest = {
  to: OutboundTarget;
  content: OutboundContentInput;
  /**
   * A contact or a number: which ticket the messages go in (default `{ mode: 'reuse' }`). A ticket target: that
   * ticket; only `status`, `queueId` and `userId` apply.
   */
  ticket?: OutboundTicketPolicy | Omit<OutboundTicketPolicy, 'mode'>;
  /** the user the messages are stored as sent by (null: the platform itself) */
  userId?: number | null;
  /** sign the text with this name in bold (the attendant's signature) */
  signAs?: string | null;
};

export type OutboundResult = {
  /** the stored messages, in order (none for presence or a send in no ticket) */
  messages: MessageDto[];
  /** the ticket they went in, as it is after the send (null: no ticket) */
  ticket: TicketDto | null;
};

type Resolved = { whatsappId: number; jid: string; ticket: TicketDto | null };

async function resolveTarget(
  companyId: number,
  to: OutboundTarget,
): Promise<Resolved & { number?: string; name?: string }> {
  if ('ticketId' in to) {
    const ticket = to.ticket?.id === to.ticketId ? to.ticket : await loadTicketDto(companyId, to.ticketId);
    if (!ticket.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED', MESSAGE_TEXT.noConnection);
    return { whatsappId: ticket.whatsappId, jid: toJid(ticket.contact.number, ticket.isGroup), ticket };
  }
  const whatsappId = to.whatsappId ?? (await getDefaultWhatsapp(companyId)).id;
  if ('contactId' in to) {
    const c = await getContactRow({ companyId }, to.contactId);
    return { whatsappId, jid: toJid(c.number, c.isGroup), ticket: null };
  }
  return { whatsappId, jid: toJid(to.number, false), ticket: null, number: to.number, name: to.name };
}

async function resolveQuote(companyId: number, whatsappId: number, quotedMsgId: number | null | undefined) {
  if (!quotedMsgId) return { wid: undefined, id: null };
  const q = await repo.findMessageInCompany(companyId, quotedMsgId);
  if (!q || q.whatsappId !== whatsappId) throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.quotedNotFound);
  return { wid: q.wid, id: q.id };
}

/**
 * The one send. Order: the target and its connection, the content (validated, uploads stored: a refused file sends
 * nothing), the quote, the connection's session (ERR_WAPP_NOT_INITIALIZED when not connected), then — for a contact
 * or a number with a ticket policy — the number checked on WhatsApp (ERR_WAPP_INVALID_CONTACT: nothing created), the
 * contact found or created and the ticket found or created; then each message sent and recorded in order; then the
 * ticket's state after the send (status, queue, user). No ticket-status or ownership check: the caller owns that
 * rule (the chat send checks the attendant; a bot may write in any ticket).
 */
/** How many messages of a failed `sendOutbound` went out before the failure (0 when none). */
export function sentBeforeFailure(err: unknown): number {
  const n = (err as { sentBeforeFailure?: unknown } | null)?.sentBeforeFailure;
  return typeof n === 'number' ? n : 0;
}

export async function sendOutbound(companyId: number, req: OutboundRequest): Promise<OutboundResult> {
  const target = await resolveTarget(companyId, req.to);
  const policy: OutboundTicketPolicy = {
    mode: 'mode' in (req.ticket ?? {}) ? (req.ticket as OutboundTicketPolicy).mode : 'reuse',
    ...req.ticket,
  };
  const content = req.content;
  if (content.kind === 'presence') {
    const { session } = await connectedSession(companyId, target.whatsappId);
    await session.sendPresence(target.jid, content.presence);
    return { messages: [], ticket: target.ticket };
  }
  const items = await prepare(companyId, content, (b) => (req.signAs ? signBody(b, req.signAs) : b));
  const quote = await resolveQuote(companyId, target.whatsappId, content.quotedMsgId);
  const { session } = await connectedSession(companyId, target.whatsappId);

  let ticket = target.ticket;
  let jid = target.jid;
  if (!ticket && policy.mode !== 'none') {
    await assertTicketRefs(companyId, { queueId: policy.queueId, userId: policy.userId });
    let contactId: number;
    let isGroup = false;
    if ('contactId' in req.to) {
      contactId = req.to.contactId;
      isGroup = jid.endsWith('@g.us');
    } else {
      // a bare number: only a WhatsApp account gets a contact and a ticket
      const found = await session.checkNumber(target.number as string);
      if (!found) throw new DomainError('ERR_WAPP_INVALID_CONTACT');
      const contact = await upsertContactFromChannel(companyId, { number: found, name: target.name, isGroup: false });
      contactId = contact.id;
      jid = toJid(found, false);
    }
    ticket = (
      await ticketForOutbound(companyId, { contactId, whatsappId: target.whatsappId, isGroup, mode: policy.mode })
    ).ticket;
  }

  const messages: MessageDto[] = [];
  for (const [i, item] of items.entries()) {
    let recorded: Awaited<ReturnType<typeof sendAndRecord>>;
    try {
      recorded = await sendAndRecord(target.whatsappId, {
        companyId,
        ticketId: ticket?.id ?? null,
        to: jid,
        content: i === 0 && quote.wid ? { ...item.content, quotedId: quote.wid } : item.content,
        userId: req.userId ?? null,
        body: item.body,
        mediaType: item.mediaType,
        mediaUrl: item.mediaUrl,
        dataJson: item.dataJson,
        quotedMsgId: i === 0 ? quote.id : null,
      });
    } catch (err) {
      // some messages of this send already went out: the caller must not say "nothing was sent"
      if (messages.length && err instanceof Error) Object.assign(err, { sentBeforeFailure: messages.length });
      throw err;
    }
    if (recorded) {
      messages.push(recorded.message);
      // the ticket as this send left it (preview, order)
      ticket = recorded.ticket;
    }
  }
  if (ticket && (policy.status !== undefined || policy.queueId !== undefined || policy.userId !== undefined)) {
    ticket = await applyTicketStateAfterSend(companyId, ticket.id, policy);
  }
  return { messages, ticket };
}
