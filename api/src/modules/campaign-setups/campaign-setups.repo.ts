import type { CampaignSetupDto, CampaignTicketSetStatus, WarmupTier } from '@zapdesk/core';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  campaignSetups,
  campaignSetupWhatsapps,
  campaigns,
  companies,
  queues,
  users,
  whatsapps,
} from '../../db/schema';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

/** The stored settings of a setup (the API's `interval` is the column `interval_seconds`). */
export type SetupValues = {
  name: string;
  queueId: number | null;
  userId: number | null;
  ticketSetStatus: CampaignTicketSetStatus;
  tMax: number;
  tMin: number;
  intervalSeconds: number;
  autoStart: boolean;
  webhookUrlConcluded: string | null;
  jsonButtonOrList: string | null;
  intervalJitterPct: number;
  sendWindowStart: string;
  sendWindowEnd: string;
  breakerThreshold: number;
  warmup: WarmupTier[];
};

const columns = {
  id: campaignSetups.id,
  companyId: campaignSetups.companyId,
  name: campaignSetups.name,
  queueId: campaignSetups.queueId,
  queueName: queues.name,
  userId: campaignSetups.userId,
  userName: users.name,
  ticketSetStatus: campaignSetups.ticketSetStatus,
  tMax: campaignSetups.tMax,
  tMin: campaignSetups.tMin,
  intervalSeconds: campaignSetups.intervalSeconds,
  autoStart: campaignSetups.autoStart,
  webhookUrlConcluded: campaignSetups.webhookUrlConcluded,
  jsonButtonOrList: campaignSetups.jsonButtonOrList,
  intervalJitterPct: campaignSetups.intervalJitterPct,
  sendWindowStart: campaignSetups.sendWindowStart,
  sendWindowEnd: campaignSetups.sendWindowEnd,
  breakerThreshold: campaignSetups.breakerThreshold,
  warmup: campaignSetups.warmup,
  createdAt: campaignSetups.createdAt,
  updatedAt: campaignSetups.updatedAt,
};

