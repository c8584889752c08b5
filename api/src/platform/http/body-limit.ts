import { LOGO_MAX_BYTES, LOGO_TEXT, MEDIA_MAX_BYTES } from '@zapdesk/core';
import { IMPORT_MAX_BYTES, IMPORT_SHEET_TEXTS } from '@zapdesk/core/contacts/import-sheet';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

const KB = 1024;
const MB = 1024 * KB;

/** Login, sign-up, refresh and logout: a few short fields. */
export const AUTH_BODY_MAX = 16 * KB;
/** Every other JSON (or form) body: the largest is a 30,000-character quick answer, escaped. */
export const JSON_BODY_MAX = 1 * MB;
/**
 * The simulator's inbound message carries its media as a data: URL (base64, 4/3 of the bytes): room for the 16 MB
 * image/audio cap. Bigger simulated media (videos, documents) are out of the simulator's reach on purpose.
 */
export const SIMULATOR_BODY_MAX = Math.ceil((16 * MB * 4) / 3) + 64 * KB;

/** A campaign's JSON: 100,000 contacts with a name and an e-mail each stay well under 24 MB. */
export const CAMPAIGN_JSON_MAX = 24 * MB;

export type BodyRule = { method: string; path: RegExp; maxBytes: number; message?: string };

/**
 * Per-route request-body caps, checked before anything reads the body (validators, the rate limiter, multipart
 * parsing). Uploads get their media caps plus room for the multipart envelope; everything else is small.
 */
export const BODY_RULES: readonly BodyRule[] = [
  { method: 'POST', path: /^\/auth\//, maxBytes: AUTH_BODY_MAX },
  { method: 'DELETE', path: /^\/auth\//, maxBytes: AUTH_BODY_MAX },
  // the public store's lead and registration forms: a few short fields
  { method: 'POST', path: /^\/(lead|subscription)\/?$/, maxBytes: AUTH_BODY_MAX },
  {
    method: 'POST',
    path: /^\/contacts\/import\/?$/,
    maxBytes: IMPORT_MAX_BYTES + 64 * KB,
    message: IMPORT_SHEET_TEXTS.tooLarge,
  },
  {
    method: 'PUT',
    path: /^\/companyByCompany\/[^/]+\/?$/,
    maxBytes: LOGO_MAX_BYTES + 64 * KB,
    message: LOGO_TEXT.tooLarge,
  },
  {
    method: 'POST',
    path: /^\/messages\/[^/]+\/[^/]+\/?$/,
    maxBytes: MEDIA_MAX_BYTES + MB,
    message: 'Arquivo muito grande.',
  },
  { method: 'POST', path: /^\/schedules\/[^/]+\/?$/, maxBytes: MEDIA_MAX_BYTES + MB, message: 'Arquivo muito grande.' },
  // a flow's media files, all in one save (spec 2 §7 Flows)
  { method: 'POST', path: /^\/flows\/?$/, maxBytes: MEDIA_MAX_BYTES + MB, message: 'Arquivo muito grande.' },
  { method: 'PUT', path: /^\/flows\/[^/]+\/?$/, maxBytes: MEDIA_MAX_BYTES + MB, message: 'Arquivo muito grande.' },
  {
    method: 'PUT',
    path: /^\/schedules\/[^/]+\/[^/]+\/?$/,
    maxBytes: MEDIA_MAX_BYTES + MB,
    message: 'Arquivo muito grande.',
  },
  // a bot command's media (spec 2 §7 Bot commands: multipart)
  { method: 'POST', path: /^\/bot\/[^/]+\/?$/, maxBytes: MEDIA_MAX_BYTES + MB, message: 'Arquivo muito grande.' },
  { method: 'PUT', path: /^\/bot\/[^/]+\/[^/]+\/?$/, maxBytes: MEDIA_MAX_BYTES + MB, message: 'Arquivo muito grande.' },
  { method: 'POST', path: /^\/simulator\/[^/]+\/inbound\/?$/, maxBytes: SIMULATOR_BODY_MAX },
  // the message API's uploads (spec 2 §7): the media cap, per file checked again by its kind's cap
  {
    method: 'POST',
    path: /^\/api\/messages\/send(\/media)?\/?$/,
    maxBytes: MEDIA_MAX_BYTES + MB,
    message: 'Arquivo muito grande.',
  },
  // campaigns (issue 15): a send list of up to 100,000 contacts as JSON; the v1 multipart adds the messages' files
  { method: 'POST', path: /^\/Campaign\/?$/, maxBytes: CAMPAIGN_JSON_MAX, message: 'Lista de contatos muito grande.' },
  {
    method: 'POST',
    path: /^\/api\/campaign\/v1\/?$/,
    // the files and the list together within the chat upload's cap (each file is checked again by its kind's cap)
    maxBytes: MEDIA_MAX_BYTES + MB,
    message: 'Campanha muito grande (lista de contatos ou arquivos).',
  },
  {
    method: 'POST',
    path: /^\/CampaignSendList\/import\/?$/,
    maxBytes: 20 * MB + 64 * KB,
    message: 'Planilha muito grande (máximo 20 MB)',
  },
];

/** The largest body any route accepts: Bun.serve's own ceiling (maxRequestBodySize) is set to it. */
export const LARGEST_BODY_MAX = Math.max(JSON_BODY_MAX, ...BODY_RULES.map((r) => r.maxBytes));

export function bodyRuleFor(method: string, path: string): { maxBytes: number; message?: string } {
  return BODY_RULES.find((r) => r.method === method && r.path.test(path)) ?? { maxBytes: JSON_BODY_MAX };
}

/**
 * 413 `ERR_PAYLOAD_TOO_LARGE` for a body over its route's cap: a declared Content-Length is refused before a byte
 * is read; a chunked body (no length) is counted while it streams and refused as soon as it passes the cap.
 */
export function requestBodyLimits(): MiddlewareHandler {
  const limiters = new Map<string, MiddlewareHandler>();
  const limiterFor = (maxBytes: number, message: string | undefined) => {
    const key = `${maxBytes}:${message ?? ''}`;
    let l = limiters.get(key);
    if (!l) {
      l = bodyLimit({
        maxSize: maxBytes,
        onError: (c) => {
          c.header('Connection', 'close');
          return c.json(errorBody('ERR_PAYLOAD_TOO_LARGE', message), 413);
        },
      });
      limiters.set(key, l);
    }
    return l;
  };
  return (c, next) => {
    if (!c.req.raw.body) return next();
    const rule = bodyRuleFor(c.req.method, c.req.path);
    return limiterFor(rule.maxBytes, rule.message)(c, next);
  };
}
