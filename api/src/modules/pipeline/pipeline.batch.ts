import { breathe, lastMessagePreview, parseJid, type TicketDto } from '@zapdesk/core';
import { log } from '../../platform/log';
import { type ChannelContactInput, resolveChannelContacts } from '../contacts/contacts.channel';
import { emitRawLogEvent } from '../message-logs/message-logs.events';
import * as messagesRepo from '../messages/messages.repo';
import type { MessageRow } from '../messages/messages.serialize';
import { sendSystemText } from '../messages/messages.service';
import { findUnfinishedTicketIds, ticketDtosByIds, touchTickets } from '../tickets/tickets.repo';
import { emitTicketEvent, findOrCreateTicketForInbound } from '../tickets/tickets.service';
import { connectionsForPipeline, type PipelineConnection } from '../whatsapp/whatsapp.pipeline';
import type { StoredEvent } from './pipeline.ingest';
import { emitMessage, greetingFor, personOf } from './pipeline.process';
import { finishRawLogs, type RawLogFinish, type RawLogRow } from './pipeline.repo';

const LAST_MESSAGE_MAX = 1000;

type MessageEvent = Extract<StoredEvent, { kind: 'message' }>;

/** one message of the batch on its way: what it resolved to so far */
type Item = {
  raw: RawLogRow;
  ev: MessageEvent;
  conn?: PipelineConnection;
  isGroup: boolean;
  chat?: ChannelContactInput;
  senderInput?: ChannelContactInput;
  chatContactId?: number;
  sender?: Awaited<ReturnType<typeof resolveChannelContacts>>[number] | null;
  ticketId?: number;
  createdTicket?: boolean;
  quoted?: MessageRow | null;
  row?: MessageRow | null;
  /** the outcome when the item stops early (ignored, duplicate) */
  note?: string;
  done?: boolean;
};

/**
 * Step 2 for many inbound messages of ONE company at once — the same outcome as processRawLog on each, in about ten
 * statements for the whole batch instead of ~10 per message: connections (2), contacts (1 + one upsert per new or
 * changed person), tickets (1 + one locked creation per new conversation), quoted messages (1), messages (1 multi-row
 * INSERT), ticket previews and unread counts (1), ticket DTOs (1), raw log statuses (1).
 * Answers the raw logs it did NOT handle (to be processed one by one, after it): a message quoting another message
 * of the same batch, so the quote resolves to a stored row.
 * Throws when a statement fails; nothing is marked processed then, and the caller retries one by one (idempotent).
 */
