import {
  breathe,
  connectionVerdict,
  countsAsUnread,
  INBOUND_NOTE,
  inboundParties,
  runsAfterInbound,
  senderParty,
  ticketLastMessage,
} from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import {
  type ChannelContactInput,
  channelContactKeys,
  prefetchChannelContacts,
  resolveChannelContacts,
} from '../contacts/contacts.channel';
import {
  findChannelMessages,
  type MessageRow,
  type NewMessage,
  publishMessage,
  storeChannelMessages,
} from '../messages/messages.channel';
import {
  findOrCreateTicketsForInbound,
  loadTicketDtos,
  type TicketTouch,
  touchTicketsOnMessages,
  unfinishedTicketsOfContacts,
} from '../tickets/tickets.service';
import { connectionsForPipeline, type PipelineConnection } from '../whatsapp/whatsapp.pipeline';
import { emitRawLogEvent } from './pipeline.logs';
import { runInboundReactions } from './pipeline.reactions';
import { finishRawLogs, type RawLogFinish, type RawLogRow } from './pipeline.repo';
import type { StoredEvent } from './pipeline.types';

type MessageEvent = Extract<StoredEvent, { kind: 'message' }>;

/** one message of the batch on its way: what it resolved to so far */
type Item = {
  raw: RawLogRow;
  ev: MessageEvent;
  conn?: PipelineConnection;
  isGroup: boolean;
  chat?: ChannelContactInput;
  participant?: ChannelContactInput;
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

export type MessageBatchResult = {
  /** raw logs not handled here, to process one by one after the batch (a quote of a message of the same batch) */
  deferred: RawLogRow[];
  /** the handled raw logs as they are now (processed, with their ticket and outcome note) */
  finished: RawLogRow[];
};

/**
 * Step 2 of the inbound pipeline for inbound messages of ONE company — the only path: a single event (a media
 * message's job, a retry, POST /reprocessMessage, the history import) is a batch of one. The decisions are core's
 * (`inbound-rules.ts`); this function does the reads and writes, in a handful of round trips for the whole batch
 * instead of ~10 statements per message. Steady state (known people, open conversations): connections ∥ contacts ∥
 * their tickets, then messages (1 multi-row INSERT) ∥ ticket DTOs, then previews and unread counts ∥ raw log
 * statuses, then the events. New people are inserted together and new conversations' tickets created in one locked
 * transaction; quoted messages cost one more read.
 * Throws when a statement fails; the caller then retries one by one (idempotent).
 */
export async function processMessageBatch(
  companyId: number,
  raws: { raw: RawLogRow; ev: MessageEvent }[],
): Promise<MessageBatchResult> {
  const started = performance.now();
  const items: Item[] = raws.map(({ raw, ev }) => ({ raw, ev, isGroup: false }));
  const deferred: RawLogRow[] = [];

  // what each message is about; the connection's own rules come after its read
  const seenWids = new Set<string>();
  for (const it of items) {
    const msg = it.ev.msg;
    if (!it.raw.whatsappId) {
      Object.assign(it, { done: true, note: INBOUND_NOTE.connectionRemoved });
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
    if (parties.participant) it.participant = parties.participant;
  }
  const live = () => items.filter((i) => !i.done);

  // connections ∥ the people ∥ their open conversations: one round trip
  const candidates = live();
  const inputs = candidates.flatMap((i) => [i.chat as ChannelContactInput, ...(i.participant ? [i.participant] : [])]);
  const [conns, known, openTickets] = await Promise.all([
    connectionsForPipeline(companyId, [...new Set(candidates.map((i) => i.raw.whatsappId as number))]),
    prefetchChannelContacts(companyId, inputs),
    unfinishedTicketsOfContacts(companyId, channelContactKeys(candidates.map((i) => i.chat as ChannelContactInput))),
  ]);
  for (const it of candidates) {
    const conn = conns.get(it.raw.whatsappId as number);
    const note = connectionVerdict(conn, it.isGroup);
    if (note) Object.assign(it, { done: true, note });
    else it.conn = conn;
  }

  // contacts: known people cost nothing more; new or changed ones are upserted one by one
  const wanted = live();
  const resolved = await resolveChannelContacts(
    companyId,
    wanted.flatMap((i) => [i.chat as ChannelContactInput, ...(i.participant ? [i.participant] : [])]),
    known,
  );
  let k = 0;
  for (const it of wanted) {
    const chatContact = resolved[k++];
    it.chatContactId = chatContact?.id;
    const participant = it.participant ? (resolved[k++] ?? null) : null;
    const party = senderParty({ isGroup: it.isGroup, fromMe: it.ev.msg.fromMe, hasParticipant: !!it.participant });
    it.sender = party === 'participant' ? participant : party === 'chat' ? (chatContact ?? null) : null;
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
      // the company's message (the phone, an echo of a send) opens it: the wait starts when the customer writes
      fromMe: it.ev.msg.fromMe === true,
    })),
  );
  const opened = new Set<string>();
  for (const it of live()) {
    const key = `${it.chatContactId}:${it.conn?.id}`;
    const fresh = created.get(key);
    it.ticketId = found.get(key) ?? fresh?.id;
    // only the message that opened the conversation created it
    if (fresh?.created && !opened.has(key)) {
      opened.add(key);
      it.createdTicket = true;
    }
  }

  // quoted messages
  const quoting = live().filter((i) => i.ev.msg.quotedId);
  const quotedRows = await findChannelMessages(
    companyId,
    quoting.map((i) => ({ whatsappId: (i.conn as PipelineConnection).id, wid: i.ev.msg.quotedId as string })),
  );
  for (const it of quoting) it.quoted = quotedRows.get(`${it.conn?.id}:${it.ev.msg.quotedId}`) ?? null;

  // messages: one multi-row insert (a redelivered id comes back null) ∥ the tickets' DTOs
  const toInsert = live();
  const [inserted, dtoList] = await Promise.all([
    storeChannelMessages(
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
    loadTicketDtos(companyId, [...new Set(toInsert.map((it) => it.ticketId as number))]),
  ]);
  toInsert.forEach((it, i) => {
    it.row = inserted[i] ?? null;
    if (!it.row) Object.assign(it, { done: true, note: INBOUND_NOTE.duplicate });
  });

  // tickets: preview of the newest message, unread grows by the contact's live messages (published) ∥ raw logs
  const stored = live();
  const touches = new Map<number, TicketTouch>();
  for (const it of stored) {
    const row = it.row as MessageRow;
    const t = touches.get(row.ticketId) ?? { ticketId: row.ticketId, lastMessage: '', unread: 0 };
    t.lastMessage = ticketLastMessage(row);
    if (countsAsUnread({ fromMe: it.ev.msg.fromMe, imported: it.ev.imported })) t.unread++;
    touches.set(row.ticketId, t);
  }
  const spent = Math.round(performance.now() - started);
  const deferredIds = new Set(deferred.map((r) => r.id));
  const finish: RawLogFinish[] = items
    .filter((it) => !deferredIds.has(it.raw.id))
    .map((it) => ({ id: it.raw.id, ticketId: it.ticketId ?? null, error: it.note ?? null, timeSpent: spent }));
  const [dtos, finished] = await Promise.all([
    touchTicketsOnMessages(companyId, [...touches.values()], dtoList),
    finishRawLogs(
      companyId,
      finish,
      items.map((i) => i.raw),
    ),
  ]);

  // the events
  let emitted = 0;
  for (const it of stored) {
    const row = it.row as MessageRow;
    const dto = dtos.get(row.ticketId);
    if (dto)
      await publishMessage(companyId, 'create', row, dto, { contact: it.sender ?? null, quoted: it.quoted ?? null });
    await breathe(++emitted);
  }
  for (const row of finished) {
    emitRawLogEvent('update', row);
    await breathe(++emitted);
  }

  // the after-inbound hook: each of the contact's new messages, in arrival order (pipeline.reactions.ts)
  for (const it of stored) {
    if (!runsAfterInbound({ fromMe: it.ev.msg.fromMe, imported: it.ev.imported })) continue;
    const ticket = dtos.get(it.ticketId as number);
    if (!ticket) continue;
    await runInboundReactions({
      companyId,
      message: it.row as MessageRow,
      ticket,
      connection: it.conn as PipelineConnection,
      sender: it.sender ?? null,
      createdTicket: !!it.createdTicket,
      isGroup: it.isGroup,
    });
  }

  return { deferred, finished };
}

/** the message row an inbound message becomes  */
export function inboundMessageValues(
  ev: Extract<StoredEvent, { kind: 'message' }>,
  at: { ticketId: number; senderId: number | null; whatsappId: number; quoted: MessageRow | null },
): NewMessage {
  const { msg, storedMedia: media, imported } = ev;
  const dataJson: Record<string, unknown> = {};
  if (msg.location) Object.assign(dataJson, { latitude: msg.location.latitude, longitude: msg.location.longitude });
  if (media && 'error' in media) dataJson.mediaError = media.error;
  if (msg.media && media && !('error' in media)) dataJson.fileName = media.fileName;
  if (imported) dataJson.imported = true;
  const when = msg.timestamp ? new Date(msg.timestamp * 1000) : nowDate();
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
