import { lastMessagePreview, parseJid, renderGreeting, type TicketDto } from '@zapdesk/core';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { type ChannelContactInput, upsertContactFromChannel } from '../contacts/contacts.channel';
import { emitRawLogEvent } from '../message-logs/message-logs.events';
import * as messagesRepo from '../messages/messages.repo';
import { type MessageRow, toContactRef, toMessageDto } from '../messages/messages.serialize';
import { sendSystemText } from '../messages/messages.service';
import { findOrCreateTicketForInbound, loadTicketDto, touchTicketOnMessage } from '../tickets/tickets.service';
import { connectionForPipeline } from '../whatsapp/whatsapp.pipeline';
import type { StoredEvent, StoredMessage } from './pipeline.ingest';
import { type RawLogRow, unsafeFindRawLog, updateRawLog } from './pipeline.repo';

/** A receipt/edit/revoke for a message not stored yet (it may still be in flight): retried, then given up. */
class NotYetStored extends Error {}
const NOT_FOUND_RETRIES = 2;

type Outcome = { ticketId: number | null; note?: string };

export async function emitMessage(
  companyId: number,
  action: 'create' | 'update',
  row: MessageRow,
  ticket?: TicketDto,
  /** the sender and quoted rows when the caller already holds them (saves a query per inbound message) */
  known?: Awaited<ReturnType<typeof messagesRepo.messageRelations>>,
): Promise<void> {
  const rel = known ?? (await messagesRepo.messageRelations(companyId, row));
  const t = ticket ?? (await loadTicketDto(companyId, row.ticketId));
  emit({
    companyId,
    channel: `appMessage-${companyId}`,
    data: {
      action,
      message: toMessageDto(row, rel),
      ticket: t,
      contact: t.contact ?? (rel.contact ? toContactRef(rel.contact) : null),
    },
  });
}

export function personOf(jid: string, alt?: string): { number: string | null; lid: string | null } | null {
  const a = parseJid(jid);
  const b = alt ? parseJid(alt) : null;
  const number = a.kind === 'user' ? a.number : b?.kind === 'user' ? b.number : null;
  const lid = a.kind === 'lid' ? a.lid : b?.kind === 'lid' ? b.lid : null;
  return number || lid ? { number, lid } : null;
}

/** the message row an inbound message becomes (one by one here, in batches in pipeline.batch.ts) */
export function inboundMessageValues(
  ev: Extract<StoredEvent, { kind: 'message' }>,
  at: { ticketId: number; senderId: number | null; whatsappId: number; quoted: MessageRow | null },
): messagesRepo.NewMessage {
  const { msg, storedMedia: media, imported } = ev;
  const dataJson: Record<string, unknown> = {};
  if (msg.location) Object.assign(dataJson, { latitude: msg.location.latitude, longitude: msg.location.longitude });
  if (media && 'error' in media) dataJson.mediaError = media.error;
  if (msg.media && media && !('error' in media)) dataJson.fileName = media.fileName;
  if (imported) dataJson.imported = true;
  const when = msg.timestamp ? new Date(msg.timestamp * 1000) : new Date();
  return {
    wid: msg.id,
    ticketId: at.ticketId,
    contactId: at.senderId,
    whatsappId: at.whatsappId,
    body: msg.body ?? '',
    fromMe: msg.fromMe,
    read: msg.fromMe,
    ack: msg.fromMe ? 1 : 0,
    mediaType: msg.type,
    mediaUrl: media && !('error' in media) ? media.url : null,
    quotedMsgId: at.quoted?.id ?? null,
    dataJson: Object.keys(dataJson).length ? dataJson : null,
    createdAt: when,
    updatedAt: when,
  };
}

/**
 * Who an inbound message is about, before any connection rule: the chat's contact (a person or a group) and, in a
 * group, the participant who wrote it — or why the message is ignored. One rule for the single and batch paths.
 */
export function inboundParties(
  msg: StoredMessage,
): { ignored: string } | { isGroup: boolean; chat: ChannelContactInput; sender: ChannelContactInput | null } {
  const chat = parseJid(msg.remoteJid);
  if (chat.kind === 'broadcast' || chat.kind === 'newsletter' || chat.kind === 'unknown') {
    return { ignored: 'ignored: not a chat' };
  }
  if (msg.type === 'reaction') return { ignored: 'ignored: reaction message' };
  if (chat.kind === 'group') {
    const p = msg.participant && !msg.fromMe ? personOf(msg.participant) : null;
    return {
      isGroup: true,
      chat: { number: `${chat.id}@g.us`, isGroup: true },
      sender: p ? { ...p, name: msg.pushName, isGroup: false } : null,
    };
  }
  const p = personOf(msg.remoteJid, msg.remoteJidAlt);
  if (!p) return { ignored: 'ignored: no address' };
  // pushName of a message typed on our own phone is OUR name, not the contact's
  return { isGroup: false, chat: { ...p, name: msg.fromMe ? null : msg.pushName, isGroup: false }, sender: null };
}

