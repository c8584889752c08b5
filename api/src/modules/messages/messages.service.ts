import {
  DomainError,
  events,
  lastMessagePreview,
  type MessageDto,
  shouldSign,
  signBody,
  type TicketDto,
  toJid,
} from '@zapdesk/core';
import { defineSessionOp } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import type { OutboundContent } from '../../platform/channels/types';
import type { UserCtx } from '../../platform/http/context';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { loadMediaBytes, mediaIdFromUrl, saveMediaFile } from '../media/media.service';
import { loadTicketDto, touchTicketOnMessage } from '../tickets/tickets.service';
import { connectedSession } from '../whatsapp/whatsapp.pipeline';
import { findSendableLocation } from './messages.locations.repo';
import * as repo from './messages.repo';
import { type MessageRow, toMessageDto } from './messages.serialize';

export const MESSAGE_TEXT = {
  ticketNotOpen: 'O ticket precisa estar aberto para enviar mensagens.',
  noConnection: 'Transfira para uma conexão para atender este ticket',
  emptyBody: 'A mensagem não pode estar vazia.',
  quotedNotFound: 'Mensagem citada não encontrada.',
  locationNotFound: 'Localização não encontrada.',
  messageNotFound: 'Mensagem não encontrada.',
  notOwnMessage: 'Somente mensagens enviadas por você podem ser apagadas.',
  badChannel: 'Canal inválido.',
} as const;

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
  | { kind: 'location'; locationId: number; quotedMsgId?: number | null };

type Prepared = {
  content: OutboundContent;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  dataJson: Record<string, unknown> | null;
};

async function emitCreate(companyId: number, row: MessageRow, ticket: TicketDto): Promise<MessageDto> {
  const rel = await repo.messageRelations(companyId, row);
  const dto = toMessageDto(row, rel);
  emit({
    companyId,
    channel: events.appMessage.of(companyId),
    data: { action: 'create', message: dto, ticket, contact: ticket.contact },
  });
  return dto;
}

/** one outbound message, as the owner of the connection's session receives it */
type SendAndRecord = {
  companyId: number;
  ticketId: number;
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
 * Sends one message and records it — stored (fromMe, ack 1 = accepted by the server), the ticket's preview updated,
 * `appMessage-{companyId}` create published — in the process that owns the connection's session. Recording there,
 * not in the process that asked, means a message WhatsApp accepted is never lost: if the asking process stops
 * waiting (the relay's timeout), the attendant sees an error but the message still shows up, live. The stored id is
 * WhatsApp's id, so the phone's echo of our own message is recognised as the same message.
 */
const sendAndRecord = defineSessionOp(
  'messages.sendAndRecord',
  async (connId, a: SendAndRecord): Promise<MessageDto> => {
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
      createdAt: Number.isFinite(at.getTime()) ? at : new Date(),
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
    return emitCreate(a.companyId, row, ticket);
  },
  // a media upload to WhatsApp may take a while
  { timeoutMs: 120_000, timeoutError: 'ERR_SENDING_WAPP_MSG' },
);

/** Sends the prepared messages through the ticket's connection, in order (sendAndRecord each). */
async function sendPrepared(
  companyId: number,
  ticket: TicketDto,
  userId: number | null,
  items: Prepared[],
  quotedWid: string | undefined,
  quotedMsgId: number | null,
): Promise<MessageDto[]> {
  if (!ticket.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED', MESSAGE_TEXT.noConnection);
  // the connection exists in the company and is connected (its session may run in another process)
  await connectedSession(companyId, ticket.whatsappId);
  const to = toJid(ticket.contact.number, ticket.isGroup);
  const out: MessageDto[] = [];
  for (const [i, item] of items.entries()) {
    out.push(
      await sendAndRecord(ticket.whatsappId, {
        companyId,
        ticketId: ticket.id,
        to,
        content: i === 0 && quotedWid ? { ...item.content, quotedId: quotedWid } : item.content,
        userId,
        body: item.body,
        mediaType: item.mediaType,
        mediaUrl: item.mediaUrl,
        dataJson: item.dataJson,
        quotedMsgId: i === 0 ? quotedMsgId : null,
      }),
    );
  }
  return out;
}

async function resolveQuote(companyId: number, ticket: TicketDto, quotedMsgId: number | null | undefined) {
  if (!quotedMsgId) return { wid: undefined, id: null };
  const q = await repo.findMessageInCompany(companyId, quotedMsgId);
  if (!q || q.whatsappId !== ticket.whatsappId) throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.quotedNotFound);
  return { wid: q.wid, id: q.id };
}

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
    case 'location': {
      const loc = await findSendableLocation(companyId, input.locationId);
      if (!loc) throw new DomainError('ERR_NOT_FOUND', MESSAGE_TEXT.locationNotFound);
      return [
        {
          content: { kind: 'location', latitude: loc.latitude, longitude: loc.longitude, name: loc.name },
          body: loc.name,
          mediaType: 'location',
          mediaUrl: null,
          dataJson: { latitude: loc.latitude, longitude: loc.longitude, name: loc.name },
        },
      ];
    }
  }
}

