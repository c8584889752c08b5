import type { CampaignDispatchDto, CampaignStatus, DispatchFailReason, DispatchStatus } from '@zapdesk/core';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  campaignDispatches,
  campaignMessages,
  campaignSetups,
  campaignSetupWhatsapps,
  campaigns,
  companies,
  whatsapps,
} from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { type Db, db, dbHandle, queryRows } from '../../platform/db';

/**
 * The campaign engine's queries (issue 15). Every move is a conditional UPDATE (`WHERE id AND status = from`, and for
 * a claimed row `AND claimed_by = me`), so two workers never both apply it; the decision itself runs under the
 * company's advisory lock (`lockCompany`) so the hourly limit holds whatever the number of workers.
 */

export type Exec = Pick<Db, 'select' | 'update' | 'execute' | 'insert'>;

/** The embedded PGlite database (one process): no other process can hold a claim. */
export const embeddedDb = (): boolean => dbHandle().kind !== 'postgres';

/**
 * Holds a session advisory lock for the life of the process, on a connection reserved for it (PostgreSQL only;
 * answers null on PGlite). `held()` says whether that connection still holds it (false after a database restart or
 * a dropped connection: take it again).
 */
export async function holdAdvisoryLock(
  classKey: number,
  key: number,
): Promise<{ held(): Promise<boolean>; release(): void } | null> {
  const h = dbHandle();
  if (h.kind !== 'postgres' || !h.sql) return null;
  const pool = h.sql;
  const reserved = await pool.reserve();
  let pid: number;
  try {
    const [r] = await reserved<{ pid: number }[]>`
      select pg_backend_pid() as pid, pg_advisory_lock(${classKey}::int, ${key}::int)`;
    pid = r!.pid;
  } catch (err) {
    reserved.release();
    throw err;
  }
  return {
    // asked through the pool, not the reserved connection: once the server has dropped that connection, a query on
    // it makes postgres.js throw outside the promise (a null socket written from setImmediate) — an uncaught error
    async held() {
      try {
        const [r] = await pool<{ n: number }[]>`
          select count(*)::int as n from pg_locks
          where locktype = 'advisory' and classid = ${classKey}::int::oid and objid = ${key}::int::oid
            and objsubid = 2 and pid = ${pid} and granted`;
        return (r?.n ?? 0) > 0;
      } catch {
        return false;
      }
    },
    release() {
      reserved.release();
    },
  };
}

/** Tries a transaction-scoped advisory lock: false when a live session holds it. */
export async function tryAdvisoryXactLock(tx: Exec, classKey: number, key: number): Promise<boolean> {
  const rows = await queryRows<{ got: boolean }>(
    sql`select pg_try_advisory_xact_lock(${classKey}::int, ${key}::int) as got`,
    tx,
  );
  return rows[0]?.got === true;
}

/** Runs `fn` in a transaction. */
export function inTransaction<T>(fn: (tx: Exec) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Exec));
}

export type CampaignRow = typeof campaigns.$inferSelect;
export type SetupRow = typeof campaignSetups.$inferSelect;
export type DispatchRow = typeof campaignDispatches.$inferSelect;
export type MessageRow = typeof campaignMessages.$inferSelect;

/** Advisory lock class of the engine's per-company decisions ('CAMP'). */
const LOCK_CLASS = 0x43414d50;

