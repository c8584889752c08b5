import { createHash } from 'node:crypto';
import {
  checkMedia,
  DomainError,
  ERROR_STATUS,
  isErrorCode,
  MEDIA_SIZE_CAPS,
  MEDIA_TEXT,
  MEDIA_TYPES,
  MESSAGE_API_TEXTS,
  normalizeNumber,
  type OutboundTicketPolicy,
  partialSendText,
  type SendMessageApiAnswer,
  sniffMedia,
} from '@zapdesk/core';
import { ZodError } from 'zod';
import { now, nowDate, sleepOnClock } from '../../platform/clock';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { rateLimiter } from '../../platform/ratelimit';
import { isUnavailableError } from '../../platform/unavailable';
import { publishTokenUsage, type TokenForCall, tokenForSecret } from '../api-tokens/api-tokens.service';
import { sendOutbound, sentBeforeFailure } from '../messages/messages.outbound';
import { deleteTicketAfterSend } from '../tickets/tickets.service';
import { getWhatsappInCompany } from '../whatsapp/whatsapp.service';
import * as repo from './message-api.repo';

/**
 * The outbound message API (spec 2 §7): a server holding an API token sends a text or files to a number. The call
 * answers only after WhatsApp accepted every message (never a success for a message that was not sent). Order:
 * token (401) → company active and plan API (403) → per-token rate limit (429) → body (400/413) → Idempotency-Key →
 * connection usable (400 default, 503 not connected) → number on WhatsApp (400 ERR_WAPP_INVALID_CONTACT) → contact,
 * ticket (token mode, queue, user) → send and record (outbound seam) → the token's status after the send (destroy
 * deletes the ticket). Every call with a valid token is recorded (calls log, the token's last use and count).
 */

export type ApiFile = { data: Uint8Array; mimeType?: string; fileName?: string };
/** what a route read from its body */
export type ApiSend = { number: string; name?: string; body: string; files: ApiFile[] };
export type ApiCall = { route: string; authorization: string | undefined; idempotencyKey: string | undefined };
export type ApiAnswer = { status: 200; body: SendMessageApiAnswer; replayed: boolean };

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** a duplicate waits this long (on the shared clock) for the first request with its key to finish, then answers 409 */
export const IDEMPOTENCY_WAIT_MS = 15_000;
/** how often a waiting duplicate looks at the first request's row again */
export const IDEMPOTENCY_POLL_MS = 100;
const RATE_WINDOW_MS = 60_000;

/** `Authorization: Bearer <token>` → the token (401 when missing, unknown or revoked; 403 company/plan). */
export async function authenticateApiToken(authorization: string | undefined): Promise<TokenForCall> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) throw new DomainError('ERR_UNAUTHORIZED', MESSAGE_API_TEXTS.tokenMissing);
  const secret = m[1];
  // never sent to the database when it cannot be one of ours (the lookup is by its hash anyway)
  if (secret.length > 200) throw new DomainError('ERR_UNAUTHORIZED', MESSAGE_API_TEXTS.tokenInvalid);
  const token = await tokenForSecret(secret);
  if (!token) throw new DomainError('ERR_UNAUTHORIZED', MESSAGE_API_TEXTS.tokenInvalid);
  return token;
}

/** 403 when the token's company is inactive or its plan has no API (checked on every call, no cache). */
export function assertCompanyMaySend(token: TokenForCall): void {
  if (!token.companyActive) throw new DomainError('ERR_COMPANY_INACTIVE', MESSAGE_API_TEXTS.companyInactive);
  if (!token.companyEnableApi) throw new DomainError('ERR_PLAN_FEATURE_DISABLED', MESSAGE_API_TEXTS.apiDisabled);
}

/** Per token, never per company or globally: one integrator's burst never slows another. */
export async function hitRateLimit(tokenId: number): Promise<{ limited: boolean; retryAfterS: number }> {
  const limit = platform().env.apiRateLimitPerMinute;
  const key = `${platform().env.redisPrefix}:api-token:${tokenId}`;
  const s = await rateLimiter().hit(key, { limit: limit + 1, windowMs: RATE_WINDOW_MS });
  // `limit + 1`: the state is "limited" once the count reached the rule's limit; the limit-th call must pass
  return { limited: s.count > limit, retryAfterS: Math.max(1, s.retryAfterS || Math.ceil(RATE_WINDOW_MS / 1000)) };
}

