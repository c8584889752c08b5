import {
  API_TOKEN_TEXTS,
  type ApiTokenCreatedDto,
  type ApiTokenDto,
  type ApiTokenEvent,
  type ApiTokenInput,
  type ApiTokenListDto,
  DomainError,
  events,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
} from '@zapdesk/core';
import { type ClockTimer, now, nowDate, setClockTimeout } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import { getQueueInCompany } from '../queues/queues.service';
import { getUserDto } from '../users/users.service';
import { getWhatsappInCompany } from '../whatsapp/whatsapp.service';
import * as repo from './api-tokens.repo';
import { hashSecret, newSecret, openSecret, sealSecret } from './api-tokens.secret';

/**
 * API message tokens (spec 2 §7 "API message tokens"): administrators of a company whose plan enables the API
 * (capability `useApi`), server-enforced on every route. Revoking is deleting: the message API reads the token on
 * every call, so a deleted token stops working at once in every process.
 */

function publish(companyId: number, data: ApiTokenEvent): void {
  emit({ companyId, channel: events.apiSendMessageToken.of(companyId), adminOnly: true, data });
}

async function getToken(companyId: number, id: number): Promise<ApiTokenDto> {
  const t = await repo.findToken(companyId, id);
  if (!t) throw new DomainError('ERR_NOT_FOUND', API_TOKEN_TEXTS.notFound);
  return t;
}

/**
 * The connection must be the company's (404 otherwise) and not its default one (spec 2 §5: the default connection
 * cannot be used for sending); queue and user must be the company's (404).
 */
export async function assertTokenRefs(
  companyId: number,
  refs: { whatsappId: number; queueId?: number | null; userId?: number | null },
): Promise<void> {
  const w = await getWhatsappInCompany(companyId, refs.whatsappId);
  if (w.isDefault) throw new DomainError('ERR_API_DEFAULT_WHATSAPP', API_TOKEN_TEXTS.defaultConnection);
  if (refs.queueId != null) await getQueueInCompany(companyId, refs.queueId);
  if (refs.userId != null) await getUserDto(companyId, refs.userId);
}

const settingsOf = (input: ApiTokenInput): repo.TokenSettings => ({
  name: input.name,
  ticketSetStatus: input.ticketSetStatus,
  ticketCreateOrUpdate: input.ticketCreateOrUpdate,
  queueId: input.queueId ?? null,
  userId: input.userId ?? null,
  whatsappId: input.whatsappId,
});

