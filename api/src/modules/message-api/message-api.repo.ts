import { and, eq, lt, sql } from 'drizzle-orm';
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

/** The calls log keeps this long; older rows of a token are pruned every 1000th call of that token. */
export const CALLS_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** One call: its log row and the token's usage (last used, count) in one transaction. */
export async function recordCall(companyId: number, c: CallRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(apiTokenCalls).values({ ...c, companyId });
    const [t] = await tx
      .update(apiTokens)
      .set({ lastUsedAt: c.at, callCount: sql`${apiTokens.callCount} + 1` })
      .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, c.tokenId)))
      .returning({ callCount: apiTokens.callCount });
    if (t && t.callCount % 1000 === 0) {
      await tx
        .delete(apiTokenCalls)
        .where(
          and(
            eq(apiTokenCalls.companyId, companyId),
            eq(apiTokenCalls.tokenId, c.tokenId),
            lt(apiTokenCalls.at, new Date(c.at.getTime() - CALLS_RETENTION_MS)),
          ),
        );
    }
  });
}

export type IdempotencyRow = {
  requestHash: string;
  status: number | null;
  body: Record<string, unknown> | null;
  createdAt: Date;
};

/**
 * Claims `key` for this request: true when this request inserted the row (it must send), false when a row exists
 * (a retry or a concurrent duplicate). Rows older than `since` are expired: removed first, so the key is free again.
 */
export async function claimIdempotencyKey(
  companyId: number,
  tokenId: number,
  key: string,
  requestHash: string,
  at: Date,
  since: Date,
): Promise<boolean> {
  // the token's expired keys (this one included) are gone first: the table holds at most 24 h per token
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.companyId, companyId),
        eq(apiIdempotencyKeys.tokenId, tokenId),
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
