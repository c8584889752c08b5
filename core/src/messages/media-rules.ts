import { ok, type Result, refuse } from '../errors';

/**
 * Attachments the platform stores (spec 1 §5: png, jpg, pdf, mp4, mp3, ogg; ogg covers WhatsApp voice notes,
 * `audio/ogg; codecs=opus`). The type is decided from the file's first bytes, never from the name or the declared
 * mime type alone, so a renamed executable cannot be stored as an image.
 */
export type StoredMediaKind = 'image' | 'audio' | 'video' | 'document';
export type AllowedExt = 'png' | 'jpg' | 'pdf' | 'mp4' | 'mp3' | 'ogg';

export const MEDIA_TYPES: Record<AllowedExt, { mime: string; kind: StoredMediaKind }> = {
  png: { mime: 'image/png', kind: 'image' },
  jpg: { mime: 'image/jpeg', kind: 'image' },
  pdf: { mime: 'application/pdf', kind: 'document' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  mp3: { mime: 'audio/mpeg', kind: 'audio' },
  ogg: { mime: 'audio/ogg', kind: 'audio' },
};

const MB = 1024 * 1024;
/** WhatsApp's own limits, rounded down: images and audio 16 MB, video 64 MB, documents 100 MB. */
export const MEDIA_SIZE_CAPS: Record<StoredMediaKind, number> = {
  image: 16 * MB,
  audio: 16 * MB,
  video: 64 * MB,
  document: 100 * MB,
};
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_SIZE_CAPS));

export const MEDIA_TEXT = {
  typeNotAllowed: 'Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.',
  empty: 'O arquivo está vazio.',
  tooLarge: (kind: StoredMediaKind) => `Arquivo muito grande (máximo ${MEDIA_SIZE_CAPS[kind] / MB} MB).`,
} as const;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

/** The allowed type of these bytes, or null. */
export function sniffMedia(bytes: Uint8Array): AllowedExt | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x4f, 0x67, 0x67, 0x53])) return 'ogg'; // OggS
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return 'mp4'; // ....ftyp
  if (startsWith(bytes, [0x49, 0x44, 0x33])) return 'mp3'; // ID3 tag
  // bare MPEG audio frame: 11 sync bits, layer III
  if (bytes.length > 1 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) === 0x02) return 'mp3';
  return null;
}

export type CheckedMedia = { ext: AllowedExt; mimeType: string; kind: StoredMediaKind; size: number };

/** A Word document (spec 2 §9: flows also accept docx): a zip holding `word/document.xml`. Only flows take it. */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const WORD_PART = Array.from('word/document.xml', (c) => c.charCodeAt(0));
export function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  // the part name is in the local header near the start or in the central directory at the end
  outer: for (let i = 0; i + WORD_PART.length <= bytes.length; i++) {
    for (let j = 0; j < WORD_PART.length; j++) if (bytes[i + j] !== WORD_PART[j]) continue outer;
    return true;
  }
  return false;
}

export function checkMedia(bytes: Uint8Array): Result<CheckedMedia, 'ERR_VALIDATION'> {
  if (bytes.length === 0) return refuse('ERR_VALIDATION', MEDIA_TEXT.empty);
  const ext = sniffMedia(bytes);
  if (!ext) return refuse('ERR_VALIDATION', MEDIA_TEXT.typeNotAllowed);
  const { mime, kind } = MEDIA_TYPES[ext];
  if (bytes.length > MEDIA_SIZE_CAPS[kind]) return refuse('ERR_VALIDATION', MEDIA_TEXT.tooLarge(kind));
  return ok({ ext, mimeType: mime, kind, size: bytes.length });
}

/** A file name safe for storage listings and Content-Disposition: no paths, no control characters, bounded. */
export function safeFileName(name: string | undefined, ext: AllowedExt | 'docx'): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(ch))
    .join('')
    .trim()
    .slice(0, 120);
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, '') || 'arquivo';
  return `${stem}.${ext}`;
}