/** GET /ApiSendMessageToken/ → { apiSendMessageTokens, count, hasMore } (list kit). */
export async function listApiTokens(ctx: UserCtx, q: PageQuery): Promise<ApiTokenListDto> {
  assertCan(ctx, 'useApi');
  const { rows, hasMore, count } = await repo.listTokens(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { apiSendMessageTokens: rows, count, hasMore };
}

export async function showApiToken(ctx: UserCtx, id: number): Promise<ApiTokenDto> {
  assertCan(ctx, 'useApi');
  return getToken(ctx.companyId, id);
}

/** Creates a token for a company (the POST route and the CLI); answers the DTO plus the secret, this once. */
export async function createApiTokenForCompany(companyId: number, input: ApiTokenInput): Promise<ApiTokenCreatedDto> {
  const settings = settingsOf(input);
  await assertTokenRefs(companyId, settings);
  const secret = newSecret();
  const tokenHash = hashSecret(secret);
  const id = await repo.insertToken(companyId, {
    ...settings,
    tokenHash,
    secretEnc: sealSecret(companyId, tokenHash, secret),
    last4: secret.slice(-4),
  });
  const token = await getToken(companyId, id);
  publish(companyId, { action: 'create', apiSendMessageToken: token });
  return { ...token, plainToken: secret };
}

export async function createApiToken(ctx: UserCtx, input: ApiTokenInput): Promise<ApiTokenCreatedDto> {
  assertCan(ctx, 'useApi');
  return createApiTokenForCompany(ctx.companyId, input);
}

export async function updateApiToken(ctx: UserCtx, id: number, input: ApiTokenInput): Promise<ApiTokenDto> {
  assertCan(ctx, 'useApi');
  await getToken(ctx.companyId, id);
  const settings = settingsOf(input);
  await assertTokenRefs(ctx.companyId, settings);
  if (!(await repo.updateToken(ctx.companyId, id, settings, nowDate()))) {
    throw new DomainError('ERR_NOT_FOUND', API_TOKEN_TEXTS.notFound);
  }
  const token = await getToken(ctx.companyId, id);
  publish(ctx.companyId, { action: 'update', apiSendMessageToken: token });
  return token;
}

/** The token list's usage columns (last use, calls) follow the API's calls live, at most this often per token. */
export const TOKEN_USAGE_EVENT_EVERY_MS = 5_000;
const usagePublished = new Map<number, { at: number; trailing: ClockTimer | null }>();

async function publishUsageNow(companyId: number, id: number): Promise<void> {
  const token = await repo.findToken(companyId, id);
  if (token) publish(companyId, { action: 'update', apiSendMessageToken: token });
}

/**
 * After the message API recorded a call of a token: an `update` on `apiSendMessageToken-{companyId}`, throttled per
 * token (this process): the first call publishes at once; calls within the next TOKEN_USAGE_EVENT_EVERY_MS leave one
 * trailing publish at the window's end, so the list ends on the real count without an event per call. An ephemeral
 * UI refresh, not durable work: a clock timer, not a job (a lost one only leaves the columns as of the last event).
 */
export async function publishTokenUsage(companyId: number, id: number): Promise<void> {
  const t = now();
  const state = usagePublished.get(id);
  if (state && t - state.at < TOKEN_USAGE_EVENT_EVERY_MS) {
    state.trailing ??= setClockTimeout(
      () => {
        state.trailing = null;
        state.at = now();
        publishUsageNow(companyId, id).catch((err) => log.warn({ err, tokenId: id }, 'token usage not published'));
      },
      state.at + TOKEN_USAGE_EVENT_EVERY_MS - t,
    );
    return;
  }
  state?.trailing?.cancel();
  // a token whose window ended long ago needs no memory: bounded by the tokens used in the last window
  for (const [other, s] of usagePublished) {
    if (!s.trailing && t - s.at >= TOKEN_USAGE_EVENT_EVERY_MS) usagePublished.delete(other);
  }
  usagePublished.set(id, { at: t, trailing: null });
  await publishUsageNow(companyId, id);
}

/** DELETE = revoke: the row is gone, the next call with the secret answers 401 in every process. */
export async function deleteApiToken(ctx: UserCtx, id: number): Promise<void> {
  assertCan(ctx, 'useApi');
  if (!(await repo.deleteToken(ctx.companyId, id))) throw new DomainError('ERR_NOT_FOUND', API_TOKEN_TEXTS.notFound);
  log.info({ companyId: ctx.companyId, tokenId: id, userId: ctx.user.id }, 'api token revoked');
  publish(ctx.companyId, { action: 'delete', apiSendMessageTokenId: id });
}

/** GET /ApiSendMessageToken/{id}/reveal (admins with the API): the full secret, decrypted. */
export async function revealApiToken(ctx: UserCtx, id: number): Promise<{ token: string }> {
  assertCan(ctx, 'useApi');
  const sealed = await repo.findSealedSecret(ctx.companyId, id);
  if (!sealed) throw new DomainError('ERR_NOT_FOUND', API_TOKEN_TEXTS.notFound);
  try {
    return { token: openSecret(ctx.companyId, sealed.tokenHash, sealed.secretEnc) };
  } catch (err) {
    // the server secret changed since the token was made: it still works (hash), it can no longer be shown
    log.warn({ err, companyId: ctx.companyId, tokenId: id }, 'api token cannot be revealed');
    throw new DomainError(
      'ERR_INTERNAL',
      'Não foi possível revelar este token (a chave do servidor mudou). Ele continua funcionando; crie outro se precisar vê-lo.',
    );
  }
}

/** The token a message-API call names (by its secret), or null. Never cached (revocation is immediate). */
export function tokenForSecret(secret: string): Promise<repo.TokenForCall | null> {
  return repo.findByHash(hashSecret(secret));
}
export type TokenForCall = repo.TokenForCall;