/** Every file checked before anything is stored or sent: type by its bytes (400), size by its kind's cap (413). */
export function checkApiFiles(files: ApiFile[]): void {
  for (const f of files) {
    if (f.data.length === 0) throw new DomainError('ERR_VALIDATION', MEDIA_TEXT.empty);
    const ext = sniffMedia(f.data);
    if (!ext) throw new DomainError('ERR_MEDIA_TYPE_NOT_ALLOWED', MEDIA_TEXT.typeNotAllowed);
    const kind = MEDIA_TYPES[ext].kind;
    if (f.data.length > MEDIA_SIZE_CAPS[kind])
      throw new DomainError('ERR_PAYLOAD_TOO_LARGE', MEDIA_TEXT.tooLarge(kind));
    const checked = checkMedia(f.data);
    if (!checked.ok) throw new DomainError('ERR_VALIDATION', checked.message);
  }
}

/** The number as stored (core's one normalisation); 400 when it cannot be a phone number. */
export function apiNumber(raw: string): string {
  const n = normalizeNumber(raw);
  if (!/^\d{8,15}$/.test(n)) throw new DomainError('ERR_VALIDATION', MESSAGE_API_TEXTS.numberInvalid);
  return n;
}

function requestHash(route: string, input: ApiSend, number: string): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ route, number, name: input.name ?? null, body: input.body, files: input.files.length }));
  for (const f of input.files) {
    h.update('\0file\0');
    h.update(f.fileName ?? '');
    h.update('\0');
    h.update(f.data);
  }
  return h.digest('hex');
}

function connectionError(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  // the connection is not connected (or no live process runs its session): nothing was sent, retry later
  if (err.code === 'ERR_WAPP_NOT_INITIALIZED') {
    return new DomainError('ERR_WAPP_NOT_CONNECTED', MESSAGE_API_TEXTS.connectionUnavailable);
  }
  // WhatsApp refused the message, or did not confirm it in time: never a success
  if (err.code === 'ERR_SENDING_WAPP_MSG') return new DomainError('ERR_WAPP_SEND_FAILED', MESSAGE_API_TEXTS.sendFailed);
  return err;
}

/** Some files of the call went out, then WhatsApp refused one: remembered under the Idempotency-Key (never resent). */
class PartialSendError extends DomainError {
  constructor(message: string) {
    super('ERR_WAPP_SEND_FAILED', message);
  }
}

/** The send itself, for one token: the seam sends and records; then the token's status after the send. */
async function sendForToken(token: TokenForCall, number: string, input: ApiSend): Promise<SendMessageApiAnswer> {
  const companyId = token.companyId;
  // the connection may have become the default one since the token was made (spec 2 §5)
  const conn = await getWhatsappInCompany(companyId, token.whatsappId);
  if (conn.isDefault) throw new DomainError('ERR_API_DEFAULT_WHATSAPP', MESSAGE_API_TEXTS.defaultConnection);
  const destroy = token.ticketSetStatus === 'destroy';
  const policy: OutboundTicketPolicy = {
    mode: token.ticketCreateOrUpdate === 'create' ? 'create' : 'reuse',
    ...(destroy ? {} : { status: token.ticketSetStatus as 'open' | 'pending' | 'closed' }),
    ...(token.queueId !== null ? { queueId: token.queueId } : {}),
    ...(token.userId !== null ? { userId: token.userId } : {}),
  };
  let result: Awaited<ReturnType<typeof sendOutbound>>;
  try {
    result = await sendOutbound(companyId, {
      to: { number, name: input.name?.trim() || undefined, whatsappId: token.whatsappId },
      content: input.files.length
        ? { kind: 'upload', files: input.files, body: input.body }
        : { kind: 'text', body: input.body },
      ticket: policy,
      userId: token.userId,
    });
  } catch (err) {
    const sent = sentBeforeFailure(err);
    if (sent > 0) throw new PartialSendError(partialSendText(sent, input.files.length));
    throw connectionError(err);
  }
  const ticket = result.ticket;
  const last = result.messages.at(-1);
  if (!ticket || !last) throw new DomainError('ERR_WAPP_SEND_FAILED', MESSAGE_API_TEXTS.sendFailed);
  // the message went out: from here on the answer is a success (an error would make the client send it again)
  let destroyed = false;
  if (destroy) {
    try {
      await deleteTicketAfterSend(companyId, ticket.id);
      destroyed = true;
    } catch (err) {
      log.error({ err, companyId, tokenId: token.id, ticketId: ticket.id }, 'api send: ticket not deleted after send');
    }
  }
  return {
    ticketUrl: `${platform().env.frontendUrl.replace(/\/+$/, '')}/tickets/${ticket.uuid}`,
    ticketProtocol: ticket.protocol,
    contactName: ticket.contact.name,
    contactNumber: ticket.contact.number,
    ticketStatus: destroyed ? 'destroy' : ticket.status,
    messageId: last.wid,
  };
}

/**
 * Idempotency-Key: the (token, key) row is inserted BEFORE the send — a concurrent duplicate cannot insert it and
 * waits for the first one's answer instead of sending. Only a success is remembered (24 h): an error answer releases
 * the key so the client's retry tries again. The same key with another request → 422 ERR_IDEMPOTENCY_KEY_REUSED.
 */
