import type { SimMessage } from './simulator-api';

/** Spec 3 §9: the simulator pane is at most 400 px high. */
export const SIM_PANE_MAX_HEIGHT = 400;

/** Attachments the platform stores (spec 1 §5): png, jpg, pdf, mp4, mp3, ogg. */
export const SIM_ACCEPT =
  '.png,.jpg,.jpeg,.pdf,.mp4,.mp3,.ogg,image/png,image/jpeg,application/pdf,video/mp4,audio/mpeg,audio/ogg';

/** 16 MB: the smallest media cap of the platform (images, audio); bigger files are refused before upload. */
export const SIM_MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Digits of a typed phone number; a valid simulated contact has 8 to 15 of them. */
export function phoneDigits(v: string): string {
  return v.replace(/\D/g, '');
}

export function validPhone(v: string): boolean {
  const d = phoneDigits(v);
  return d.length >= 8 && d.length <= 15;
}

/** The simulator kind of a file (the API decides from the bytes too; this only picks the label). */
export function mediaKindOf(mime: string): 'image' | 'audio' | 'video' | 'document' {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/** Messages the platform sent to the contact that the phone has not marked read yet (ack < 4). */
export function unreadFromPlatform(list: SimMessage[]): SimMessage[] {
  return list.filter((m) => m.direction === 'out' && !m.fromMe && !m.deleted && m.ack < 4);
}

/** Does a platform event concern this phone's conversation? (same connection, same contact number) */
export function concernsConversation(
  e: { ticket?: { whatsappId: number | null; contact?: { number: string } | null } | null },
  whatsappId: number,
  number: string | null,
): boolean {
  const t = e.ticket;
  if (!t || t.whatsappId !== whatsappId) return false;
  if (!number) return true;
  const n = t.contact?.number ?? '';
  return phoneDigits(n) === phoneDigits(number) || n === number;
}

/** Reads a file as a data: URL (the simulator accepts media inline; nothing is fetched from the internet). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}
