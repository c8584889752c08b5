import { normalizeNumber } from '../contacts/number';

/**
 * WhatsApp addresses (jids). A person is `<digits>@s.whatsapp.net` (phone number, possibly with a `:device`
 * suffix) or `<digits>@lid` (privacy id, WhatsApp's newer addressing); a group is `<id>@g.us`.
 */
export type ParsedJid =
  | { kind: 'user'; number: string }
  | { kind: 'lid'; lid: string }
  | { kind: 'group'; id: string }
  | { kind: 'broadcast' | 'newsletter' | 'unknown'; raw: string };

export function parseJid(jid: string): ParsedJid {
  const at = jid.indexOf('@');
  if (at < 0) {
    const digits = normalizeNumber(jid);
    return digits ? { kind: 'user', number: digits } : { kind: 'unknown', raw: jid };
  }
  const user = jid.slice(0, at).split(':')[0];
  const server = jid.slice(at + 1);
  switch (server) {
    case 's.whatsapp.net':
    case 'c.us':
      return { kind: 'user', number: normalizeNumber(user) };
    case 'lid':
      return { kind: 'lid', lid: `${user.replace(/\D/g, '')}@lid` };
    case 'g.us':
      return { kind: 'group', id: user };
    case 'broadcast':
      return { kind: 'broadcast', raw: jid };
    case 'newsletter':
      return { kind: 'newsletter', raw: jid };
    default:
      return { kind: 'unknown', raw: jid };
  }
}

/** The jid to send to: a group id (digits and a dash) goes to g.us, a number to s.whatsapp.net. */
export function toJid(numberOrGroup: string, isGroup: boolean): string {
  if (numberOrGroup.includes('@')) return numberOrGroup;
  return isGroup ? `${numberOrGroup}@g.us` : `${normalizeNumber(numberOrGroup)}@s.whatsapp.net`;
}
