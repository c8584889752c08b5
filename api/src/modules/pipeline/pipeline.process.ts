import { INBOUND_NOTE, lastMessagePreview, personOf } from '@zapdesk/core';
import { log } from '../../platform/log';
import { upsertContactFromChannel } from '../contacts/contacts.channel';
import {
  applyChannelAck,
  applyChannelEdit,
  applyChannelReaction,
  applyChannelRevoke,
  findChannelMessage,
  type MessageRow,
  publishMessage,
  storeChannelMessage,
} from '../messages/messages.channel';
import { findOrCreateTicketForInbound, touchTicketOnMessage } from '../tickets/tickets.service';
import { connectionForPipeline } from '../whatsapp/whatsapp.pipeline';
import { processMessageBatch } from './pipeline.batch';
import { emitRawLogEvent } from './pipeline.logs';
import { type RawLogRow, unsafeFindRawLog, updateRawLog } from './pipeline.repo';
import type { StoredEvent } from './pipeline.types';

/** A receipt/edit/revoke for a message not stored yet (it may still be in flight): retried, then given up. */
class NotYetStored extends Error {}
const NOT_FOUND_RETRIES = 2;

type Outcome = { ticketId: number | null; note?: string };

async function targetMessage(log: RawLogRow, messageId: string, attemptsMade: number): Promise<MessageRow | null> {
  const row = log.whatsappId ? await findChannelMessage(log.companyId, log.whatsappId, messageId) : null;
  if (!row && attemptsMade < NOT_FOUND_RETRIES) throw new NotYetStored(`message ${messageId} not stored yet`);
  return row;
}

/** receipts, edits, revokes, reactions and calls: one by one, in arrival order */
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
      await applyChannelAck(companyId, row, ev.ack);
      return { ticketId: row.ticketId };
    }
    case 'edit': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      if (!(await applyChannelEdit(companyId, row, ev.body))) return { ticketId: row.ticketId, note: 'duplicate' };
      return { ticketId: row.ticketId };
    }
    case 'revoke': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      if (!(await applyChannelRevoke(companyId, row))) return { ticketId: row.ticketId, note: 'duplicate' };
      return { ticketId: row.ticketId };
    }
    case 'reaction': {
      const row = await targetMessage(log, ev.messageId, attemptsMade);
      if (!row) return { ticketId: null, note: 'message not found' };
      await applyChannelReaction(companyId, row, personOf(ev.from)?.number ?? ev.from, ev.emoji);
      return { ticketId: row.ticketId };
    }
    case 'call': {
      if (!log.whatsappId) return { ticketId: null, note: INBOUND_NOTE.connectionRemoved };
      const conn = await connectionForPipeline(companyId, log.whatsappId);
      if (!conn) return { ticketId: null, note: INBOUND_NOTE.connectionRemoved };
      const p = personOf(ev.from);
      if (!p) return { ticketId: null, note: INBOUND_NOTE.noAddress };
      const contact = await upsertContactFromChannel(companyId, { ...p, isGroup: false });
      const { ticket } = await findOrCreateTicketForInbound(companyId, {
        contactId: contact.id,
        whatsappId: conn.id,
        isGroup: false,
        fromMe: false,
      });
      const at = new Date(ev.at * 1000);
      const { row, created } = await storeChannelMessage(companyId, {
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
      await publishMessage(companyId, 'create', row, touched);
      return { ticketId: ticket.id };
    }
  }
}

/**
 * Step 2 for one raw log (its job, retried with backoff; POST /reprocessMessage/{id}; the history import).
 * A message is a batch of one (processMessageBatch: the same path as every inbound message); receipts, edits,
 * revokes, reactions and calls are handled here. Idempotent: reprocessing a processed log never duplicates the
 * message (unique (connection, WhatsApp id)). Throws on failure so the job runner retries; the raw log keeps the
 * error meanwhile.
 */
export async function processRawLog(
  rawLogId: number,
  /** `raw`: the log as the caller read it already (a batch's leftovers), saves reading it again */
  opts: { attemptsMade?: number; raw?: RawLogRow } = {},
): Promise<RawLogRow | null> {
  const raw = opts.raw?.id === rawLogId ? opts.raw : await unsafeFindRawLog(rawLogId);
  if (!raw) return null;
  // done already (its job ran, or a reprocess did): running it again could only note a duplicate — leave it as is
  if (raw.status === 'processed' && raw.ticketId !== null) return raw;
  const started = performance.now();
  const ev = raw.jsonValue as StoredEvent;
  try {
    if (ev.kind === 'message') {
      const { finished } = await processMessageBatch(raw.companyId, [{ raw, ev }]);
      return finished[0] ?? null;
    }
    const outcome = await handleOther(raw, ev, opts.attemptsMade ?? 0);
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
