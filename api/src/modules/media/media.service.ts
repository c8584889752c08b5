import { randomBytes } from 'node:crypto';
import { checkMedia, DOCX_MIME, DomainError, isDocx, MEDIA_SIZE_CAPS, MEDIA_TEXT, safeFileName } from '@zapdesk/core';
import { storage } from '../../platform/storage';
import { findMediaFileInCompany, insertMediaFile, type MediaFileRow } from './media.repo';

export type SavedMedia = { id: string; url: string; mimeType: string; fileName: string; size: number; kind: string };

/** API-relative download path of a stored file (the web appends `?token=` for <img>/<audio>). */
export const mediaUrlOf = (id: string) => `/media/${id}`;

const MEDIA_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;

/** `/media/{id}` → id, or null for anything else (external URLs are never fetched). */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  const m = url?.match(/^\/media\/([A-Za-z0-9_-]{16,64})$/);
  return m ? m[1] : null;
}

/**
 * Stores a file for a company. The type comes from the bytes (png, jpg, pdf, mp4, mp3, ogg); the declared mime
 * type is only a hint. Names are random (24 bytes), so a URL cannot be guessed; reading still requires a user of
 * the owning company. Throws ERR_VALIDATION (400) with the spec-style text for a refused file.
 */
export async function saveMediaFile(
  companyId: number,
  input: { data: Uint8Array; mimeType?: string; fileName?: string },
  /** `docx`: a Word document is accepted too (flows, spec 2 §9) */
  opts: { docx?: boolean } = {},
): Promise<SavedMedia> {
  const checked = checkMedia(input.data);
  const docx = !checked.ok && !!opts.docx && isDocx(input.data);
  if (docx && input.data.length > MEDIA_SIZE_CAPS.document) {
    throw new DomainError('ERR_VALIDATION', MEDIA_TEXT.tooLarge('document'));
  }
  if (!checked.ok && !docx) throw new DomainError(checked.error, checked.message);
  const { ext, mimeType, kind, size } = checked.ok
    ? checked.value
    : { ext: 'docx' as const, mimeType: DOCX_MIME, kind: 'document', size: input.data.length };
  const id = randomBytes(24).toString('base64url');
  const key = `${companyId}/${id}.${ext}`;
  const fileName = safeFileName(input.fileName, ext);
  await storage().put(key, input.data, mimeType);
  await insertMediaFile(companyId, { id, key, fileName, mimeType, size });
  return { id, url: mediaUrlOf(id), mimeType, fileName, size, kind };
}

/** The stored file of the company, or ERR_NOT_FOUND (404) — also for another company's id. */
export async function readMediaFile(
  companyId: number,
  id: string,
): Promise<{ file: MediaFileRow; data: Blob; size: number }> {
  // ids are ours (random base64url): anything else is no file of ours, and is never sent to the database
  if (!MEDIA_ID_RE.test(id)) throw new DomainError('ERR_NOT_FOUND');
  const file = await findMediaFileInCompany(companyId, id);
  if (!file) throw new DomainError('ERR_NOT_FOUND');
  const stored = await storage().get(file.key);
  if (!stored) throw new DomainError('ERR_NOT_FOUND');
  return { file, ...stored };
}

/** Bytes of a stored file (to re-send it through a channel). */
export async function loadMediaBytes(companyId: number, id: string) {
  const { file, data } = await readMediaFile(companyId, id);
  return { file, bytes: new Uint8Array(await data.arrayBuffer()) };
}
