import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { apiIdempotencyKeys, apiTokenCalls, apiTokens } from '../../db/schema';
import { db } from '../../platform/db';

/** The message API's records: the calls log (with the token's usage counters) and the Idempotency-Key rows. */

export type CallRecord = {
  tokenId: number;
  route: string;
  number: string | null;
  statusCode: number;
  errorCode: string | null;
  latencyMs: number;
  messageId: string | null;
  at: Date;
};

/** One call: its log row and the token's usage (last used, count) in one transaction. */
export async function recordCall(companyId: number, c: CallRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(apiTokenCalls).values({ ...c, companyId });
    await tx
      .update(apiTokens)
      .set({ lastUsedAt: c.at, callCount: sql`${apiTokens.callCount} + 1` })
      .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, c.tokenId)));
  });
}

export async function recentCalls(companyId: number, tokenId: number, limit: number) {
  return db
    .select()
    .from(apiTokenCalls)
    .where(and(eq(apiTokenCalls.companyId, companyId), eq(apiTokenCalls.tokenId, tokenId)))
    .orderBy(desc(apiTokenCalls.at), desc(apiTokenCalls.id))
    .limit(limit);
}

export type IdempotencyRow = {
  requestHash: string;
  status: number | null;
  body: Record<string, unknown> | null;
  createdAt: Date;
};

/**
 * Claims `key` for this request: true when this request inserted the row (it must send), false when a row exists
 * (a retry or a concurrent duplicate). Rows older than `since` are stale: removed first so the key is free again.
 */
export async function claimIdempotencyKey(
  companyId: number,
  tokenId: number,
  key: string,
  requestHash: string,
  at: Date,
  since: Date,
): Promise<boolean> {
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.companyId, companyId),
        eq(apiIdempotencyKeys.tokenId, tokenId),
        eq(apiIdempotencyKeys.key, key),
        lt(apiIdempotencyKeys.createdAt, since),
      ),
    );
  const r = await db
    .insert(apiIdempotencyKeys)
    .values({ companyId, tokenId, key, requestHash, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  return r.length > 0;
}

export async function findIdempotencyKey(
  companyId: number,
  tokenId: number,
  key: string,
): Promise<IdempotencyRow | null> {
  const [r] = await db
    .select({
      requestHash: apiIdempotencyKeys.requestHash,
      status: apiIdempotencyKeys.status,
      body: apiIdempotencyKeys.body,
      createdAt: apiIdempotencyKeys.createdAt,
    })
    .from(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.companyId, companyId),
        eq(apiIdempotencyKeys.tokenId, tokenId),
        eq(apiIdempotencyKeys.key, key),
      ),
    );
  return r ?? null;
}

export async function completeIdempotencyKey(
  companyId: number,
  tokenId: number,
  key: string,
  status: number,
  body: Record<string, unknown>,
): Promise<void> {
  await db
    .update(apiIdempotencyKeys)
    .set({ status, body })
    .where(
      and(
        eq(apiIdempotencyKeys.companyId, companyId),
        eq(apiIdempotencyKeys.tokenId, tokenId),
        eq(apiIdempotencyKeys.key, key),
      ),
    );
}

/** The key is released (the first request failed before anything was sent: a retry may send). */
export async function releaseIdempotencyKey(companyId: number, tokenId: number, key: string): Promise<void> {
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.companyId, companyId),
        eq(apiIdempotencyKeys.tokenId, tokenId),
        eq(apiIdempotencyKeys.key, key),
      ),
    );
}

/** Housekeeping (a job, every company at once): idempotency rows past 24 h and call rows past the retention. */
export async function purgeExpired(
  idempotencyBefore: Date,
  callsBefore: Date,
): Promise<{ keys: number; calls: number }> {
  const keys = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, idempotencyBefore))
    .returning({ k: apiIdempotencyKeys.key });
  const calls = await db
    .delete(apiTokenCalls)
    .where(lt(apiTokenCalls.at, callsBefore))
    .returning({ id: apiTokenCalls.id });
  return { keys: keys.length, calls: calls.length };
}
