import type {
  CampaignCounters,
  CampaignDispatchDto,
  CampaignDto,
  CampaignMessageDto,
  CampaignStatus,
  CampaignTypeMessage,
  SendListEntry,
} from '@zapdesk/core';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  campaignDispatchCounts,
  campaignDispatches,
  campaignMessages,
  campaignSetups,
  campaignSetupWhatsapps,
  campaigns,
  whatsapps,
} from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { columns, db } from '../../platform/db';
import { containsText, countedPage, type Page, type PageWindow } from '../../platform/db/paging';

/**
 * Campaigns and their dispatch rows (issue 15). The only importer of the db for the campaigns area; every function
 * takes companyId first. The engine (modules/campaign-engine) keeps its own queries on the same tables.
 */

export type CampaignRow = typeof campaigns.$inferSelect;
export type DispatchRow = typeof campaignDispatches.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type SetupBrief = { id: number; name: string; whatsapps: { id: number; name: string }[] };

/** The setups' names and connections (in the setup's order), for the campaigns of a page. */
async function setupBriefs(companyId: number, ids: number[]): Promise<Map<number, SetupBrief>> {
  const out = new Map<number, SetupBrief>();
  if (!ids.length) return out;
  const [setups, conns] = await Promise.all([
    db
      .select({ id: campaignSetups.id, name: campaignSetups.name })
      .from(campaignSetups)
      .where(and(eq(campaignSetups.companyId, companyId), inArray(campaignSetups.id, ids))),
    db
      .select({ setupId: campaignSetupWhatsapps.campaignSetupId, id: whatsapps.id, name: whatsapps.name })
      .from(campaignSetupWhatsapps)
      .innerJoin(
        whatsapps,
        and(eq(whatsapps.id, campaignSetupWhatsapps.whatsappId), eq(whatsapps.companyId, companyId)),
      )
      .where(and(eq(campaignSetupWhatsapps.companyId, companyId), inArray(campaignSetupWhatsapps.campaignSetupId, ids)))
      .orderBy(asc(campaignSetupWhatsapps.position), asc(whatsapps.id)),
  ]);
  for (const s of setups) out.set(s.id, { id: s.id, name: s.name, whatsapps: [] });
  for (const c of conns) out.get(c.setupId)?.whatsapps.push({ id: c.id, name: c.name });
  return out;
}

async function messagesOf(companyId: number, campaignIds: number[]): Promise<Map<number, CampaignMessageDto[]>> {
  const out = new Map<number, CampaignMessageDto[]>();
  if (!campaignIds.length) return out;
  const rows = await db
    .select()
    .from(campaignMessages)
    .where(and(eq(campaignMessages.companyId, companyId), inArray(campaignMessages.campaignId, campaignIds)))
    .orderBy(asc(campaignMessages.campaignId), asc(campaignMessages.position));
  for (const m of rows) {
    const list = out.get(m.campaignId) ?? [];
    list.push({
      id: m.id,
      greeting: m.greeting,
      body: m.body,
      typeMessage: m.typeMessage as CampaignTypeMessage,
      mediaUrl: m.mediaUrl,
      mediaUrlVt: m.mediaUrlVt,
      mediaName: m.mediaName,
    });
    out.set(m.campaignId, list);
  }
  return out;
}

