import { i18n } from '@lingui/core';
import { isErrorCode } from '@zapdesk/core';
import { DetailedError } from 'hono/client';
import { type ToastOptions, toast } from '../ui/toasts/toast';
import { ERROR_MESSAGES, GENERIC_ERROR, REASON_MESSAGES, VALIDATION_MESSAGES } from './error-messages';

/** A failed API answer `{ error, message, fields? }` (thrown by `readJson` / `apiJson`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** a refusal's code and parameters when its text has some (the web translates them) */
  readonly reason: ApiErrorReason | undefined;
  constructor(status: number, body: unknown) {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const message = typeof b.message === 'string' ? b.message : typeof body === 'string' ? body : '';
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof b.error === 'string' ? b.error : undefined;
    this.fields = b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string>) : undefined;
    this.reason = reasonOf(b.reason);
  }
}

export type ApiErrorReason = { code: string; params: Record<string, string> };

function reasonOf(v: unknown): ApiErrorReason | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const r = v as Record<string, unknown>;
  if (typeof r.code !== 'string') return undefined;
  const params: Record<string, string> = {};
  if (r.params && typeof r.params === 'object') {
    for (const [k, x] of Object.entries(r.params))
      if (typeof x === 'string' || typeof x === 'number') params[k] = String(x);
  }
  return { code: r.code, params };
}

/** Throws ApiError for a non-2xx answer; returns the parsed JSON (or undefined for an empty body). */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the raw text
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}

/** The `{ error, message }` pair of whatever was thrown: ApiError, hono's DetailedError, a body, a string. */
export function errorParts(err: unknown): { code?: string; message?: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message || undefined };
  if (err instanceof DetailedError) {
    const data = (err.detail as { data?: unknown } | undefined)?.data;
    if (data && typeof data === 'object') {
      const d = data as Record<string, unknown>;
      return {
        code: typeof d.error === 'string' ? d.error : undefined,
        message: typeof d.message === 'string' ? d.message : undefined,
      };
    }
    return { message: typeof data === 'string' && data ? data : undefined };
  }
  if (typeof err === 'string') return { message: err || undefined };
  if (err && typeof err === 'object') {
    const o = err as Record<string, unknown>;
    // the spec's client reads "the server's message or error field"
    return {
      code: typeof o.error === 'string' ? o.error : undefined,
      message: typeof o.message === 'string' && o.message ? o.message : undefined,
    };
  }
  return {};
}

/**
 * Spec 1 §8: the translated text for a known code; else the server's raw text; else 'An error occurred!'.
 * ERR_VALIDATION shows the field's own text ('Too Short!'…) rather than the generic one: it says what to fix.
 */
export function parseApiError(err: unknown): string {
  if (err instanceof ApiError && err.reason) {
    const byReason = REASON_MESSAGES[err.reason.code];
    if (byReason) return i18n._(byReason(err.reason.params));
  }
  const { code, message } = errorParts(err);
  if (code === 'ERR_VALIDATION' && message) {
    const v = VALIDATION_MESSAGES[message];
    return v ? i18n._(v) : message;
  }
  if (isErrorCode(code)) return i18n._(ERROR_MESSAGES[code]);
  // some servers put the code in `message`
  if (isErrorCode(message)) return i18n._(ERROR_MESSAGES[message]);
  if (message) return message;
  return i18n._(GENERIC_ERROR);
}

/** Translates a validation text coming from a core zod schema (web forms). */
export function translateValidation(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const v = VALIDATION_MESSAGES[text];
  return v ? i18n._(v) : text;
}

/**
 * A form's inline errors from a core zod schema's failure: per field (`issue.path[0]`) the first issue's text,
 * translated.
 */
export function fieldErrors<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0] as K;
    errors[key] ??= translateValidation(issue.message);
  }
  return errors;
}

/** The shared handler: a toast with `parseApiError`'s text. */
export function toastError(err: unknown, opts?: ToastOptions): number {
  return toast.error(parseApiError(err), opts);
}