export async function processMessageBatch(
  companyId: number,
  raws: { raw: RawLogRow; ev: MessageEvent }[],
): Promise<RawLogRow[]> {
  const started = performance.now();
  const items: Item[] = raws.map(({ raw, ev }) => ({ raw, ev, isGroup: false }));
  const deferred: RawLogRow[] = [];

  // connections
  const connIds = [...new Set(items.flatMap((i) => (i.raw.whatsappId ? [i.raw.whatsappId] : [])))];
  const conns = await connectionsForPipeline(companyId, connIds);

  // what each message is about (the same rules as handleMessage)
  const seenWids = new Set<string>();
  for (const it of items) {
    const msg = it.ev.msg;
    const conn = it.raw.whatsappId ? conns.get(it.raw.whatsappId) : undefined;
    if (!conn) {
      Object.assign(it, { done: true, note: 'connection removed' });
      continue;
    }
    it.conn = conn;
    const chat = parseJid(msg.remoteJid);
    if (chat.kind === 'broadcast' || chat.kind === 'newsletter' || chat.kind === 'unknown') {
      Object.assign(it, { done: true, note: 'ignored: not a chat' });
      continue;
    }
    if (msg.type === 'reaction') {
      Object.assign(it, { done: true, note: 'ignored: reaction message' });
      continue;
    }
    it.isGroup = chat.kind === 'group';
    if (it.isGroup && conn.disableGroupMessages) {
      Object.assign(it, { done: true, note: 'ignored: group messages disabled' });
      continue;
    }
    // a quote of a message earlier in this batch must find it stored: such a message goes after the batch
    if (msg.quotedId && seenWids.has(`${conn.id}:${msg.quotedId}`)) {
      Object.assign(it, { done: true });
      deferred.push(it.raw);
      continue;
    }
    seenWids.add(`${conn.id}:${msg.id}`);
    if (it.isGroup && chat.kind === 'group') {
      it.chat = { number: `${chat.id}@g.us`, isGroup: true };
      const p = msg.participant && !msg.fromMe ? personOf(msg.participant) : null;
      if (p) it.senderInput = { ...p, name: msg.pushName, isGroup: false };
    } else {
      const p = personOf(msg.remoteJid, msg.remoteJidAlt);
      if (!p) {
        Object.assign(it, { done: true, note: 'ignored: no address' });
        continue;
      }
      // pushName of a message typed on our own phone is OUR name, not the contact's
      it.chat = { ...p, name: msg.fromMe ? null : msg.pushName, isGroup: false };
    }
  }
  const live = () => items.filter((i) => !i.done);

  // contacts: chat contacts and group senders in one lookup
  const wanted = live();
  const inputs = wanted.flatMap((i) => [i.chat as ChannelContactInput, ...(i.senderInput ? [i.senderInput] : [])]);
  const resolved = await resolveChannelContacts(companyId, inputs);
  let k = 0;
  for (const it of wanted) {
    const chatContact = resolved[k++];
    it.chatContactId = chatContact?.id;
    if (it.senderInput) it.sender = resolved[k++] ?? null;
    else it.sender = it.isGroup || it.ev.msg.fromMe ? null : (chatContact ?? null);
  }

  // tickets: the unfinished one of each conversation; a new conversation gets its ticket under the contact lock
  const pairs = live().map((i) => ({
    contactId: i.chatContactId as number,
    whatsappId: (i.conn as PipelineConnection).id,
  }));
  const found = await findUnfinishedTicketIds(companyId, pairs);
  for (const it of live()) {
    const key = `${it.chatContactId}:${it.conn?.id}`;
    let id = found.get(key);
    if (id === undefined) {
      const { ticket, created } = await findOrCreateTicketForInbound(companyId, {
        contactId: it.chatContactId as number,
        whatsappId: (it.conn as PipelineConnection).id,
        isGroup: it.isGroup,
        fromMe: it.ev.msg.fromMe,
      });
      id = ticket.id;
      found.set(key, id);
      // only the message that opened the conversation is greeted
      it.createdTicket = created;
    }
    it.ticketId = id;
  }

  // quoted messages
  const quoting = live().filter((i) => i.ev.msg.quotedId);
  const quotedRows = await messagesRepo.findMessagesByWids(
    companyId,
    quoting.map((i) => ({ whatsappId: (i.conn as PipelineConnection).id, wid: i.ev.msg.quotedId as string })),
  );
  for (const it of quoting) it.quoted = quotedRows.get(`${it.conn?.id}:${it.ev.msg.quotedId}`) ?? null;

  // messages: one multi-row insert; a redelivered id comes back null
  const toInsert = live();
  const inserted = await messagesRepo.insertMessagesIdempotent(
    companyId,
    toInsert.map((it) => {
      const { msg, storedMedia: media, imported } = it.ev;
      const dataJson: Record<string, unknown> = {};
      if (msg.location) Object.assign(dataJson, { latitude: msg.location.latitude, longitude: msg.location.longitude });
      if (media && 'error' in media) dataJson.mediaError = media.error;
      if (msg.media && media && !('error' in media)) dataJson.fileName = media.fileName;
      if (imported) dataJson.imported = true;
      const at = msg.timestamp ? new Date(msg.timestamp * 1000) : new Date();
      return {
        wid: msg.id,
        ticketId: it.ticketId as number,
        contactId: it.sender?.id ?? null,
        whatsappId: (it.conn as PipelineConnection).id,
        body: msg.body ?? '',
        fromMe: msg.fromMe,
        read: msg.fromMe,
        ack: msg.fromMe ? 1 : 0,
        mediaType: msg.type,
        mediaUrl: media && !('error' in media) ? media.url : null,
        quotedMsgId: it.quoted?.id ?? null,
        dataJson: Object.keys(dataJson).length ? dataJson : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  toInsert.forEach((it, i) => {
    it.row = inserted[i] ?? null;
    if (!it.row) Object.assign(it, { done: true, note: 'duplicate: already stored' });
  });

  // tickets: preview of the newest message, unread grows by the contact's messages
  const stored = live();
  const touches = new Map<number, { ticketId: number; lastMessage: string; unread: number }>();
  for (const it of stored) {
    const row = it.row as MessageRow;
    const t = touches.get(row.ticketId) ?? { ticketId: row.ticketId, lastMessage: '', unread: 0 };
    t.lastMessage = lastMessagePreview({ body: row.body, mediaType: row.mediaType }).slice(0, LAST_MESSAGE_MAX);
    if (!it.ev.msg.fromMe && !it.ev.imported) t.unread++;
    touches.set(row.ticketId, t);
  }
  await touchTickets(companyId, [...touches.values()]);
  // the raw logs' statuses are written while the tickets are read and the events go out (no dependency)
  const spent = Math.round(performance.now() - started);
  const deferredIds = new Set(deferred.map((r) => r.id));
  const finish: RawLogFinish[] = items
    .filter((it) => !deferredIds.has(it.raw.id))
    .map((it) => ({ id: it.raw.id, ticketId: it.ticketId ?? null, error: it.note ?? null, timeSpent: spent }));
  const finished = finishRawLogs(
    companyId,
    finish,
    items.map((i) => i.raw),
  );
  finished.catch(() => {}); // awaited below; a failure must not surface as unhandled meanwhile
  const dtos = new Map((await ticketDtosByIds(companyId, [...touches.keys()])).map((t) => [t.id, t]));
  let emitted = 0;
  for (const dto of dtos.values()) {
    emitTicketEvent(companyId, { action: 'update', ticket: dto });
    await breathe(++emitted);
  }
  for (const it of stored) {
    const row = it.row as MessageRow;
    const dto = dtos.get(row.ticketId);
    if (dto)
      await emitMessage(companyId, 'create', row, dto, { contact: it.sender ?? null, quoted: it.quoted ?? null });
    await breathe(++emitted);
  }
  for (const row of await finished) {
    emitRawLogEvent('update', row);
    await breathe(++emitted);
  }

  // greetings of new conversations
  for (const it of stored) {
    if (!it.createdTicket || it.ev.msg.fromMe || it.isGroup || it.ev.imported) continue;
    const ticket = dtos.get(it.ticketId as number) as TicketDto;
    const greeting = ticket && (await greetingFor(it.conn as PipelineConnection, ticket));
    if (greeting) {
      await sendSystemText(companyId, ticket.id, greeting).catch((err) =>
        log.warn({ err, companyId, ticketId: ticket.id }, 'greeting not sent'),
      );
    }
  }

  return deferred;
}
