import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { companies, queues, whatsappQueues, whatsapps } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { type Db, db, list } from '../../platform/db';
import { nameExists } from '../../platform/db/paging';

export type WhatsappRow = typeof whatsapps.$inferSelect;
export type WhatsappValues = Partial<Omit<typeof whatsapps.$inferInsert, 'id' | 'companyId'>>;
export type QueueRef = { id: number; name: string; color: string };
export type WhatsappWithQueues = WhatsappRow & { queues: QueueRef[]; companyName: string };

async function queuesOf(companyId: number, ids: number[]): Promise<Map<number, QueueRef[]>> {
  const out = new Map<number, QueueRef[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(and(eq(whatsappQueues.companyId, companyId), inArray(whatsappQueues.whatsappId, ids)))
    .orderBy(asc(queues.name));
  for (const r of rows) {
    const list = out.get(r.whatsappId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.whatsappId, list);
  }
  return out;
}

/** every connection of the company with its queues (2 statements) */
export async function listWhatsapps(companyId: number): Promise<WhatsappWithQueues[]> {
  const rows = await db
    .select({ w: whatsapps, companyName: companies.name })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(eq(whatsapps.companyId, companyId))
    .orderBy(asc(whatsapps.name), asc(whatsapps.id));
  const qs = await queuesOf(
    companyId,
    rows.map((r) => r.w.id),
  );
  return rows.map((r) => ({ ...r.w, companyName: r.companyName, queues: qs.get(r.w.id) ?? [] }));
}

export async function findWhatsapp(companyId: number, id: number): Promise<WhatsappWithQueues | null> {
  const [r] = await db
    .select({ w: whatsapps, companyName: companies.name })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
  if (!r) return null;
  const qs = await queuesOf(companyId, [id]);
  return { ...r.w, companyName: r.companyName, queues: qs.get(id) ?? [] };
}

export async function findWhatsappRow(companyId: number, id: number): Promise<WhatsappRow | null> {
  const [r] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
  return r ?? null;
}

export async function findDefaultWhatsappRow(companyId: number): Promise<WhatsappRow | null> {
  const [r] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .orderBy(asc(whatsapps.id))
    .limit(1);
  return r ?? null;
}

export async function countWhatsapps(companyId: number, exec: Pick<Db, 'select'> = db): Promise<number> {
  const [r] = await exec.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
  return Number(r?.n ?? 0);
}

/** The company's plan limits (read fresh: they gate a write); null for an unknown company. */
export async function companyLimitsRow(companyId: number, exec: Pick<Db, 'select'> = db) {
  const [r] = await exec
    .select({
      planId: companies.planId,
      numberAttendants: companies.numberAttendants,
      numberConections: companies.numberConections,
      campaignSendLimitPerHour: companies.campaignSendLimitPerHour,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return r ?? null;
}

export const nameTaken = (companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  nameExists(whatsapps, whatsapps, companyId, name, exceptId);

/** how many of these queue ids belong to the company */
export async function countCompanyQueues(companyId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [r] = await db
    .select({ n: count() })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
  return Number(r?.n ?? 0);
}

/** The company's queues, oldest first (the demo greeting names them). */
export async function listCompanyQueues(companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(asc(queues.id));
}

/** insert; when default, the previous default stops being one (same transaction) */
export async function insertWhatsapp(
  companyId: number,
  values: WhatsappValues & { name: string },
  queueIds: number[],
): Promise<number> {
  return (await insertCountedWhatsapp(companyId, queueIds, () => values)) as number;
}

/** Advisory lock class of a company's connection-count checks ('CONL'); the second key is the company id. */
const CONNECTION_COUNT_LOCK = 0x434f4e4c;

export type CompanyLimitsRow = NonNullable<Awaited<ReturnType<typeof companyLimitsRow>>>;

/**
 * Inserts a connection whose values depend on the company's connections: `build` is asked inside the transaction,
 * after taking the company's connection-count lock, with the company's limits and its connection count read there,
 * so two creations at the plan limit cannot both pass and two first connections cannot both be the default. It
 * throws to refuse, or answers null to insert nothing (then null is answered). PGlite has one connection and runs one
 * transaction at a time, so the lock is a no-op there and the transaction alone serialises.
 */
export async function insertCountedWhatsapp(
  companyId: number,
  queueIds: number[],
  build: (company: CompanyLimitsRow | null, existing: number) => (WhatsappValues & { name: string }) | null,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONNECTION_COUNT_LOCK}::int, ${companyId}::int)`);
    const values = build(await companyLimitsRow(companyId, tx), await countWhatsapps(companyId, tx));
    if (!values) return null;
    if (values.isDefault) {
      await tx
        .update(whatsapps)
        .set({ isDefault: false, updatedAt: nowDate() })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)));
    }
    const [w] = await tx
      .insert(whatsapps)
      .values({ ...values, companyId })
      .returning({ id: whatsapps.id });
    if (queueIds.length) {
      await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId: w.id, queueId })));
    }
    return w.id;
  });
}

export async function updateWhatsappRow(
  companyId: number,
  id: number,
  values: WhatsappValues,
  queueIds: number[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (values.isDefault) {
      await tx
        .update(whatsapps)
        .set({ isDefault: false, updatedAt: nowDate() })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, id)));
    }
    await tx
      .update(whatsapps)
      .set({ ...values, updatedAt: nowDate() })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
    if (queueIds) {
      await tx
        .delete(whatsappQueues)
        .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, id)));
      if (queueIds.length) {
        await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId: id, queueId })));
      }
    }
  });
}

export async function deleteWhatsappRow(companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .returning({ id: whatsapps.id });
  return rows.length > 0;
}

/** session fields written by the status sink; answers the updated row */
export async function setSessionFields(
  companyId: number,
  id: number,
  patch: Partial<Pick<WhatsappRow, 'status' | 'qrcode' | 'retries' | 'number' | 'statusImportMessages'>> & {
    incrementRetries?: boolean;
  },
): Promise<WhatsappRow | null> {
  const { incrementRetries, ...set } = patch;
  const [r] = await db
    .update(whatsapps)
    .set({
      ...set,
      ...(incrementRetries ? { retries: sql`${whatsapps.retries} + 1` } : {}),
      // the campaign warm-up's age: the first time the connection connects, kept forever after
      ...(set.status === 'CONNECTED'
        ? { firstConnectedAt: sql`coalesce(${whatsapps.firstConnectedAt}, ${nowDate().toISOString()}::timestamptz)` }
        : {}),
      updatedAt: nowDate(),
    })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .returning();
  return r ?? null;
}

/** connection id → company, for channel events (which carry only the connection id) */
export async function unsafeFindConnectionCompany(id: number): Promise<number | null> {
  const [r] = await db.select({ companyId: whatsapps.companyId }).from(whatsapps).where(eq(whatsapps.id, id));
  return r?.companyId ?? null;
}

/** Marks (or unmarks) connections of the company whose session is to start again when the company is reactivated. */
export async function setResumeOnReactivation(companyId: number, ids: number[], resume: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(whatsapps)
    .set({ resumeOnReactivation: resume })
    .where(and(eq(whatsapps.companyId, companyId), inArray(whatsapps.id, ids)));
}

/** Unmarks and answers the company's connections marked to resume (one statement: two reactivations take each once). */
export async function takeConnectionsToResume(companyId: number): Promise<WhatsappRow[]> {
  return db
    .update(whatsapps)
    .set({ resumeOnReactivation: false })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.resumeOnReactivation, true)))
    .returning();
}

/**
 * Connections whose session should be running after a restart, across companies (startup only): those that were
 * running or showing a code, of active companies (a deactivated company's stay stopped).
 */
export async function unsafeListConnectionsToRestore(): Promise<WhatsappRow[]> {
  const rows = await db
    .select({ w: whatsapps })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(
      and(
        inArray(whatsapps.status, ['CONNECTED', 'OPENING', 'TIMEOUT', 'PAIRING', 'qrcode']),
        eq(companies.status, true),
      ),
    )
    .orderBy(asc(whatsapps.id));
  return rows.map((r) => r.w);
}

/**
 * A QR/pairing code nobody can scan any more (its process is gone) → DISCONNECTED, only while the row still shows
 * that very code: a session started meanwhile (new code) is left alone. Answers the updated row, or null.
 */
export async function clearStaleCode(companyId: number, id: number, code: string | null): Promise<WhatsappRow | null> {
  const [r] = await db
    .update(whatsapps)
    .set({ status: 'DISCONNECTED', qrcode: null, updatedAt: nowDate() })
    .where(
      and(
        eq(whatsapps.companyId, companyId),
        eq(whatsapps.id, id),
        inArray(whatsapps.status, ['qrcode', 'PAIRING']),
        code === null ? sql`${whatsapps.qrcode} is null` : eq(whatsapps.qrcode, code),
      ),
    )
    .returning();
  return r ?? null;
}

/** several connections of the company at once (inbound batch) */
export async function findWhatsappRows(companyId: number, ids: number[]): Promise<WhatsappRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), sql`${whatsapps.id} = any(${list(ids)}::int[])`));
}

/** queue greetings of several connections: connection id → (queue id → greeting) */
export async function connectionsQueueGreetings(
  companyId: number,
  whatsappIds: number[],
): Promise<Map<number, Map<number, string>>> {
  const out = new Map<number, Map<number, string>>(whatsappIds.map((id) => [id, new Map()]));
  if (!whatsappIds.length) return out;
  const rows = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, greeting: queues.greetingMessage })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(
      and(
        eq(whatsappQueues.companyId, companyId),
        sql`${whatsappQueues.whatsappId} = any(${list(whatsappIds)}::int[])`,
      ),
    );
  for (const r of rows) if (r.greeting?.trim()) out.get(r.whatsappId)?.set(r.id, r.greeting as string);
  return out;
}

/** the demo company's id, by its fixed name (startup only) */
export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

/**
 * The platform's SaaS notification connections (billing notices, issue 21): every connection flagged
 * saasNotificationCenter (a master-only flag), connected ones first, then the oldest. Platform-level by design.
 */
export async function unsafeNotificationCenterWhatsapps(): Promise<WhatsappRow[]> {
  return db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.isNotificationCenter, true))
    .orderBy(sql`(${whatsapps.status} = 'CONNECTED') desc`, asc(whatsapps.id))
    .limit(10);
}
