import { BODY_TEXT } from './errors';
import { assertNoNul, readJsonBody } from './validate';

/** A file sent with a form: its bytes, type and name as the browser sent them. */
export type FormUpload = { data: Uint8Array; mimeType: string; fileName: string };

/**
 * A form as the spec's multipart routes send it: multipart with `body` (the form as JSON text), a file (the first
 * present of `fileFields`) and `mediaName` (copied into the body when not blank); or the form itself as a JSON body
 * (no file). Unreadable multipart or body JSON, a body that is not an object throw `invalid()`; a JSON body sent as
 * another Content-Type or malformed answers readJsonBody's texts.
 * The body is only checked for NUL characters; the service validates it.
 */
export async function formRequest(
  req: Request,
  invalid: () => Error,
  fileFields: readonly string[] = ['media'],
): Promise<{ body: unknown; media: FormUpload | null }> {
  const type = req.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData().catch(() => {
      throw invalid();
    });
    const text = form.get('body');
    let body: unknown = {};
    if (typeof text === 'string' && text.trim()) {
      try {
        body = JSON.parse(text);
      } catch {
        throw invalid();
      }
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid();
    const mediaName = form.get('mediaName');
    if (typeof mediaName === 'string' && mediaName.trim()) body = { ...body, mediaName };
    let file: FormDataEntryValue | null = null;
    for (const field of fileFields) {
      file = form.get(field);
      if (file !== null) break;
    }
    const media =
      file instanceof File && file.size > 0
        ? { data: new Uint8Array(await file.arrayBuffer()), mimeType: file.type, fileName: file.name }
        : null;
    assertNoNul(body);
    return { body, media };
  }
  const body = await readJsonBody(req, BODY_TEXT.notJsonOrMultipart);
  assertNoNul(body);
  return { body, media: null };
}
