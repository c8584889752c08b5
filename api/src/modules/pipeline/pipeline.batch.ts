import { breathe, lastMessagePreview, type TicketDto } from '@zapdesk/core';
import { log } from '../../platform/log';
import {
  type ChannelContactInput,
  channelContactKeys,
  prefetchChannelContacts,
  resolveChannelContacts,
} from '../contacts/contacts.channel';
import { emitRawLogEvent } from '../message-logs/message-logs.events';
import * as messagesRepo from '../messages/messages.repo';
import type { MessageRow } from '../messages/messages.serialize';
import { sendSystemText } from '../messages/messages.service';
import { type TicketTouch, touchTickets, unfinishedTicketsOfContactKeys } from '../tickets/tickets.batch.repo';
import { ticketDtosByIds } from '../tickets/tickets.repo';
import { emitTicketEvent, findOrCreateTicketsForInbound } from '../tickets/tickets.service';
import { connectionsForPipeline, type PipelineConnection } from '../whatsapp/whatsapp.pipeline';
import type { StoredEvent } from './pipeline.ingest';
import { emitMessage, greetingFor, inboundMessageValues, inboundParties } from './pipeline.process';
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
 * Step 2 for many inbound messages of ONE company at once — the same outcome as processRawLog on each, in a handful
 * of round trips for the whole batch instead of ~10 statements per message. Steady state (known people, open
 * conversations): connections ∥ contacts ∥ their tickets, then messages (1 multi-row INSERT) ∥ ticket DTOs, then
 * previews and unread counts (1), then raw log statuses ∥ events. New people are inserted together and new
 * conversations' tickets created in one locked transaction; quoted messages cost one more read.
 * Answers the raw logs it did NOT handle (to be processed one by one, after it): a message quoting another message
 * of the same batch, so the quote resolves to a stored row.
 * Throws when a statement fails; the caller then retries one by one (idempotent).
 */