async function handleMessage(raw: RawLogRow, ev: Extract<StoredEvent, { kind: 'message' }>): Promise<Outcome> {
  const companyId = raw.companyId;
  const msg: StoredMessage = ev.msg;
  if (!raw.whatsappId) return { ticketId: null, note: 'connection removed' };
  const conn = await connectionForPipeline(companyId, raw.whatsappId);
  if (!conn) return { ticketId: null, note: 'connection removed' };

  const parties = inboundParties(msg);
  if ('ignored' in parties) return { ticketId: null, note: parties.ignored };
  const { isGroup } = parties;
  if (isGroup && conn.disableGroupMessages) return { ticketId: null, note: 'ignored: group messages disabled' };
  const chatContact = await upsertContactFromChannel(companyId, parties.chat);
  // a person's chat: the contact wrote it (unless typed on our phone); a group: the participant did
  const sender = parties.sender
    ? await upsertContactFromChannel(companyId, parties.sender)
    : isGroup || msg.fromMe
      ? null
      : chatContact;

  const { ticket, created } = await findOrCreateTicketForInbound(companyId, {
    contactId: chatContact.id,
    whatsappId: conn.id,
    isGroup,
    fromMe: msg.fromMe,
  });

  const quoted = msg.quotedId ? await messagesRepo.findMessageByWid(companyId, conn.id, msg.quotedId) : null;
  const { row, created: isNew } = await messagesRepo.insertMessageIdempotent(
    companyId,
    inboundMessageValues(ev, { ticketId: ticket.id, senderId: sender?.id ?? null, whatsappId: conn.id, quoted }),
  );
  if (!isNew) return { ticketId: ticket.id, note: 'duplicate: already stored' };

  const touched = await touchTicketOnMessage(companyId, ticket.id, {
    lastMessage: lastMessagePreview({ body: row.body, mediaType: row.mediaType }),
    incrementUnread: !msg.fromMe && !ev.imported,
  });
  await emitMessage(companyId, 'create', row, touched, { contact: sender, quoted });

  if (created && !msg.fromMe && !isGroup && !ev.imported) {
    const greeting = await greetingFor(conn, touched);
    if (greeting) {
      await sendSystemText(companyId, touched.id, greeting).catch((err) =>
        log.warn({ err, companyId, ticketId: touched.id }, 'greeting not sent'),
      );
    }
  }
  return { ticketId: ticket.id };
}

/** the connection's greeting; else, for a ticket routed to a queue, that queue's greeting */
export async function greetingFor(
  conn: NonNullable<Awaited<ReturnType<typeof connectionForPipeline>>>,
  ticket: TicketDto,
): Promise<string | null> {
  const template =
    conn.greetingMessage?.trim() ||
    (ticket.queueId ? conn.queueGreetings.get(ticket.queueId)?.trim() : undefined) ||
    null;
  if (!template) return null;
  return renderGreeting(template, { name: ticket.contact.name, protocol: ticket.protocol, now: new Date() });
}

async function targetMessage(log: RawLogRow, messageId: string, attemptsMade: number): Promise<MessageRow | null> {
  const row = log.whatsappId ? await messagesRepo.findMessageByWid(log.companyId, log.whatsappId, messageId) : null;
  if (!row && attemptsMade < NOT_FOUND_RETRIES) throw new NotYetStored(`message ${messageId} not stored yet`);
  return row;
}

