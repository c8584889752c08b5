/** Spec 1 §5: attachments accept png, jpg, pdf, mp4, mp3, ogg (the API sniffs the bytes again). */
export const ATTACHMENT_ACCEPT =
  '.png,.jpg,.jpeg,.pdf,.mp4,.mp3,.ogg,image/png,image/jpeg,application/pdf,video/mp4,audio/mpeg,audio/ogg';

const EXT = /\.(png|jpe?g|pdf|mp4|mp3|ogg)$/i;
const MIME = new Set([
  'image/png',
  'image/jpeg',
  'application/pdf',
  'video/mp4',
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
]);

export function attachmentAllowed(f: { name: string; type: string }): boolean {
  return EXT.test(f.name) || MIME.has(f.type.split(';')[0]);
}

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'none';

/** How a chosen file is previewed; 'none' shows 'Não foi possível carregar o preview'. */
export function previewKind(f: { name: string; type: string }): PreviewKind {
  const t = f.type.split(';')[0];
  if (t === 'image/png' || t === 'image/jpeg' || /\.(png|jpe?g)$/i.test(f.name)) return 'image';
  if (t === 'video/mp4' || /\.mp4$/i.test(f.name)) return 'video';
  if (t === 'audio/mpeg' || t === 'audio/ogg' || /\.(mp3|ogg)$/i.test(f.name)) return 'audio';
  if (t === 'application/pdf' || /\.pdf$/i.test(f.name)) return 'pdf';
  return 'none';
}