export async function processMessageBatch(
  companyId: number,
  raws: { raw: RawLogRow; ev: MessageEvent }[],
): Promise<RawLogRow[]> {
  const started = performance.now();
  const items: Item[] = raws.map(({ raw, ev }) => ({ raw, ev, isGroup: false }));
  const deferred: RawLogRow[] = [];

  // what each message is about (the same rules as handleMessage); the connection's own rules come after its read
  const seenWids = new Set<string>();
  for (const it of items) {
    const msg = it.ev.msg;
    if (!it.raw.whatsappId) {
      Object.assign(it, { done: true, note: 'connection removed' });
      continue;
    }
    const parties = inboundParties(msg);
    if ('ignored' in parties) {
      Object.assign(it, { done: true, note: parties.ignored });
      continue;
    }
    // a quote of a message earlier in this batch must find it stored: such a message goes after the batch
    if (msg.quotedId && seenWids.has(`${it.raw.whatsappId}:${msg.quotedId}`)) {
      Object.assign(it, { done: true });
      deferred.push(it.raw);
      continue;
    }
    seenWids.add(`${it.raw.whatsappId}:${msg.id}`);
    it.isGroup = parties.isGroup;
    it.chat = parties.chat;
    if (parties.sender) it.senderInput = parties.sender;
  }
  const live = () => items.filter((i) => !i.done);

  // connections ∥ the people ∥ their open conversations: one round trip
  const candidates = live();
  const inputs = candidates.flatMap((i) => [i.chat as ChannelContactInput, ...(i.senderInput ? [i.senderInput] : [])]);
  const keys = channelContactKeys(candidates.map((i) => i.chat as ChannelContactInput));
  const [conns, known, openTickets] = await Promise.all([
    connectionsForPipeline(companyId, [...new Set(candidates.map((i) => i.raw.whatsappId as number))]),
    prefetchChannelContacts(companyId, inputs),
    unfinishedTicketsOfContactKeys(companyId, keys.numbers, keys.lids),
  ]);
  for (const it of candidates) {
    const conn = conns.get(it.raw.whatsappId as number);
    if (!conn) Object.assign(it, { done: true, note: 'connection removed' });
    else if (it.isGroup && conn.disableGroupMessages) {
      Object.assign(it, { done: true, note: 'ignored: group messages disabled' });
    } else it.conn = conn;
  }

  // contacts: known people cost nothing more; new or changed ones are upserted one by one
  const wanted = live();
  const resolved = await resolveChannelContacts(
    companyId,
    wanted.flatMap((i) => [i.chat as ChannelContactInput, ...(i.senderInput ? [i.senderInput] : [])]),
    known,
  );
  let k = 0;
  for (const it of wanted) {
    const chatContact = resolved[k++];
    it.chatContactId = chatContact?.id;
    if (it.senderInput) it.sender = resolved[k++] ?? null;
    else it.sender = it.isGroup || it.ev.msg.fromMe ? null : (chatContact ?? null);
  }

  // tickets: the unfinished one of each conversation; a new conversation gets its ticket under the contact lock
  const found = new Map<string, number>();
  for (const t of openTickets) {
    const key = `${t.contactId}:${t.whatsappId}`;
    if (!found.has(key)) found.set(key, t.id);
  }
  const newOnes = live().filter((it) => !found.has(`${it.chatContactId}:${it.conn?.id}`));
  const created = await findOrCreateTicketsForInbound(
    companyId,
    newOnes.map((it) => ({
      contactId: it.chatContactId as number,
      whatsappId: (it.conn as PipelineConnection).id,
      isGroup: it.isGroup,
    })),
  );
  const greeted = new Set<string>();
  for (const it of live()) {
    const key = `${it.chatContactId}:${it.conn?.id}`;
    const fresh = created.get(key);
    it.ticketId = found.get(key) ?? fresh?.id;
    // only the message that opened the conversation is greeted
    if (fresh?.created && !greeted.has(key)) {
      greeted.add(key);
      it.createdTicket = true;
    }
  }

  // quoted messages
  const quoting = live().filter((i) => i.ev.msg.quotedId);
  const quotedRows = await messagesRepo.findMessagesByWids(
    companyId,
    quoting.map((i) => ({ whatsappId: (i.conn as PipelineConnection).id, wid: i.ev.msg.quotedId as string })),
  );
  for (const it of quoting) it.quoted = quotedRows.get(`${it.conn?.id}:${it.ev.msg.quotedId}`) ?? null;

  // messages: one multi-row insert (a redelivered id comes back null) ∥ the tickets' DTOs
  const toInsert = live();
  const [inserted, dtoList] = await Promise.all([
    messagesRepo.insertMessagesIdempotent(
      companyId,
      toInsert.map((it) =>
        inboundMessageValues(it.ev, {
          ticketId: it.ticketId as number,
          senderId: it.sender?.id ?? null,
          whatsappId: (it.conn as PipelineConnection).id,
          quoted: it.quoted ?? null,
        }),
      ),
    ),
    ticketDtosByIds(companyId, [...new Set(toInsert.map((it) => it.ticketId as number))]),
  ]);
  toInsert.forEach((it, i) => {
    it.row = inserted[i] ?? null;
    if (!it.row) Object.assign(it, { done: true, note: 'duplicate: already stored' });
  });

  // tickets: preview of the newest message, unread grows by the contact's messages; the DTOs read above get the
  // values the update stored
  const stored = live();
  const touches = new Map<number, TicketTouch>();
  for (const it of stored) {
    const row = it.row as MessageRow;
    const t = touches.get(row.ticketId) ?? { ticketId: row.ticketId, lastMessage: '', unread: 0 };
    t.lastMessage = lastMessagePreview({ body: row.body, mediaType: row.mediaType }).slice(0, LAST_MESSAGE_MAX);
    if (!it.ev.msg.fromMe && !it.ev.imported) t.unread++;
    touches.set(row.ticketId, t);
  }
  const touched = await touchTickets(companyId, [...touches.values()]);
  const dtoById = new Map(dtoList.map((t) => [t.id, t]));
  const dtos = new Map<number, TicketDto>();
  for (const t of touched) {
    const dto = dtoById.get(t.id);
    if (dto) {
      dtos.set(t.id, {
        ...dto,
        lastMessage: t.lastMessage ?? dto.lastMessage,
        unreadMessages: t.unreadMessages,
        updatedAt: t.updatedAt.toISOString(),
      });
    }
  }

  // raw log statuses ∥ the events
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