async function handleOther(
  log: RawLogRow,
  ev: Exclude<StoredEvent, { kind: 'message' }>,
  attemptsMade: number,
): Promise<Outcome> {
  const companyId = log.companyId;
  switch (ev.kind) {
    case 'ack': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      const raised = await messagesRepo.raiseAck(companyId, row.id, ev.ack);
      if (raised) await emitMessage(companyId, 'update', raised);
      return { ticketId: row.ticketId };
    }
    case 'edit': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      if (row.body === ev.body && row.isEdited) return { ticketId: row.ticketId, note: 'duplicate' };
      const data = (row.dataJson as Record<string, unknown> | null) ?? {};
      const history = Array.isArray(data.editHistory) ? data.editHistory : [];
      const updated = await messagesRepo.updateMessageRow(companyId, row.id, {
        body: ev.body,
        isEdited: true,
        dataJson: { ...data, editHistory: [...history, { body: row.body, at: new Date().toISOString() }] },
      });
      if (updated) await emitMessage(companyId, 'update', updated);
      return { ticketId: row.ticketId };
    }
    case 'revoke': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      if (row.isDeleted) return { ticketId: row.ticketId, note: 'duplicate' };
      // the text is kept for the audit trail; the chat shows 'Mensagem apagada pelo contato'
      const updated = await messagesRepo.updateMessageRow(companyId, row.id, {
        isDeleted: true,
        deletedByContact: !row.fromMe,
      });
      if (updated) await emitMessage(companyId, 'update', updated);
      return { ticketId: row.ticketId };
    }
    case 'reaction': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      const data = (row.dataJson as Record<string, unknown> | null) ?? {};
      const from = personOf(ev.from)?.number ?? ev.from;
      const reactions = (
        Array.isArray(data.reactions) ? (data.reactions as { emoji: string; from: string }[]) : []
      ).filter((r) => r.from !== from);
      // an empty emoji removes the reaction
      if (ev.emoji) reactions.push({ emoji: ev.emoji, from });
      const updated = await messagesRepo.updateMessageRow(companyId, row.id, { dataJson: { ...data, reactions } });
      if (updated) await emitMessage(companyId, 'update', updated);
      return { ticketId: row.ticketId };
    }
    case 'call': {
      if (!log.whatsappId) return { ticketId: null, note: 'connection removed' };
      const conn = await connectionForPipeline(companyId, log.whatsappId);
      if (!conn) return { ticketId: null, note: 'connection removed' };
      const p = personOf(ev.from);
      if (!p) return { ticketId: null, note: 'ignored: no address' };
      const contact = await upsertContactFromChannel(companyId, { ...p, isGroup: false });
      const { ticket } = await findOrCreateTicketForInbound(companyId, {
        contactId: contact.id,
        whatsappId: conn.id,
        isGroup: false,
        fromMe: false,
      });
      const at = new Date(ev.at * 1000);
      const { row, created } = await messagesRepo.insertMessageIdempotent(companyId, {
        wid: `call-${ev.at}-${p.number ?? p.lid}`,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: conn.id,
        body: '',
        fromMe: false,
        mediaType: 'call_log',
        dataJson: { at: at.toISOString() },
        createdAt: at,
        updatedAt: at,
      });
      if (!created) return { ticketId: ticket.id, note: 'duplicate' };
      const touched = await touchTicketOnMessage(companyId, ticket.id, {
        lastMessage: lastMessagePreview({ body: '', mediaType: 'call_log' }),
        incrementUnread: true,
      });
      await emitMessage(companyId, 'create', row, touched);
      return { ticketId: ticket.id };
    }
  }
}

/**
 * Step 2: process one raw log (a job, retried with backoff; also POST /reprocessMessage/{id}). Idempotent:
 * reprocessing a processed log never duplicates the message (unique (connection, WhatsApp id)).
 * Throws on failure so the job runner retries; the raw log keeps the error meanwhile.
 */
export async function processRawLog(rawLogId: number, opts: { attemptsMade?: number } = {}): Promise<RawLogRow | null> {
  const raw = await unsafeFindRawLog(rawLogId);
  if (!raw) return null;
  const started = performance.now();
  const ev = raw.jsonValue as StoredEvent;
  try {
    const outcome =
      ev.kind === 'message' ? await handleMessage(raw, ev) : await handleOther(raw, ev, opts.attemptsMade ?? 0);
    const done = await updateRawLog(raw.companyId, raw.id, {
      status: 'processed',
      ticketId: outcome.ticketId,
      error: outcome.note ?? null,
      timeSpent: Math.round(performance.now() - started),
    });
    if (done) emitRawLogEvent('update', done);
    return done;
  } catch (err) {
    const failed = await updateRawLog(raw.companyId, raw.id, {
      status: 'failed',
      error: err instanceof Error ? err.message : String(err),
      timeSpent: Math.round(performance.now() - started),
    });
    if (failed) emitRawLogEvent('update', failed);
    if (!(err instanceof NotYetStored)) log.warn({ err, rawLogId }, 'inbound processing failed');
    throw err;
  }
}
