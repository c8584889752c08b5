/**
 * The ONE place where a contact number is normalised (contacts API, import, message pipeline, campaigns).
 *
 * Rules:
 * - digits only: `+55 (11) 98765-4321` → `5511987654321`; a JID (`5511…@s.whatsapp.net`, `…:12@…`) keeps its user
 *   part. Leading zeros are KEPT (they are meaningful to the simulator and to some international dialling).
 * - Brazilian mobiles: since 2012–2016 every Brazilian mobile has a 9th digit, but WhatsApp still reports many older
 *   accounts (mostly DDD ≥ 31) WITHOUT it (`55 DD 8xxxxxxx`, 12 digits). The same person may therefore reach us as
 *   `5531987654321` (typed by an attendant) and `553187654321` (the WhatsApp JID). We store ONE canonical form, the
 *   13-digit one WITH the 9th digit, so both spellings are the same contact (one row, no duplicate). Senders that
 *   need the exact JID ask the channel (`checkNumber`) or try `numberVariants()`.
 *   A 12-digit `55` number is a mobile when its first local digit is 6–9 (landlines start with 2–5, and never get a 9).
 */
export function normalizeNumber(raw: string): string {
  let s = String(raw ?? '').trim();
  const at = s.indexOf('@');
  if (at >= 0) s = s.slice(0, at);
  const colon = s.indexOf(':');
  if (colon >= 0) s = s.slice(0, colon);
  const digits = s.replace(/\D+/g, '');
  return canonicalBrazilianMobile(digits);
}

/** `55 DD [6-9]xxxxxxx` (12 digits) → `55 DD 9 [6-9]xxxxxxx` (13 digits); anything else unchanged. */
export function canonicalBrazilianMobile(digits: string): string {
  if (digits.length === 12 && digits.startsWith('55') && /^[6-9]$/.test(digits[4] ?? '')) {
    return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  }
  return digits;
}

/**
 * Every spelling WhatsApp may use for a normalised number, canonical first: for a Brazilian mobile both the 13-digit
 * form and the legacy 12-digit one (without the 9th digit); otherwise just the number.
 */
export function numberVariants(number: string): string[] {
  const n = normalizeNumber(number);
  if (n.length === 13 && n.startsWith('55') && n[4] === '9' && /^[6-9]$/.test(n[5] ?? '')) {
    return [n, `${n.slice(0, 4)}${n.slice(5)}`];
  }
  return [n];
}