type Row = SetupValues & {
  id: number;
  companyId: number;
  queueName: string | null;
  userName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toDto(r: Row, conns: { id: number; name: string }[]): CampaignSetupDto {
  return {
    id: r.id,
    name: r.name,
    queueId: r.queueId,
    queue: r.queueId !== null && r.queueName !== null ? { id: r.queueId, name: r.queueName } : null,
    userId: r.userId,
    user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    whatsapps: conns,
    ticketSetStatus: r.ticketSetStatus,
    tMax: r.tMax,
    tMin: r.tMin,
    interval: r.intervalSeconds,
    autoStart: r.autoStart,
    webhookUrlConcluded: r.webhookUrlConcluded,
    jsonButtonOrList: r.jsonButtonOrList,
    intervalJitterPct: r.intervalJitterPct,
    sendWindowStart: r.sendWindowStart,
    sendWindowEnd: r.sendWindowEnd,
    breakerThreshold: r.breakerThreshold,
    warmup: r.warmup,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** the setup with its queue and user names (the joins stay within the company) */
function selectRows() {
  return db
    .select(columns)
    .from(campaignSetups)
    .leftJoin(queues, and(eq(queues.id, campaignSetups.queueId), eq(queues.companyId, campaignSetups.companyId)))
    .leftJoin(users, and(eq(users.id, campaignSetups.userId), eq(users.companyId, campaignSetups.companyId)));
}

/** The connections of these setups, in each setup's order (one statement for a page). */
async function connectionsOf(
  companyId: number,
  setupIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!setupIds.length) return out;
  const rows = await db
    .select({ setupId: campaignSetupWhatsapps.campaignSetupId, id: whatsapps.id, name: whatsapps.name })
    .from(campaignSetupWhatsapps)
    .innerJoin(
      whatsapps,
      and(
        eq(whatsapps.id, campaignSetupWhatsapps.whatsappId),
        eq(whatsapps.companyId, campaignSetupWhatsapps.companyId),
      ),
    )
    .where(
      and(eq(campaignSetupWhatsapps.companyId, companyId), inArray(campaignSetupWhatsapps.campaignSetupId, setupIds)),
    )
    .orderBy(asc(campaignSetupWhatsapps.position), asc(whatsapps.id));
  for (const r of rows) {
    const list = out.get(r.setupId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.setupId, list);
  }
  return out;
}

async function withConnections(companyId: number, rows: Row[]): Promise<CampaignSetupDto[]> {
  const conns = await connectionsOf(
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDto(r, conns.get(r.id) ?? []));
}

/** A page of the company's setups, newest first; `search` contained in the name; `userId` keeps that user's. */
export function listSetups(
  companyId: number,
  q: { search: string; userId: number | null },
  w: PageWindow,
): Promise<Page<CampaignSetupDto>> {
  const where = and(
    eq(campaignSetups.companyId, companyId),
    containsText(q.search, campaignSetups.name),
    q.userId !== null ? eq(campaignSetups.userId, q.userId) : undefined,
  );
  const rows = selectRows()
    .where(where)
    .orderBy(desc(campaignSetups.createdAt), desc(campaignSetups.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => withConnections(companyId, rs));
  return countedPage(w, rows, countRows(campaignSetups, where));
}

export async function findSetup(companyId: number, id: number): Promise<CampaignSetupDto | null> {
  const rs = await selectRows().where(and(eq(campaignSetups.companyId, companyId), eq(campaignSetups.id, id)));
  const [dto] = await withConnections(companyId, rs);
  return dto ?? null;
}

export async function insertSetup(companyId: number, v: SetupValues, whatsappIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .insert(campaignSetups)
      .values({ companyId, ...v })
      .returning({ id: campaignSetups.id });
    await tx
      .insert(campaignSetupWhatsapps)
      .values(whatsappIds.map((whatsappId, position) => ({ companyId, campaignSetupId: r.id, whatsappId, position })));
    return r.id;
  });
}

/** Replaces the settings and the connections; false when the setup is not the company's. */
export async function updateSetup(
  companyId: number,
  id: number,
  v: SetupValues,
  whatsappIds: number[],
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(campaignSetups)
      .set({ ...v, updatedAt: at })
      .where(and(eq(campaignSetups.companyId, companyId), eq(campaignSetups.id, id)))
      .returning({ id: campaignSetups.id });
    if (!updated.length) return false;
    await tx
      .delete(campaignSetupWhatsapps)
      .where(and(eq(campaignSetupWhatsapps.companyId, companyId), eq(campaignSetupWhatsapps.campaignSetupId, id)));
    await tx
      .insert(campaignSetupWhatsapps)
      .values(whatsappIds.map((whatsappId, position) => ({ companyId, campaignSetupId: id, whatsappId, position })));
    return true;
  });
}

/**
 * Deletes the setup unless a non-finalized campaign uses it: the check and the delete run in one transaction under a
 * lock on the setup row, so a campaign created meanwhile (which reads the setup) cannot slip between them.
 */
export async function deleteSetupUnlessInUse(companyId: number, id: number): Promise<'deleted' | 'missing' | 'inUse'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: campaignSetups.id })
      .from(campaignSetups)
      .where(and(eq(campaignSetups.companyId, companyId), eq(campaignSetups.id, id)))
      .for('update');
    if (!row) return 'missing';
    const [used] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(eq(campaigns.companyId, companyId), eq(campaigns.campaignSetupId, id), ne(campaigns.status, 'finalized')),
      )
      .limit(1);
    if (used) return 'inUse';
    await tx.delete(campaignSetups).where(and(eq(campaignSetups.companyId, companyId), eq(campaignSetups.id, id)));
    return 'deleted';
  });
}

// ---- demo seed (first embedded start) ----

export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

export async function countSetups(companyId: number): Promise<number> {
  return countRows(campaignSetups, eq(campaignSetups.companyId, companyId));
}

export async function findUserIdByEmail(companyId: number, email: string): Promise<number | null> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)))
    .limit(1);
  return r?.id ?? null;
}

/** The company's non-default connections, oldest first. */
export async function nonDefaultConnections(companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: whatsapps.id, name: whatsapps.name })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, false)))
    .orderBy(asc(whatsapps.id));
}
