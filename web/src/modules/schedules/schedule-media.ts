import { MEDIA_SIZE_CAPS, type StoredMediaKind } from '@zapdesk/core';
import { ATTACHMENT_ACCEPT, attachmentAllowed, previewKind } from '../messages/attachments';

/** Spec 2 §5/§9: schedules take png, jpg, pdf, mp4, mp3, ogg — the chat's attachment types. */
export const SCHEDULE_MEDIA_ACCEPT = ATTACHMENT_ACCEPT;

const KIND: Record<string, StoredMediaKind> = { image: 'image', video: 'video', audio: 'audio', pdf: 'document' };

/**
 * Why a chosen file cannot be scheduled, checked before the upload: its type, empty, or over the platform's cap for
 * its kind (core `MEDIA_SIZE_CAPS`: WhatsApp's own limits). The API sniffs the bytes again.
 */
export type MediaProblem = { kind: 'type' } | { kind: 'empty' } | { kind: 'size'; maxMb: number } | null;

export function mediaProblem(file: { name: string; type: string; size: number }): MediaProblem {
  if (!attachmentAllowed(file)) return { kind: 'type' };
  if (file.size === 0) return { kind: 'empty' };
  const kind = KIND[previewKind(file)] ?? 'document';
  const cap = MEDIA_SIZE_CAPS[kind];
  return file.size > cap ? { kind: 'size', maxMb: cap / (1024 * 1024) } : null;
}
