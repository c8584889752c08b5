import { parseJid } from '../whatsapp/jid';
import { lastMessagePreview } from './message-rules';

/**
 * The decisions of the inbound pipeline, one home for them (api `pipeline.batch.ts` applies them to one message or
 * to a batch): which events are ignored and why, who the chat and the sender are, what counts as unread, which
 * message is greeted, the ticket's preview text. Pure: the pipeline does the reads and writes.
 */

/** the ticket's `lastMessage` is cut at this length */
export const LAST_MESSAGE_MAX = 1000;

/** the outcome written on a raw log that was processed without storing a message (spec 3: the raw-log screen) */
export const INBOUND_NOTE = {
  connectionRemoved: 'connection removed',
  notAChat: 'ignored: not a chat',
  reaction: 'ignored: reaction message',
  noAddress: 'ignored: no address',
  groupsDisabled: 'ignored: group messages disabled',
  duplicate: 'duplicate: already stored',
} as const;
export type InboundNote = (typeof INBOUND_NOTE)[keyof typeof INBOUND_NOTE];

/** a person or a group as the channel names it; the contacts area turns it into a contact row */
export type InboundParty = {
  /** phone number (any spelling) or `groupId@g.us` */
  number?: string | null;
  /** `1234@lid` */
  lid?: string | null;
  /** push name / group subject */
  name?: string | null;
  isGroup: boolean;
};

/** the fields of an inbound message these rules read */
export type InboundMessageFacts = {
  remoteJid: string;
  remoteJidAlt?: string;
  participant?: string;
  pushName?: string;
  fromMe: boolean;
  type: string;
};

/** a person's phone number and/or LID from a jid and its alternative spelling; null when neither is a person */
export function personOf(jid: string, alt?: string): { number: string | null; lid: string | null } | null {
  const a = parseJid(jid);
  const b = alt ? parseJid(alt) : null;
  const number = a.kind === 'user' ? a.number : b?.kind === 'user' ? b.number : null;
  const lid = a.kind === 'lid' ? a.lid : b?.kind === 'lid' ? b.lid : null;
  return number || lid ? { number, lid } : null;
}

/**
 * Who an inbound message is about, before any connection rule: the chat (a person or a group) and, in a group, the
 * participant who wrote it — or why the message is ignored (broadcasts, newsletters, reactions sent as messages,
 * no address).
 */
export function inboundParties(
  msg: InboundMessageFacts,
): { ignored: InboundNote } | { isGroup: boolean; chat: InboundParty; participant: InboundParty | null } {
  const chat = parseJid(msg.remoteJid);
  if (chat.kind === 'broadcast' || chat.kind === 'newsletter' || chat.kind === 'unknown') {
    return { ignored: INBOUND_NOTE.notAChat };
  }
  if (msg.type === 'reaction') return { ignored: INBOUND_NOTE.reaction };
  if (chat.kind === 'group') {
    const p = msg.participant && !msg.fromMe ? personOf(msg.participant) : null;
    return {
      isGroup: true,
      chat: { number: `${chat.id}@g.us`, isGroup: true },
      participant: p ? { ...p, name: msg.pushName, isGroup: false } : null,
    };
  }
  const p = personOf(msg.remoteJid, msg.remoteJidAlt);
  if (!p) return { ignored: INBOUND_NOTE.noAddress };
  // the pushName of a message typed on our own phone is OUR name, not the contact's
  return { isGroup: false, chat: { ...p, name: msg.fromMe ? null : msg.pushName, isGroup: false }, participant: null };
}

/**
 * The connection's own rules, once it is read: a deleted connection (or a log whose connection was removed) drops the
 * message; a group message is dropped when the connection disables group messages. Null: go on.
 */
export function connectionVerdict(
  conn: { disableGroupMessages: boolean } | null | undefined,
  isGroup: boolean,
): InboundNote | null {
  if (!conn) return INBOUND_NOTE.connectionRemoved;
  if (isGroup && conn.disableGroupMessages) return INBOUND_NOTE.groupsDisabled;
  return null;
}

/**
 * Which party the stored message names as its sender: in a group the participant (when known); in a person's chat
 * the contact wrote it, unless it was typed on our own phone (fromMe: no contact sender).
 */
export function senderParty(m: {
  isGroup: boolean;
  fromMe: boolean;
  hasParticipant: boolean;
}): 'participant' | 'chat' | 'none' {
  if (m.hasParticipant) return 'participant';
  return m.isGroup || m.fromMe ? 'none' : 'chat';
}

/** a message raises the ticket's unread count when the contact wrote it now (not our phone, not the history import) */
export function countsAsUnread(m: { fromMe: boolean; imported?: boolean }): boolean {
  return !m.fromMe && !m.imported;
}

/**
 * The after-inbound reactions (greeting, out-of-hours, bots, flows, AI) look at the contact's live messages only:
 * never our own (a bot must not answer its own echo) and never the history import.
 */
export function runsAfterInbound(m: { fromMe: boolean; imported?: boolean }): boolean {
  return !m.fromMe && !m.imported;
}

/** the greeting answers only the contact's message that opened a new conversation (not ours, a group, or history) */
export function shouldGreet(m: {
  createdTicket: boolean;
  fromMe: boolean;
  isGroup: boolean;
  imported?: boolean;
}): boolean {
  return m.createdTicket && !m.fromMe && !m.isGroup && !m.imported;
}

/** the ticket's preview of a stored message */
export function ticketLastMessage(m: { body: string; mediaType: string | null }): string {
  return lastMessagePreview(m).slice(0, LAST_MESSAGE_MAX);
}