async function toDtos(companyId: number, rows: CampaignRow[]): Promise<CampaignDto[]> {
  const setupIds = [...new Set(rows.map((r) => r.campaignSetupId).filter((x): x is number => x !== null))];
  const [setups, messages] = await Promise.all([
    setupBriefs(companyId, setupIds),
    messagesOf(
      companyId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    status: c.status,
    schedule: iso(c.schedule),
    initialized: iso(c.initialized),
    finalized: iso(c.finalized),
    userId: c.userId,
    campaignSetupId: c.campaignSetupId,
    campaignSetup: c.campaignSetupId !== null ? (setups.get(c.campaignSetupId) ?? null) : null,
    campaignMessages: messages.get(c.id) ?? [],
    pauseReason: c.pauseReason,
    companyId: c.companyId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

export type CampaignFilter = { search: string; userId: number | null };

/** A page of the company's campaigns, newest first (search on the name; `userId` = that user's campaigns). */
export function listCampaigns(companyId: number, f: CampaignFilter, w: PageWindow): Promise<Page<CampaignDto>> {
  const where = and(
    eq(campaigns.companyId, companyId),
    f.userId !== null ? eq(campaigns.userId, f.userId) : undefined,
    containsText(f.search, campaigns.name),
  );
  const rows = db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => toDtos(companyId, rs));
  const total = db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(where)
    .then(([r]) => Number(r?.n ?? 0));
  return countedPage(w, rows, total);
}

export async function findCampaignRow(companyId: number, id: number): Promise<CampaignRow | null> {
  const [r] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
    .limit(1);
  return r ?? null;
}

export async function findCampaign(companyId: number, id: number): Promise<CampaignDto | null> {
  const row = await findCampaignRow(companyId, id);
  return row ? ((await toDtos(companyId, [row]))[0] ?? null) : null;
}

/** What creating a campaign needs of its setup: its start mode and whether it has a connection. */
export async function findSetupForCampaign(
  companyId: number,
  id: number,
): Promise<{ id: number; name: string; autoStart: boolean; whatsappCount: number } | null> {
  const [r] = await db
    .select({
      id: campaignSetups.id,
      name: campaignSetups.name,
      autoStart: campaignSetups.autoStart,
      whatsappCount: sql<number>`(select count(*)::int from ${campaignSetupWhatsapps} w where w.campaign_setup_id = ${campaignSetups.id} and w.company_id = ${companyId})`,
    })
    .from(campaignSetups)
    .where(and(eq(campaignSetups.companyId, companyId), eq(campaignSetups.id, id)))
    .limit(1);
  return r ? { ...r, whatsappCount: Number(r.whatsappCount) } : null;
}

export type NewCampaign = {
  name: string;
  status: CampaignStatus;
  schedule: Date | null;
  initialized: Date | null;
  userId: number;
  campaignSetupId: number;
  seed: number;
};

export type NewCampaignMessage = {
  greeting: string;
  body: string;
  typeMessage: CampaignTypeMessage;
  mediaUrl: string | null;
  mediaName: string | null;
};

/**
 * Rows per INSERT of the send list. Each chunk travels as three array parameters (number, name, e-mail) expanded by
 * `unnest` (100,000 contacts = 5 statements of one prepared text, no 65,535-parameter ceiling, no JSON to build or
 * parse: `jsonb_to_recordset` spent ~40 ms planning each 20,000-row JSON literal); all chunks in the campaign's
 * transaction.
 */
export const DISPATCH_INSERT_CHUNK = 20_000;

/**
 * The campaign, its messages and its frozen send list (the dispatch rows, all pending) in one transaction:
 * a campaign never exists half-created. The list is deduped by core first; a number repeated anyway is skipped here
 * (the first kept), and UNIQUE (campaign, number) refuses one that got past both (a plain INSERT: `ON CONFLICT`'s
 * per-row speculative insertion is not paid for a case that cannot happen). Returns the id and how many dispatch
 * rows went in.
 */
export async function insertCampaign(
  companyId: number,
  c: NewCampaign,
  messages: NewCampaignMessage[],
  sendList: SendListEntry[],
): Promise<{ id: number; dispatches: number }> {
  const seen = new Set<string>();
  const unique = sendList.filter((e) => !seen.has(e.number) && seen.add(e.number) !== undefined);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ companyId, ...c })
      .returning({ id: campaigns.id });
    if (!row) throw new Error('campaign insert returned no row');
    if (messages.length) {
      await tx
        .insert(campaignMessages)
        .values(messages.map((m, position) => ({ companyId, campaignId: row.id, position, ...m })));
    }
    let dispatches = 0;
    for (let i = 0; i < unique.length; i += DISPATCH_INSERT_CHUNK) {
      const col = columns(unique.slice(i, i + DISPATCH_INSERT_CHUNK));
      const res = await tx.execute(sql`
        insert into ${campaignDispatches} (company_id, campaign_id, number, name, email)
        select ${companyId}::int, ${row.id}::int, x.n, x.a, x.e
        from unnest(${col((e) => e.number)}::text[], ${col((e) => e.name)}::text[], ${col((e) => e.email)}::text[])
          as x(n, a, e)`);
      dispatches += affected(res);
    }
    return { id: row.id, dispatches };
  });
}

/** A send list at least this long refreshes the table's statistics after its insert (see `refreshDispatchStats`). */
export const DISPATCH_STATS_AFTER = 10_000;

/**
 * ANALYZE campaign_dispatches after a big send list went in. Until autovacuum's own analyze catches up (a minute or
 * more on a busy server), the planner believes a new campaign has a handful of rows and reads all 100,000 of them
 * to sort a page (~60 ms instead of 0.05 ms, measured). Not awaited by the creation; a failure is only logged.
 */
export async function refreshDispatchStats(): Promise<void> {
  await db.execute(sql`analyze ${campaignDispatches}`);
}

/** Rows touched by a raw statement (postgres.js: `count`; PGlite: `affectedRows`). */
function affected(res: unknown): number {
  const r = res as { count?: number; affectedRows?: number };
  return Number(r.count ?? r.affectedRows ?? 0);
}

export type CampaignPatch = Partial<
  Pick<CampaignRow, 'name' | 'campaignSetupId' | 'status' | 'schedule' | 'initialized' | 'finalized' | 'pauseReason'>
>;