/** The company's decision lock, held until the transaction ends. */
export async function lockCompany(tx: Exec, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${companyId}::int)`);
}

export type CampaignContext = {
  campaign: CampaignRow;
  setup: SetupRow | null;
  timeZone: string;
  planLimitPerHour: number;
  enableCampaigns: boolean;
  companyActive: boolean;
  /** ERR_NO_COMPANY_PLAN when false (core limitsOf) */
  hasPlan: boolean;
};

export async function loadCampaign(companyId: number, id: number, tx: Exec = db): Promise<CampaignContext | null> {
  const [r] = await tx
    .select({
      campaign: campaigns,
      setup: campaignSetups,
      timeZone: companies.timezone,
      planLimitPerHour: companies.campaignSendLimitPerHour,
      enableCampaigns: companies.enableCampaigns,
      companyActive: companies.status,
      hasPlan: sql<boolean>`${companies.planId} is not null`,
    })
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .leftJoin(
      campaignSetups,
      and(eq(campaignSetups.id, campaigns.campaignSetupId), eq(campaignSetups.companyId, campaigns.companyId)),
    )
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
    .limit(1);
  return r ?? null;
}

export type SetupConnection = {
  id: number;
  name: string;
  status: string;
  firstConnectedAt: Date | null;
  createdAt: Date;
};

/** The setup's connections in the setup's order. */
export async function setupConnections(companyId: number, setupId: number, tx: Exec = db): Promise<SetupConnection[]> {
  return tx
    .select({
      id: whatsapps.id,
      name: whatsapps.name,
      status: whatsapps.status,
      firstConnectedAt: whatsapps.firstConnectedAt,
      createdAt: whatsapps.createdAt,
    })
    .from(campaignSetupWhatsapps)
    .innerJoin(whatsapps, and(eq(whatsapps.id, campaignSetupWhatsapps.whatsappId), eq(whatsapps.companyId, companyId)))
    .where(and(eq(campaignSetupWhatsapps.companyId, companyId), eq(campaignSetupWhatsapps.campaignSetupId, setupId)))
    .orderBy(asc(campaignSetupWhatsapps.position), asc(campaignSetupWhatsapps.whatsappId));
}

/** Statuses whose `schedule` is a dispatch START (a claim reserves it; a release clears it). */
const STARTED: DispatchStatus[] = ['claimed', 'sent', 'sentFail', 'uncertain'];

/** The company's dispatch starts since `since` (every campaign and connection): whatsappId + instant. */
export async function startsSince(
  companyId: number,
  since: number,
  tx: Exec = db,
): Promise<{ whatsappId: number | null; at: number }[]> {
  const rows = await tx
    .select({ whatsappId: campaignDispatches.whatsappId, schedule: campaignDispatches.schedule })
    .from(campaignDispatches)
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        gte(campaignDispatches.schedule, new Date(since)),
        inArray(campaignDispatches.status, STARTED),
      ),
    );
  return rows.map((r) => ({ whatsappId: r.whatsappId, at: (r.schedule as Date).getTime() }));
}

/** Per connection: how many dispatch starts since `since` (every campaign) and the latest. */
export async function startStats(
  companyId: number,
  since: number,
  tx: Exec = db,
): Promise<Map<number, { count: number; last: number }>> {
  const rows = await tx
    .select({
      whatsappId: campaignDispatches.whatsappId,
      n: count(),
      last: sql<string | Date>`max(${campaignDispatches.schedule})`,
    })
    .from(campaignDispatches)
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        gte(campaignDispatches.schedule, new Date(since)),
        inArray(campaignDispatches.status, STARTED),
      ),
    )
    .groupBy(campaignDispatches.whatsappId);
  const m = new Map<number, { count: number; last: number }>();
  for (const r of rows) {
    if (r.whatsappId !== null) m.set(r.whatsappId, { count: Number(r.n), last: new Date(r.last).getTime() });
  }
  return m;
}

/** Each connection's last finish (any campaign) among dispatches started since `since`. */
export async function lastFinishes(
  companyId: number,
  whatsappIds: number[],
  since: number,
  tx: Exec = db,
): Promise<Map<number, number>> {
  if (!whatsappIds.length) return new Map();
  const rows = await tx
    .select({
      whatsappId: campaignDispatches.whatsappId,
      at: sql<string | Date | null>`max(${campaignDispatches.finishedAt})`,
    })
    .from(campaignDispatches)
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        inArray(campaignDispatches.whatsappId, whatsappIds),
        gte(campaignDispatches.schedule, new Date(since)),
        isNotNull(campaignDispatches.finishedAt),
      ),
    )
    .groupBy(campaignDispatches.whatsappId);
  const m = new Map<number, number>();
  for (const r of rows) if (r.whatsappId !== null && r.at !== null) m.set(r.whatsappId, new Date(r.at).getTime());
  return m;
}

/** The company's claimed (in flight) dispatches: which connection, which worker. */
export async function claimedOfCompany(
  companyId: number,
  tx: Exec = db,
): Promise<{ id: number; campaignId: number; whatsappId: number | null; claimedBy: string | null }[]> {
  return tx
    .select({
      id: campaignDispatches.id,
      campaignId: campaignDispatches.campaignId,
      whatsappId: campaignDispatches.whatsappId,
      claimedBy: campaignDispatches.claimedBy,
    })
    .from(campaignDispatches)
    .where(and(eq(campaignDispatches.companyId, companyId), eq(campaignDispatches.status, 'claimed')));
}

/** Every claimed dispatch of every company (start-up sweep). */
export async function unsafeAllClaimed(): Promise<{ id: number; companyId: number; claimedBy: string | null }[]> {
  return db
    .select({
      id: campaignDispatches.id,
      companyId: campaignDispatches.companyId,
      claimedBy: campaignDispatches.claimedBy,
    })
    .from(campaignDispatches)
    .where(eq(campaignDispatches.status, 'claimed'));
}

/** Running campaigns of every company (start-up rebuild). */
export async function unsafeCampaignsIn(
  status: CampaignStatus,
): Promise<{ id: number; companyId: number; schedule: Date | null }[]> {
  return db
    .select({ id: campaigns.id, companyId: campaigns.companyId, schedule: campaigns.schedule })
    .from(campaigns)
    .where(eq(campaigns.status, status));
}

/** Pending rows of finalized campaigns: admin resends of uncertain dispatches (start-up rebuild of their jobs). */
export async function unsafeResendsPending(): Promise<{ id: number; companyId: number; campaignId: number }[]> {
  return db
    .select({
      id: campaignDispatches.id,
      companyId: campaignDispatches.companyId,
      campaignId: campaignDispatches.campaignId,
    })
    .from(campaignDispatches)
    .innerJoin(
      campaigns,
      and(eq(campaigns.id, campaignDispatches.campaignId), eq(campaigns.companyId, campaignDispatches.companyId)),
    )
    .where(and(eq(campaignDispatches.status, 'pending'), eq(campaigns.status, 'finalized')));
}

/** The company's running campaigns (woken when a resend frees a connection they may be waiting for). */
export async function runningCampaignIds(companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.status, 'start')));
  return rows.map((r) => r.id);
}

export async function nextPendingId(companyId: number, campaignId: number, tx: Exec = db): Promise<number | null> {
  const [r] = await tx
    .select({ id: campaignDispatches.id })
    .from(campaignDispatches)
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.campaignId, campaignId),
        eq(campaignDispatches.status, 'pending'),
      ),
    )
    .orderBy(asc(campaignDispatches.id))
    .limit(1);
  return r?.id ?? null;
}

export async function countsByStatus(
  companyId: number,
  campaignId: number,
  tx: Exec = db,
): Promise<Partial<Record<DispatchStatus, number>>> {
  const rows = await tx
    .select({ status: campaignDispatches.status, n: count() })
    .from(campaignDispatches)
    .where(and(eq(campaignDispatches.companyId, companyId), eq(campaignDispatches.campaignId, campaignId)))
    .groupBy(campaignDispatches.status);
  const out: Partial<Record<DispatchStatus, number>> = {};
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export async function campaignMessagesOf(companyId: number, campaignId: number, tx: Exec = db): Promise<MessageRow[]> {
  return tx
    .select()
    .from(campaignMessages)
    .where(and(eq(campaignMessages.companyId, companyId), eq(campaignMessages.campaignId, campaignId)))
    .orderBy(asc(campaignMessages.position), asc(campaignMessages.id));
}

/** pending → claimed, atomically; null when another worker took it first. */
export async function claimDispatch(
  tx: Exec,
  companyId: number,
  id: number,
  v: { whatsappId: number; schedule: number; claimedBy: string; campaignMessageId: number | null },
): Promise<DispatchRow | null> {
  const at = nowDate();
  const [r] = await tx
    .update(campaignDispatches)
    .set({
      status: 'claimed',
      whatsappId: v.whatsappId,
      schedule: new Date(v.schedule),
      claimedAt: at,
      claimedBy: v.claimedBy,
      campaignMessageId: v.campaignMessageId,
      finishedAt: null,
      updatedAt: at,
    })
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.id, id),
        eq(campaignDispatches.status, 'pending'),
      ),
    )
    .returning();
  return r ?? null;
}

export async function findDispatch(companyId: number, id: number, tx: Exec = db): Promise<DispatchRow | null> {
  const [r] = await tx
    .select()
    .from(campaignDispatches)
    .where(and(eq(campaignDispatches.companyId, companyId), eq(campaignDispatches.id, id)))
    .limit(1);
  return r ?? null;
}

export type DispatchSet = Partial<
  Pick<
    typeof campaignDispatches.$inferInsert,
    | 'status'
    | 'whatsappId'
    | 'schedule'
    | 'greetingSentAt'
    | 'messageSentAt'
    | 'failReason'
    | 'resendCount'
    | 'ticketId'
    | 'contactId'
    | 'finishedAt'
    | 'claimedBy'
    | 'claimedAt'
    | 'campaignMessageId'
  >
>;

/**
 * A dispatch move written only when the row is still in `from` (and, for a claimed row, still claimed by `claimedBy`
 * when given). Answers the row after the move, or null when the condition no longer held.
 */
export async function moveDispatch(
  companyId: number,
  id: number,
  from: DispatchStatus,
  claimedBy: string | null,
  set: DispatchSet,
  tx: Exec = db,
): Promise<DispatchRow | null> {
  const [r] = await tx
    .update(campaignDispatches)
    .set({ ...set, updatedAt: nowDate() })
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.id, id),
        eq(campaignDispatches.status, from),
        ...(claimedBy !== null ? [eq(campaignDispatches.claimedBy, claimedBy)] : []),
      ),
    )
    .returning();
  return r ?? null;
}

/** pending → canceled for a whole campaign (Concluir); answers how many. */
export async function cancelPending(companyId: number, campaignId: number, tx: Exec = db): Promise<number> {
  const rows = await tx
    .update(campaignDispatches)
    .set({ status: 'canceled', updatedAt: nowDate() })
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.campaignId, campaignId),
        eq(campaignDispatches.status, 'pending'),
      ),
    )
    .returning({ id: campaignDispatches.id });
  return rows.length;
}

export type CampaignSet = Partial<
  Pick<
    typeof campaigns.$inferInsert,
    'status' | 'schedule' | 'initialized' | 'finalized' | 'pauseReason' | 'webhookClaimedAt' | 'webhookDoneAt'
  > & { webhookError: string | null }
>;

/** A campaign move written only when the campaign is still in `from`. */
export async function moveCampaign(
  companyId: number,
  id: number,
  from: CampaignStatus,
  set: CampaignSet,
  tx: Exec = db,
): Promise<CampaignRow | null> {
  const [r] = await tx
    .update(campaigns)
    .set({ ...set, updatedAt: nowDate() })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, from)))
    .returning();
  return r ?? null;
}

/** The concluded webhook is claimed by one caller only. */
export async function claimWebhook(companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ webhookClaimedAt: nowDate() })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), isNull(campaigns.webhookClaimedAt)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function setWebhookOutcome(
  companyId: number,
  id: number,
  v: { doneAt: Date | null; error: string | null },
): Promise<void> {
  await db
    .update(campaigns)
    .set({ webhookDoneAt: v.doneAt, webhookError: v.error })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
}

/** The newest finished dispatches of a campaign on one connection (the circuit breaker's input), newest first. */
export async function recentFinishes(
  companyId: number,
  campaignId: number,
  whatsappId: number,
  limit: number,
): Promise<{ status: DispatchStatus; failReason: DispatchFailReason | null }[]> {
  return db
    .select({ status: campaignDispatches.status, failReason: campaignDispatches.failReason })
    .from(campaignDispatches)
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.campaignId, campaignId),
        eq(campaignDispatches.whatsappId, whatsappId),
        isNotNull(campaignDispatches.finishedAt),
      ),
    )
    .orderBy(desc(campaignDispatches.finishedAt), desc(campaignDispatches.id))
    .limit(limit);
}

export function toDispatchDto(r: DispatchRow): CampaignDispatchDto {
  return {
    id: r.id,
    campaignId: r.campaignId,
    name: r.name,
    number: r.number,
    email: r.email,
    schedule: r.schedule ? r.schedule.toISOString() : null,
    status: r.status,
    greeting: r.greetingSentAt !== null,
    message: r.messageSentAt !== null,
    whatsappId: r.whatsappId,
    mediaUrlVt: r.mediaUrlVt,
    messageSendAt: r.messageSentAt ? r.messageSentAt.toISOString() : null,
    ticketId: r.ticketId,
    failReason: r.failReason,
    resendCount: r.resendCount,
  };
}

export async function connectionName(companyId: number, whatsappId: number): Promise<string> {
  const [r] = await db
    .select({ name: whatsapps.name })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
  return r?.name ?? String(whatsappId);
}

/** claimed → uncertain for a row whose process died (start-up sweep). */
export async function interruptClaimed(
  tx: Exec,
  companyId: number,
  id: number,
  claimedBy: string | null,
): Promise<DispatchRow | null> {
  const at = nowDate();
  const [r] = await tx
    .update(campaignDispatches)
    .set({ status: 'uncertain', finishedAt: at, updatedAt: at })
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.id, id),
        eq(campaignDispatches.status, 'claimed'),
        claimedBy === null ? isNull(campaignDispatches.claimedBy) : eq(campaignDispatches.claimedBy, claimedBy),
      ),
    )
    .returning();
  return r ?? null;
}

/** Finalized campaigns whose concluded webhook was claimed but neither delivered nor given up (start-up). */
export async function unsafeWebhooksUnfinished(): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: campaigns.id, companyId: campaigns.companyId })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'finalized'),
        isNotNull(campaigns.webhookClaimedAt),
        isNull(campaigns.webhookDoneAt),
        isNull(campaigns.webhookError),
      ),
    );
}
