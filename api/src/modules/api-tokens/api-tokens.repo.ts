import type { ApiTokenDto, TicketCreateOrUpdate, TicketSetStatus } from '@zapdesk/core';
import { maskApiToken } from '@zapdesk/core';
import { and, desc, eq } from 'drizzle-orm';
import { apiTokens, companies, queues, users, whatsapps } from '../../db/schema';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  last4: apiTokens.last4,
  ticketSetStatus: apiTokens.ticketSetStatus,
  ticketCreateOrUpdate: apiTokens.ticketCreateOrUpdate,
  queueId: apiTokens.queueId,
  queueName: queues.name,
  userId: apiTokens.userId,
  userName: users.name,
  whatsappId: apiTokens.whatsappId,
  whatsappName: whatsapps.name,
  companyId: apiTokens.companyId,
  lastUsedAt: apiTokens.lastUsedAt,
  callCount: apiTokens.callCount,
  createdAt: apiTokens.createdAt,
};

type Row = {
  id: number;
  name: string;
  last4: string;
  ticketSetStatus: TicketSetStatus;
  ticketCreateOrUpdate: TicketCreateOrUpdate;
  queueId: number | null;
  queueName: string | null;
  userId: number | null;
  userName: string | null;
  whatsappId: number;
  whatsappName: string | null;
  companyId: number;
  lastUsedAt: Date | null;
  callCount: number;
  createdAt: Date;
};

function toDto(r: Row): ApiTokenDto {
  return {
    id: r.id,
    token: maskApiToken(r.last4),
    name: r.name,
    ticketSetStatus: r.ticketSetStatus,
    ticketCreateOrUpdate: r.ticketCreateOrUpdate,
    queue: r.queueId !== null && r.queueName !== null ? { id: r.queueId, name: r.queueName } : null,
    queueId: r.queueId,
    userId: r.userId,
    user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    whatsapp: { id: r.whatsappId, name: r.whatsappName ?? '' },
    whatsappId: r.whatsappId,
    companyId: r.companyId,
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
    callCount: r.callCount,
    createdAt: r.createdAt.toISOString(),
  };
}

/** the token with its queue, user and connection names (the joins stay within the company) */
function selectDtos() {
  return db
    .select(columns)
    .from(apiTokens)
    .leftJoin(queues, and(eq(queues.id, apiTokens.queueId), eq(queues.companyId, apiTokens.companyId)))
    .leftJoin(users, and(eq(users.id, apiTokens.userId), eq(users.companyId, apiTokens.companyId)))
    .leftJoin(whatsapps, and(eq(whatsapps.id, apiTokens.whatsappId), eq(whatsapps.companyId, apiTokens.companyId)));
}

/** A page of the company's tokens, newest first; `search` contained in the name. */
export function listTokens(companyId: number, search: string, w: PageWindow): Promise<Page<ApiTokenDto>> {
  const where = and(eq(apiTokens.companyId, companyId), containsText(search, apiTokens.name));
  const rows = selectDtos()
    .where(where)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toDto));
  return countedPage(w, rows, countRows(apiTokens, where));
}

export async function findToken(companyId: number, id: number): Promise<ApiTokenDto | null> {
  const [r] = await selectDtos().where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id)));
  return r ? toDto(r) : null;
}

export async function findSealedSecret(
  companyId: number,
  id: number,
): Promise<{ secretEnc: string; tokenHash: string } | null> {
  const [r] = await db
    .select({ secretEnc: apiTokens.secretEnc, tokenHash: apiTokens.tokenHash })
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id)));
  return r ?? null;
}

export type TokenSettings = {
  name: string;
  ticketSetStatus: TicketSetStatus;
  ticketCreateOrUpdate: TicketCreateOrUpdate;
  queueId: number | null;
  userId: number | null;
  whatsappId: number;
};

export async function insertToken(
  companyId: number,
  v: TokenSettings & { tokenHash: string; secretEnc: string; last4: string },
): Promise<number> {
  const [r] = await db
    .insert(apiTokens)
    .values({ ...v, companyId })
    .returning({ id: apiTokens.id });
  return r.id;
}

export async function updateToken(companyId: number, id: number, v: TokenSettings, at: Date): Promise<boolean> {
  const r = await db
    .update(apiTokens)
    .set({ ...v, updatedAt: at })
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  return r.length > 0;
}

export async function deleteToken(companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  return r.length > 0;
}

// --- the message API's side: the token of a call ---

export type TokenForCall = TokenSettings & {
  id: number;
  companyId: number;
  /** the company's state, read with the token (no cache): inactive or without the API → 403 */
  companyActive: boolean;
  companyEnableApi: boolean;
};

/**
 * The token whose secret hashes to `tokenHash` (any company: the secret names its company). Read on every call, never
 * cached: a deleted (revoked) token stops working at once in every process.
 */
export async function findByHash(tokenHash: string): Promise<TokenForCall | null> {
  const [r] = await db
    .select({
      id: apiTokens.id,
      companyId: apiTokens.companyId,
      name: apiTokens.name,
      ticketSetStatus: apiTokens.ticketSetStatus,
      ticketCreateOrUpdate: apiTokens.ticketCreateOrUpdate,
      queueId: apiTokens.queueId,
      userId: apiTokens.userId,
      whatsappId: apiTokens.whatsappId,
      companyActive: companies.status,
      companyEnableApi: companies.enableApi,
    })
    .from(apiTokens)
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return r ?? null;
}
