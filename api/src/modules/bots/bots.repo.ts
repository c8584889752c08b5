import type { BotCommandDto, BotSetupDto } from '@zapdesk/core';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  botCommands,
  botSetups,
  botSetupWhatsapps,
  botTicketStates,
  categoryContacts,
  companies,
  queues,
  tags,
  users,
  whatsapps,
} from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

export type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
export type BotSetupRow = typeof botSetups.$inferSelect;
export type BotSetupValues = Omit<typeof botSetups.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type BotCommandRow = typeof botCommands.$inferSelect;
export type BotCommandValues = Omit<typeof botCommands.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type BotStateRow = typeof botTicketStates.$inferSelect;

// ---- shared lookups ----

/** The company's users among `ids` (id, name); no query when `ids` is empty. */
async function userNames(companyId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
}

/** The company's queues among `ids` (id, name); no query when `ids` is empty. */
async function queueNames(companyId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
}

// ---- setups ----

async function setupDtos(companyId: number, rows: BotSetupRow[]): Promise<BotSetupDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const conns = await db
    .select({ botSetupId: botSetupWhatsapps.botSetupId, id: whatsapps.id, name: whatsapps.name })
    .from(botSetupWhatsapps)
    .innerJoin(whatsapps, eq(whatsapps.id, botSetupWhatsapps.whatsappId))
    .where(and(eq(botSetupWhatsapps.companyId, companyId), inArray(botSetupWhatsapps.botSetupId, ids)))
    .orderBy(asc(whatsapps.id));
  const userIds = [...new Set(rows.map((r) => r.userId).filter((v): v is number => v !== null))];
  const queueIds = [...new Set(rows.map((r) => r.transferQueueId).filter((v): v is number => v !== null))];
  const [us, qs] = await Promise.all([userNames(companyId, userIds), queueNames(companyId, queueIds)]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    typingTime: r.typingTime,
    reopenBotAfterHours: r.reopenBotAfterHours,
    countErrorsBot: r.countErrorsBot,
    typeMenu: r.typeMenu as BotSetupDto['typeMenu'],
    messageOnErrorsBot: r.messageOnErrorsBot,
    actionWithoutQueue: r.actionWithoutQueue as BotSetupDto['actionWithoutQueue'],
    timeWithoutQueue: r.timeWithoutQueue,
    messageOnWithoutQueue: r.messageOnWithoutQueue,
    transferQueueId: r.transferQueueId,
    transferQueue: qs.find((q) => q.id === r.transferQueueId) ?? null,
    companyId: r.companyId,
    whatsapps: conns.filter((c) => c.botSetupId === r.id).map((c) => ({ id: c.id, name: c.name })),
    userId: r.userId,
    user: us.find((u) => u.id === r.userId) ?? null,
    botType: r.botType as BotSetupDto['botType'],
    botConfigId: r.botConfigId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A page of the company's setups, newest first, `search` contained in the name. */
export async function listSetups(companyId: number, search: string, w: PageWindow): Promise<Page<BotSetupDto>> {
  const where = and(eq(botSetups.companyId, companyId), containsText(search, botSetups.name));
  const rows = db
    .select()
    .from(botSetups)
    .where(where)
    .orderBy(desc(botSetups.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => setupDtos(companyId, rs));
  return countedPage(w, rows, countRows(botSetups, where));
}

export async function findSetupRow(companyId: number, id: number, tx?: Tx): Promise<BotSetupRow | null> {
  const [r] = await (tx ?? db)
    .select()
    .from(botSetups)
    .where(and(eq(botSetups.companyId, companyId), eq(botSetups.id, id)));
  return r ?? null;
}

export async function findSetup(companyId: number, id: number): Promise<BotSetupDto | null> {
  const r = await findSetupRow(companyId, id);
  return r ? ((await setupDtos(companyId, [r]))[0] ?? null) : null;
}

/** The setups (other than `exceptSetupId`) that already hold any of these connections, with the connection's name. */
export async function connectionsInOtherSetups(
  companyId: number,
  whatsappIds: number[],
  exceptSetupId: number | null,
  tx?: Tx,
): Promise<{ whatsappId: number; whatsappName: string; botSetupId: number; botSetupName: string }[]> {
  if (!whatsappIds.length) return [];
  return (tx ?? db)
    .select({
      whatsappId: botSetupWhatsapps.whatsappId,
      whatsappName: whatsapps.name,
      botSetupId: botSetups.id,
      botSetupName: botSetups.name,
    })
    .from(botSetupWhatsapps)
    .innerJoin(botSetups, eq(botSetups.id, botSetupWhatsapps.botSetupId))
    .innerJoin(whatsapps, eq(whatsapps.id, botSetupWhatsapps.whatsappId))
    .where(
      and(
        eq(botSetupWhatsapps.companyId, companyId),
        inArray(botSetupWhatsapps.whatsappId, whatsappIds),
        exceptSetupId === null ? undefined : ne(botSetupWhatsapps.botSetupId, exceptSetupId),
      ),
    );
}

export async function insertSetup(
  companyId: number,
  values: BotSetupValues,
  whatsappIds: number[],
  tx: Tx,
): Promise<BotSetupRow> {
  const [r] = await tx
    .insert(botSetups)
    .values({ ...values, companyId })
    .returning();
  const row = r as BotSetupRow;
  if (whatsappIds.length) {
    await tx
      .insert(botSetupWhatsapps)
      .values(whatsappIds.map((whatsappId) => ({ companyId, botSetupId: row.id, whatsappId })));
  }
  return row;
}

export async function updateSetup(
  companyId: number,
  id: number,
  values: BotSetupValues,
  whatsappIds: number[],
  tx: Tx,
): Promise<BotSetupRow | null> {
  const [r] = await tx
    .update(botSetups)
    .set({ ...values, updatedAt: nowDate() })
    .where(and(eq(botSetups.companyId, companyId), eq(botSetups.id, id)))
    .returning();
  if (!r) return null;
  await tx
    .delete(botSetupWhatsapps)
    .where(and(eq(botSetupWhatsapps.companyId, companyId), eq(botSetupWhatsapps.botSetupId, id)));
  if (whatsappIds.length) {
    await tx
      .insert(botSetupWhatsapps)
      .values(whatsappIds.map((whatsappId) => ({ companyId, botSetupId: id, whatsappId })));
  }
  return r;
}

export async function deleteSetup(companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(botSetups)
    .where(and(eq(botSetups.companyId, companyId), eq(botSetups.id, id)))
    .returning({ id: botSetups.id });
  return r.length > 0;
}

/** The setup a connection's bot runs (common bots only: a prompt bot is the AI's). */
export async function setupOfConnection(companyId: number, whatsappId: number): Promise<BotSetupRow | null> {
  const [r] = await db
    .select({ setup: botSetups })
    .from(botSetupWhatsapps)
    .innerJoin(botSetups, eq(botSetups.id, botSetupWhatsapps.botSetupId))
    .where(and(eq(botSetupWhatsapps.companyId, companyId), eq(botSetupWhatsapps.whatsappId, whatsappId)));
  return r?.setup ?? null;
}

export function withTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

// ---- commands ----

async function commandDtos(companyId: number, rows: BotCommandRow[]): Promise<BotCommandDto[]> {
  if (!rows.length) return [];
  const ids = (pick: (r: BotCommandRow) => number[]) => [...new Set(rows.flatMap(pick))];
  const userIds = ids((r) => (r.userId ? [r.userId] : []));
  const queueIds = ids((r) => (r.queueId ? [r.queueId] : []));
  const tagIds = ids((r) => r.tags);
  const catIds = ids((r) => r.botCategoryContacts);
  const [us, qs, ts, cs] = await Promise.all([
    userNames(companyId, userIds),
    queueNames(companyId, queueIds),
    tagIds.length
      ? db
          .select({ id: tags.id, name: tags.name, color: tags.color })
          .from(tags)
          .where(and(eq(tags.companyId, companyId), inArray(tags.id, tagIds)))
      : [],
    catIds.length
      ? db
          .select({ id: categoryContacts.id, name: categoryContacts.name })
          .from(categoryContacts)
          .where(and(eq(categoryContacts.companyId, companyId), inArray(categoryContacts.id, catIds)))
      : [],
  ]);
  return rows.map((r) => ({
    id: r.id,
    commandBot: r.commandBot,
    commandType: r.commandType,
    descriptionBot: r.descriptionBot,
    showMessage: r.showMessage,
    typeMessage: r.typeMessage as BotCommandDto['typeMessage'],
    flowId: r.flowId,
    botConfig: r.botConfigId ? { id: r.botConfigId } : null,
    botConfigId: r.botConfigId,
    forceNextFlow: r.forceNextFlow,
    userId: r.userId,
    user: us.find((u) => u.id === r.userId) ?? null,
    queueId: r.queueId,
    queue: qs.find((q) => q.id === r.queueId) ?? null,
    botSetupId: r.botSetupId,
    tags: r.tags.flatMap((id) => ts.filter((t) => t.id === id)),
    botCategoryContacts: r.botCategoryContacts.flatMap((id) => cs.filter((c) => c.id === id)),
    webhook: r.webhook,
    mediaUrl: r.mediaUrl,
    mediaName: r.mediaName,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const bookOrder = sql`string_to_array(${botCommands.commandBot}, '.')::int[]`;

/** The commands of one setup, or of the company (`botSetupId` absent), in book order. */
export async function listCommandRows(
  companyId: number,
  opts: { botSetupId?: number; search?: string } = {},
  tx?: Tx,
): Promise<BotCommandRow[]> {
  return (tx ?? db)
    .select()
    .from(botCommands)
    .where(
      and(
        eq(botCommands.companyId, companyId),
        opts.botSetupId ? eq(botCommands.botSetupId, opts.botSetupId) : undefined,
        containsText(opts.search ?? '', botCommands.descriptionBot, botCommands.commandBot),
      ),
    )
    .orderBy(asc(botCommands.botSetupId), asc(bookOrder), asc(botCommands.id));
}

export async function listCommands(
  companyId: number,
  opts: { botSetupId?: number; search?: string } = {},
): Promise<BotCommandDto[]> {
  return commandDtos(companyId, await listCommandRows(companyId, opts));
}

export async function findCommandRow(companyId: number, id: number, tx?: Tx): Promise<BotCommandRow | null> {
  const [r] = await (tx ?? db)
    .select()
    .from(botCommands)
    .where(and(eq(botCommands.companyId, companyId), eq(botCommands.id, id)));
  return r ?? null;
}

export async function findCommand(companyId: number, id: number): Promise<BotCommandDto | null> {
  const r = await findCommandRow(companyId, id);
  return r ? ((await commandDtos(companyId, [r]))[0] ?? null) : null;
}

/** Locks the setup row: the tree's paths are checked and written by one writer at a time. */
export async function lockSetup(companyId: number, id: number, tx: Tx): Promise<BotSetupRow | null> {
  const [r] = await tx
    .select()
    .from(botSetups)
    .where(and(eq(botSetups.companyId, companyId), eq(botSetups.id, id)))
    .for('update');
  return r ?? null;
}

export async function insertCommand(companyId: number, values: BotCommandValues, tx: Tx): Promise<BotCommandRow> {
  const [r] = await tx
    .insert(botCommands)
    .values({ ...values, companyId })
    .returning();
  return r as BotCommandRow;
}

export async function updateCommand(
  companyId: number,
  id: number,
  values: Partial<BotCommandValues>,
  tx: Tx,
): Promise<BotCommandRow | null> {
  const [r] = await tx
    .update(botCommands)
    .set({ ...values, updatedAt: nowDate() })
    .where(and(eq(botCommands.companyId, companyId), eq(botCommands.id, id)))
    .returning();
  return r ?? null;
}

/** Deletes commands by path and renames others (one transaction; renames in an order that never collides). */
export async function applyTreeDelete(
  companyId: number,
  botSetupId: number,
  removed: string[],
  renamed: { from: string; to: string }[],
  tx: Tx,
): Promise<number[]> {
  const gone = removed.length
    ? await tx
        .delete(botCommands)
        .where(
          and(
            eq(botCommands.companyId, companyId),
            eq(botCommands.botSetupId, botSetupId),
            inArray(botCommands.commandBot, removed),
          ),
        )
        .returning({ id: botCommands.id })
    : [];
  // through a temporary name first: 1.3 → 1.2 while 1.2 → … would break the unique index mid-way
  for (const r of renamed) {
    await tx
      .update(botCommands)
      .set({ commandBot: `~${r.to}` })
      .where(
        and(
          eq(botCommands.companyId, companyId),
          eq(botCommands.botSetupId, botSetupId),
          eq(botCommands.commandBot, r.from),
        ),
      );
  }
  if (renamed.length) {
    await tx
      .update(botCommands)
      .set({ commandBot: sql`substr(${botCommands.commandBot}, 2)`, updatedAt: nowDate() })
      .where(
        and(
          eq(botCommands.companyId, companyId),
          eq(botCommands.botSetupId, botSetupId),
          sql`${botCommands.commandBot} like '~%'`,
        ),
      );
  }
  return gone.map((g) => g.id);
}

export async function commandDtosOf(companyId: number, rows: BotCommandRow[]): Promise<BotCommandDto[]> {
  return commandDtos(companyId, rows);
}

// ---- ticket states ----

export async function lockState(companyId: number, ticketId: number, tx: Tx): Promise<BotStateRow | null> {
  const [r] = await tx
    .select()
    .from(botTicketStates)
    .where(and(eq(botTicketStates.companyId, companyId), eq(botTicketStates.ticketId, ticketId)))
    .for('update');
  return r ?? null;
}

export async function findState(companyId: number, ticketId: number): Promise<BotStateRow | null> {
  const [r] = await db
    .select()
    .from(botTicketStates)
    .where(and(eq(botTicketStates.companyId, companyId), eq(botTicketStates.ticketId, ticketId)));
  return r ?? null;
}

/** Creates the ticket's state if it has none (a concurrent creator wins; the caller then locks the winner's row). */
export async function ensureState(
  companyId: number,
  values: { ticketId: number; contactId: number; botSetupId: number },
  tx: Tx,
): Promise<void> {
  await tx
    .insert(botTicketStates)
    .values({ ...values, companyId, status: 'new' })
    .onConflictDoNothing({ target: botTicketStates.ticketId });
}

export async function saveState(
  companyId: number,
  id: number,
  patch: Partial<Omit<BotStateRow, 'id' | 'companyId' | 'ticketId' | 'createdAt'>>,
  tx?: Tx,
): Promise<void> {
  await (tx ?? db)
    .update(botTicketStates)
    .set({ ...patch, updatedAt: nowDate() })
    .where(and(eq(botTicketStates.companyId, companyId), eq(botTicketStates.id, id)));
}

// ---- demo ----

/** The demo company by name (no tenant yet: first start). */
export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

export async function countSetups(companyId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(botSetups)
    .where(eq(botSetups.companyId, companyId));
  return Number(r?.n ?? 0);
}

export async function countSetupsNamed(companyId: number, name: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(botSetups)
    .where(and(eq(botSetups.companyId, companyId), eq(botSetups.name, name)));
  return Number(r?.n ?? 0);
}

export async function companyQueuesByName(companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(eq(queues.companyId, companyId));
  return new Map(rows.map((q) => [q.name, q.id]));
}

export async function userIdByEmail(companyId: number, email: string): Promise<number | null> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)));
  return r?.id ?? null;
}
