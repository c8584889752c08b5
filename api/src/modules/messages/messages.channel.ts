import { events, type MessageDto, type TicketDto } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import { emit } from '../../platform/index';
import { loadTicketDto } from '../tickets/tickets.service';
import * as repo from './messages.repo';
import { type MessageRow, toContactRef, toMessageDto } from './messages.serialize';

/**
 * The messages area as the channel pipeline uses it (pipeline/): storing what a connection reported, finding the
 * messages receipts, edits, revokes, reactions and quotes refer to, and applying those changes. The pipeline never
 * reads or writes the messages table itself.
 */

export type NewMessage = repo.NewMessage;
export type { MessageRow };

type Relations = Awaited<ReturnType<typeof repo.messageRelations>>;

/**
 * Publishes `appMessage-{companyId}` for a stored or changed message, with its ticket (read when not given) and the
 * sender and quoted rows (read when not given: the inbound batch already holds them). Answers the published message.
 */
export async function publishMessage(
  companyId: number,
  action: 'create' | 'update',
  row: MessageRow,
  ticket?: TicketDto,
  known?: Relations,
): Promise<MessageDto> {
  const rel = known ?? (await repo.messageRelations(companyId, row));
  const t = ticket ?? (await loadTicketDto(companyId, row.ticketId));
  const message = toMessageDto(row, rel);
  emit({
    companyId,
    channel: events.appMessage.of(companyId),
    data: {
      action,
      message,
      ticket: t,
      contact: t.contact ?? (rel.contact ? toContactRef(rel.contact) : null),
    },
  });
  return message;
}

/** Stores channel messages in one statement; per input the new row, or null when that WhatsApp id is stored already. */
export function storeChannelMessages(companyId: number, values: NewMessage[]): Promise<(MessageRow | null)[]> {
  return repo.insertMessagesIdempotent(companyId, values);
}

/** Stores one channel message (idempotent on connection + WhatsApp id). */
export function storeChannelMessage(
  companyId: number,
  values: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  return repo.insertMessageIdempotent(companyId, values);
}

/** Stored messages by (connection, WhatsApp id), keyed `${whatsappId}:${wid}` (quotes of an inbound batch). */
export function findChannelMessages(
  companyId: number,
  keys: { whatsappId: number; wid: string }[],
): Promise<Map<string, MessageRow>> {
  return repo.findMessagesByWids(companyId, keys);
}

/** The stored message a channel event refers to (its connection and WhatsApp id), or null. */
export function findChannelMessage(companyId: number, whatsappId: number, wid: string): Promise<MessageRow | null> {
  return repo.findMessageByWid(companyId, whatsappId, wid);
}

/** A delivery/read receipt: acks only move forward; published when it changed. */
export async function applyChannelAck(companyId: number, row: MessageRow, ack: number): Promise<void> {
  const raised = await repo.raiseAck(companyId, row.id, ack);
  if (raised) await publishMessage(companyId, 'update', raised);
}

/** An edit: the new text, the old one kept in the edit history. False when it was applied already. */
export async function applyChannelEdit(companyId: number, row: MessageRow, body: string): Promise<boolean> {
  if (row.body === body && row.isEdited) return false;
  const data = (row.dataJson as Record<string, unknown> | null) ?? {};
  const history = Array.isArray(data.editHistory) ? data.editHistory : [];
  const updated = await repo.updateMessageRow(companyId, row.id, {
    body,
    isEdited: true,
    dataJson: { ...data, editHistory: [...history, { body: row.body, at: nowDate().toISOString() }] },
  });
  if (updated) await publishMessage(companyId, 'update', updated);
  return true;
}

/**
 * A delete for everyone: the text is kept for the audit trail; the chat shows 'Mensagem apagada pelo contato' for the
 * contact's messages. False when it was applied already.
 */
export async function applyChannelRevoke(companyId: number, row: MessageRow): Promise<boolean> {
  if (row.isDeleted) return false;
  const updated = await repo.updateMessageRow(companyId, row.id, { isDeleted: true, deletedByContact: !row.fromMe });
  if (updated) await publishMessage(companyId, 'update', updated);
  return true;
}

/** A reaction of `from` (a number or jid): replaces that person's previous one; an empty emoji removes it. */
export async function applyChannelReaction(
  companyId: number,
  row: MessageRow,
  from: string,
  emoji: string,
): Promise<void> {
  const data = (row.dataJson as Record<string, unknown> | null) ?? {};
  const reactions = (Array.isArray(data.reactions) ? (data.reactions as { emoji: string; from: string }[]) : []).filter(
    (r) => r.from !== from,
  );
  if (emoji) reactions.push({ emoji, from });
  const updated = await repo.updateMessageRow(companyId, row.id, { dataJson: { ...data, reactions } });
  if (updated) await publishMessage(companyId, 'update', updated);
}

/** The tickets that received messages from a history import on this connection. */
export function importedTicketIds(companyId: number, whatsappId: number): Promise<number[]> {
  return repo.importedTicketIds(companyId, whatsappId);
}

/** The last `limit` messages of a ticket, oldest first (the AI's view of the conversation). */
export async function recentTicketMessages(
  companyId: number,
  ticketId: number,
  limit: number,
): Promise<{ id: number; body: string; fromMe: boolean; at: number }[]> {
  const rows = await repo.lastTicketMessages(companyId, ticketId, limit);
  return rows.reverse().map((r) => ({ id: r.id, body: r.body, fromMe: r.fromMe, at: r.createdAt.getTime() }));
}
