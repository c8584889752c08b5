import { LOGO_MAX_BYTES, LOGO_TEXT } from '@zapdesk/core';

/**
 * Spec 1 §5: the logo is png or jpg. Checked from the file's first bytes (a renamed file is caught before upload;
 * the server checks the same way) and capped at 2 MB. Returns the spec's text of the problem, or null.
 */
export function logoProblem(head: Uint8Array, size: number): string | null {
  const png = head.length >= 4 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  const jpg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if (!png && !jpg) return LOGO_TEXT.type;
  if (size > LOGO_MAX_BYTES) return LOGO_TEXT.tooLarge;
  return null;
}

export async function checkLogoFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return logoProblem(head, file.size);
}