/**
 * POST /messages/{ticketId}/{companyId}: an attendant answers in a ticket. Only an open ticket, only its
 * attendant or an administrator; signed with the user's name in bold when the user has signMessage and the
 * permission group does not disableSignature.
 */
export async function sendTicketMessage(
  ctx: UserCtx,
  ticketId: number,
  companyIdParam: number,
  input: OutboundInput,
): Promise<MessageDto[]> {
  // the company in the path must be the user's own: another company's ticket is simply not found
  if (companyIdParam !== ctx.companyId) throw new DomainError('ERR_NO_TICKET_FOUND');
  const ticket = await loadTicketDto(ctx.companyId, ticketId);
  if (ticket.userId !== ctx.user.id && !ctx.caps.isAdmin) throw new DomainError('ERR_NO_PERMISSION');
  if (ticket.status !== 'open') throw new DomainError('ERR_VALIDATION', MESSAGE_TEXT.ticketNotOpen);
  if (!ticket.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED', MESSAGE_TEXT.noConnection);
  const signed = shouldSign(ctx.user, ctx.caps);
  const items = await prepare(ctx.companyId, input, (b) => (signed ? signBody(b, ctx.user.name) : b));
  const quote = await resolveQuote(ctx.companyId, ticket, input.quotedMsgId);
  return sendPrepared(ctx.companyId, ticket, ctx.user.id, items, quote.wid, quote.id);
}

/**
 * A text sent by the platform itself (greeting, farewell, bots, schedules): no user, no signature, any ticket
 * status. Other areas use this to write into a ticket.
 */
export async function sendSystemText(companyId: number, ticketId: number, body: string): Promise<MessageDto> {
  const ticket = await loadTicketDto(companyId, ticketId);
  const items = await prepare(companyId, { kind: 'text', body }, (b) => b);
  const [dto] = await sendPrepared(companyId, ticket, null, items, undefined, null);
  return dto;
}

/**
 * A message from another area on behalf of a user or the system (schedules, campaigns, API): any form of
 * OutboundInput, optional signature. No ticket-status or ownership check: the caller owns that rule.
 */
export async function sendToTicket(
  companyId: number,
  ticketId: number,
  input: OutboundInput,
  opts: { userId?: number | null; signAs?: string | null } = {},
): Promise<MessageDto[]> {
  const ticket = await loadTicketDto(companyId, ticketId);
  const items = await prepare(companyId, input, (b) => (opts.signAs ? signBody(b, opts.signAs) : b));
  const quote = await resolveQuote(companyId, ticket, input.quotedMsgId);
  return sendPrepared(companyId, ticket, opts.userId ?? null, items, quote.wid, quote.id);
}

export const DELETE_CHANNELS = ['whatsapp', 'baileys', 'simulator'] as const;

/** DELETE /messages/{id}/{channel}: delete one of our messages for everyone. */
export async function deleteTicketMessage(ctx: UserCtx, messageId: number): Promise<MessageDto> {
  const row = await repo.findMessageInCompany(ctx.companyId, messageId);
  if (!row) throw new DomainError('ERR_NOT_FOUND', MESSAGE_TEXT.messageNotFound);
  const ticket = await loadTicketDto(ctx.companyId, row.ticketId);
  if (ticket.userId !== ctx.user.id && !ctx.caps.isAdmin) throw new DomainError('ERR_NO_PERMISSION');
  if (!row.fromMe) throw new DomainError('ERR_DELETE_WAPP_MSG', MESSAGE_TEXT.notOwnMessage);
  if (row.isDeleted) return toMessageDto(row, await repo.messageRelations(ctx.companyId, row));
  if (!row.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED', MESSAGE_TEXT.noConnection);
  const { session } = await connectedSession(ctx.companyId, row.whatsappId);
  try {
    await session.deleteMessage(toJid(ticket.contact.number, ticket.isGroup), row.wid, true);
  } catch (err) {
    log.warn({ err, messageId }, 'delete for everyone failed');
    throw new DomainError('ERR_DELETE_WAPP_MSG');
  }
  const updated =
    (await repo.updateMessageRow(ctx.companyId, row.id, { isDeleted: true, deletedByContact: false })) ?? row;
  const dto = toMessageDto(updated, await repo.messageRelations(ctx.companyId, updated));
  emit({
    companyId: ctx.companyId,
    channel: events.appMessage.of(ctx.companyId),
    data: { action: 'update', message: dto, ticket, contact: ticket.contact },
  });
  return dto;
}