async function sendIdempotent(
  token: TokenForCall,
  route: string,
  key: string,
  number: string,
  input: ApiSend,
): Promise<ApiAnswer> {
  const hash = requestHash(route, input, number);
  // the shared clock, not the wall clock: a test moves time through the wait instead of sleeping 15 s
  const deadline = now() + IDEMPOTENCY_WAIT_MS;
  for (;;) {
    const at = nowDate();
    const since = new Date(at.getTime() - IDEMPOTENCY_TTL_MS);
    if (await repo.claimIdempotencyKey(token.companyId, token.id, key, hash, at, since)) break;
    const row = await repo.findIdempotencyKey(token.companyId, token.id, key);
    if (row) {
      if (row.requestHash !== hash)
        throw new DomainError('ERR_IDEMPOTENCY_KEY_REUSED', MESSAGE_API_TEXTS.idempotencyConflict);
      if (row.status !== null && row.body) {
        // a partial send is answered again as it was (its files are not sent twice)
        if (row.status !== 200) throw new PartialSendError(String((row.body as { message?: unknown }).message ?? ''));
        return { status: 200, body: row.body as SendMessageApiAnswer, replayed: true };
      }
      if (now() >= deadline) {
        throw new DomainError('ERR_IDEMPOTENCY_IN_PROGRESS', MESSAGE_API_TEXTS.idempotencyInProgress);
      }
    }
    // the first request is running (or just released its key after an error): look again shortly
    await sleepOnClock(IDEMPOTENCY_POLL_MS);
  }
  try {
    const body = await sendForToken(token, number, input);
    await repo.completeIdempotencyKey(token.companyId, token.id, key, 200, body);
    return { status: 200, body, replayed: false };
  } catch (err) {
    if (err instanceof PartialSendError) {
      await repo
        .completeIdempotencyKey(token.companyId, token.id, key, err.status, { error: err.code, message: err.message })
        .catch((e) => log.warn({ err: e }, 'remember partial send'));
    } else {
      await repo
        .releaseIdempotencyKey(token.companyId, token.id, key)
        .catch((e) => log.warn({ err: e }, 'release key'));
    }
    throw err;
  }
}

function statusOf(err: unknown): { status: number; code: string } {
  if (err instanceof DomainError) return { status: err.status, code: err.code };
  if (err instanceof ZodError) return { status: 400, code: 'ERR_VALIDATION' };
  if (err instanceof SyntaxError) return { status: 400, code: 'ERR_VALIDATION' };
  if (isUnavailableError(err)) return { status: 503, code: 'ERR_SERVICE_UNAVAILABLE' };
  const code = (err as { code?: unknown })?.code;
  return isErrorCode(code) ? { status: ERROR_STATUS[code], code } : { status: 500, code: 'ERR_INTERNAL' };
}

/**
 * One call of the message API. `read` parses and validates the body (after the token, the company and the rate
 * limit: a refused caller's body is never read). `onRetryAfter` receives the seconds of a 429.
 */
export async function handleApiSend(
  call: ApiCall,
  read: () => Promise<ApiSend>,
  onRetryAfter: (seconds: number) => void,
): Promise<ApiAnswer> {
  const started = performance.now();
  const token = await authenticateApiToken(call.authorization);
  let number: string | null = null;
  const record = (statusCode: number, errorCode: string | null, messageId: string | null) =>
    repo
      .recordCall(token.companyId, {
        tokenId: token.id,
        route: call.route,
        number,
        statusCode,
        errorCode,
        latencyMs: Math.round(performance.now() - started),
        messageId,
        at: nowDate(),
      })
      .then(
        // the token list's last use and calls follow live (throttled per token)
        () =>
          publishTokenUsage(token.companyId, token.id).catch((err) =>
            log.warn({ err, tokenId: token.id }, 'token usage not published'),
          ),
        (err) => log.warn({ err, tokenId: token.id }, 'api call not recorded'),
      );
  try {
    assertCompanyMaySend(token);
    const rate = await hitRateLimit(token.id);
    if (rate.limited) {
      onRetryAfter(rate.retryAfterS);
      throw new DomainError('ERR_TOO_MANY_REQUESTS', MESSAGE_API_TEXTS.tooManyRequests);
    }
    const input = await read();
    number = apiNumber(input.number);
    checkApiFiles(input.files);
    const answer =
      call.idempotencyKey !== undefined
        ? await sendIdempotent(token, call.route, call.idempotencyKey, number, input)
        : { status: 200 as const, body: await sendForToken(token, number, input), replayed: false };
    await record(200, null, answer.body.messageId);
    return answer;
  } catch (err) {
    const { status, code } = statusOf(err);
    await record(status, code, null);
    throw err;
  }
}
