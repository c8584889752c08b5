import type { ContactRef, MessageDto } from '@zapdesk/core';
import type { contacts, messages } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type ContactRowLike = Pick<
  typeof contacts.$inferSelect,
  'id' | 'name' | 'number' | 'email' | 'profilePicUrl' | 'isGroup'
>;

export function toContactRef(c: ContactRowLike): ContactRef {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    profilePicUrl: c.profilePicUrl,
    isGroup: c.isGroup,
  };
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * The one serialisation of a message row (contract `MessageDto`, core/src/messages/message.types.ts), used by the
 * message list, SSE events and answers. `contact` is the message's sender contact row (null for our own messages
 * without one); `quoted` the quoted message row when there is one.
 */
export function toMessageDto(
  row: MessageRow,
  rel: { contact?: ContactRowLike | null; quoted?: MessageRow | null } = {},
): MessageDto {
  const q = rel.quoted ?? null;
  return {
    id: row.id,
    wid: row.wid,
    ticketId: row.ticketId,
    contactId: row.contactId,
    contact: rel.contact ? toContactRef(rel.contact) : null,
    userId: row.userId,
    body: row.body,
    fromMe: row.fromMe,
    read: row.read,
    ack: row.ack,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    quotedMsgId: row.quotedMsgId,
    quotedMsg: q ? { id: q.id, body: q.isDeleted ? '' : q.body, fromMe: q.fromMe, mediaType: q.mediaType } : null,
    isDeleted: row.isDeleted,
    deletedByContact: row.deletedByContact,
    isEdited: row.isEdited,
    dataJson: (row.dataJson as Record<string, unknown> | null) ?? null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
