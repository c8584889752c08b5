import type { MessageDto } from '@zapdesk/core';

/** Who wrote a quoted message, as its quote shows it: the user ("Você"), a named person, or nobody we know. */
export type QuoteAuthor = { kind: 'me' } | { kind: 'named'; name: string } | { kind: 'unknown' };

/**
 * The author of a reply's quoted message (issue 12 §7): our own message → "Você"; else the quoted message's sender —
 * in a group the participant (when that message is loaded), in a one-to-one chat the ticket's contact. Never the
 * replying message's own sender: a reply we send has no contact, which made every quote read "Contato".
 */
export function quoteAuthor(
  quoted: Pick<NonNullable<MessageDto['quotedMsg']>, 'id' | 'fromMe'>,
  chat: { isGroup: boolean; contactName: string; findMessage: (id: number) => Pick<MessageDto, 'contact'> | undefined },
): QuoteAuthor {
  if (quoted.fromMe) return { kind: 'me' };
  const sender = chat.findMessage(quoted.id)?.contact?.name?.trim();
  if (sender) return { kind: 'named', name: sender };
  // a group's contact is the group itself, not who wrote
  if (!chat.isGroup && chat.contactName.trim()) return { kind: 'named', name: chat.contactName.trim() };
  return { kind: 'unknown' };
}

/** the bubble's primitive prop (keeps the memoised bubbles from re-rendering): a name, QUOTED_BY_ME, or '' */
export const QUOTED_BY_ME = '\u0000me';
export function quotedByLabel(a: QuoteAuthor): string {
  return a.kind === 'me' ? QUOTED_BY_ME : a.kind === 'named' ? a.name : '';
}