/**
 * A conditional update: applied only while the campaign is still in `from` (the state the caller decided on), so a
 * concurrent engine move or manager click is never overwritten. Null when it moved meanwhile (or is gone).
 */
export async function updateCampaignFrom(
  companyId: number,
  id: number,
  from: CampaignStatus,
  patch: CampaignPatch,
): Promise<CampaignRow | null> {
  const [r] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, from)))
    .returning();
  return r ?? null;
}

/** Deletes the campaign (its messages and dispatch rows cascade) unless it is running; row lock against a start. */
export async function deleteCampaignUnlessRunning(
  companyId: number,
  id: number,
): Promise<'deleted' | 'missing' | 'running'> {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
      .for('update');
    if (!r) return 'missing';
    if (r.status === 'start') return 'running';
    await tx.delete(campaigns).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
    return 'deleted';
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Dispatches
// ---------------------------------------------------------------------------------------------------------------

function dispatchDto(d: DispatchRow): CampaignDispatchDto {
  return {
    id: d.id,
    campaignId: d.campaignId,
    name: d.name,
    number: d.number,
    email: d.email,
    schedule: iso(d.schedule),
    status: d.status,
    greeting: d.greetingSentAt !== null,
    message: d.messageSentAt !== null,
    whatsappId: d.whatsappId,
    mediaUrlVt: d.mediaUrlVt,
    messageSendAt: iso(d.messageSentAt),
    ticketId: d.ticketId,
    failReason: d.failReason,
    resendCount: d.resendCount,
  };
}

/**
 * The manager's counters: every dispatch, sent, sentFail (the spec's failed counter), uncertain, still to go
 * (pending + claimed) and canceled — the engine's `countersOf` numbers. Read from campaign_dispatch_counts, which the
 * database keeps equal to the rows (triggers of migration 0011), so 100,000 rows cost a 6-row read.
 */
export async function dispatchCounters(companyId: number, campaignId: number): Promise<CampaignCounters> {
  const rows = await db
    .select({ status: campaignDispatchCounts.status, n: campaignDispatchCounts.n })
    .from(campaignDispatchCounts)
    .where(and(eq(campaignDispatchCounts.companyId, companyId), eq(campaignDispatchCounts.campaignId, campaignId)));
  const c: CampaignCounters = {
    count: 0,
    sentCount: 0,
    failCount: 0,
    uncertainCount: 0,
    pendingCount: 0,
    canceledCount: 0,
  };
  for (const r of rows) {
    const n = Number(r.n);
    c.count += n;
    if (r.status === 'sent') c.sentCount += n;
    else if (r.status === 'sentFail') c.failCount += n;
    else if (r.status === 'uncertain') c.uncertainCount += n;
    else if (r.status === 'canceled') c.canceledCount += n;
    else c.pendingCount += n; // pending and claimed: still to go
  }
  return c;
}

/** A page of a campaign's dispatches in list order (id), with the counters (whose `count` is the list's total). */
export async function listDispatches(
  companyId: number,
  campaignId: number,
  w: PageWindow,
): Promise<{ rows: CampaignDispatchDto[]; hasMore: boolean; counters: CampaignCounters }> {
  const where = and(eq(campaignDispatches.companyId, companyId), eq(campaignDispatches.campaignId, campaignId));
  const [rows, counters] = await Promise.all([
    db
      .select()
      .from(campaignDispatches)
      .where(where)
      .orderBy(asc(campaignDispatches.id))
      .limit(w.limit)
      .offset(w.offset),
    dispatchCounters(companyId, campaignId),
  ]);
  return { rows: rows.map(dispatchDto), hasMore: w.offset + rows.length < counters.count, counters };
}

export async function findDispatch(companyId: number, id: number): Promise<CampaignDispatchDto | null> {
  const [r] = await db
    .select()
    .from(campaignDispatches)
    .where(and(eq(campaignDispatches.companyId, companyId), eq(campaignDispatches.id, id)))
    .limit(1);
  return r ? dispatchDto(r) : null;
}

/**
 * Deletes a dispatch unless a worker holds it (`claimed`: being sent right now); the conditional DELETE races
 * safely with the engine's claim (`… WHERE status = 'pending'`).
 */
export async function deleteDispatchUnlessClaimed(
  companyId: number,
  id: number,
): Promise<{ result: 'deleted'; campaignId: number } | { result: 'missing' | 'claimed' }> {
  const [r] = await db
    .delete(campaignDispatches)
    .where(
      and(
        eq(campaignDispatches.companyId, companyId),
        eq(campaignDispatches.id, id),
        ne(campaignDispatches.status, 'claimed'),
      ),
    )
    .returning({ campaignId: campaignDispatches.campaignId });
  if (r) return { result: 'deleted', campaignId: r.campaignId };
  const still = await findDispatch(companyId, id);
  return { result: still ? 'claimed' : 'missing' };
}
