import {
  type AiChatMessage,
  type BotConfigDto,
  type BotSimulatorMessageDto,
  type IntegrationDto,
  type IntegrationType,
  integrationModels,
  maskAiKey,
} from '@zapdesk/core';
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import {
  aiConversations,
  aiUsage,
  botConfigs,
  botSimulatorMessages,
  companies,
  integrations,
  queues,
} from '../../db/schema';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';

export type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
export function withTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

// ---- integrations ----

export type IntegrationRow = typeof integrations.$inferSelect;

function integrationDto(r: IntegrationRow): IntegrationDto {
  return {
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    integrationType: r.integrationType as IntegrationType,
    apiUrl: r.apiUrl,
    apiToken: maskAiKey(r.apiTokenLast4),
    hasApiToken: r.apiTokenEnc !== '',
    message: r.message,
    dataJson: r.dataJson,
    models: integrationModels(r.dataJson),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listIntegrations(
  companyId: number,
  search: string,
  w: PageWindow,
): Promise<Page<IntegrationDto>> {
  const where = and(eq(integrations.companyId, companyId), containsText(search, integrations.name));
  const rows = db
    .select()
    .from(integrations)
    .where(where)
    .orderBy(asc(integrations.name), asc(integrations.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(integrationDto));
  return countedPage(w, rows, countRows(integrations, where));
}

export async function findIntegrationRow(companyId: number, id: number): Promise<IntegrationRow | null> {
  const [r] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.id, id)));
  return r ?? null;
}

export async function findIntegration(companyId: number, id: number): Promise<IntegrationDto | null> {
  const r = await findIntegrationRow(companyId, id);
  return r ? integrationDto(r) : null;
}

/** the company's first integration (the answer of a prompt that names none) */
export async function firstIntegrationRow(companyId: number): Promise<IntegrationRow | null> {
  const [r] = await db
    .select()
    .from(integrations)
    .where(eq(integrations.companyId, companyId))
    .orderBy(asc(integrations.id))
    .limit(1);
  return r ?? null;
}

export async function findIntegrationByName(companyId: number, name: string): Promise<IntegrationRow | null> {
  const [r] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.name, name)))
    .limit(1);
  return r ?? null;
}

export type IntegrationValues = {
  name: string;
  integrationType: IntegrationType;
  apiUrl: string;
  message: string;
  dataJson: string;
};

export async function insertIntegration(
  companyId: number,
  v: IntegrationValues & { apiTokenEnc: string; apiTokenLast4: string },
): Promise<number> {
  const [r] = await db
    .insert(integrations)
    .values({ ...v, companyId })
    .returning({ id: integrations.id });
  return r.id;
}

export async function updateIntegration(
  companyId: number,
  id: number,
  v: IntegrationValues & { apiTokenEnc?: string; apiTokenLast4?: string },
  at: Date,
): Promise<boolean> {
  const r = await db
    .update(integrations)
    .set({ ...v, updatedAt: at })
    .where(and(eq(integrations.companyId, companyId), eq(integrations.id, id)))
    .returning({ id: integrations.id });
  return r.length > 0;
}

export async function deleteIntegration(companyId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(integrations)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.id, id)))
    .returning({ id: integrations.id });
  return r.length > 0;
}

// ---- prompts ----

export type BotConfigRow = typeof botConfigs.$inferSelect;
type ConfigJoined = { c: BotConfigRow; queueName: string | null; integrationName: string | null };

function configDto({ c, queueName, integrationName }: ConfigJoined): BotConfigDto {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    context: c.context,
    isDeleted: c.isDeleted,
    firstDelay: c.firstDelay,
    lastDelay: c.lastDelay,
    typingSpeed: c.typingSpeed,
    ignoreWords: c.ignoreWords,
    model: c.model,
    stop: c.stop,
    inactivityMessage: c.inactivityMessage,
    initialMessages: c.initialMessages,
    temperature: c.temperature,
    frequencyPenalty: c.frequencyPenalty,
    presencePenalty: c.presencePenalty,
    topP: c.topP,
    maxTokens: c.maxTokens,
    maxMessagesForDialog: c.maxMessagesForDialog,
    messageForMaxMessagesExceeded: c.messageForMaxMessagesExceeded,
    lastQueueId: c.lastQueueId,
    lastQueue: c.lastQueueId !== null && queueName !== null ? { id: c.lastQueueId, name: queueName } : null,
    integrationId: c.integrationId,
    integration:
      c.integrationId !== null && integrationName !== null ? { id: c.integrationId, name: integrationName } : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function selectConfigs() {
  return db
    .select({ c: botConfigs, queueName: queues.name, integrationName: integrations.name })
    .from(botConfigs)
    .leftJoin(queues, and(eq(queues.id, botConfigs.lastQueueId), eq(queues.companyId, botConfigs.companyId)))
    .leftJoin(
      integrations,
      and(eq(integrations.id, botConfigs.integrationId), eq(integrations.companyId, botConfigs.companyId)),
    );
}

/** A page of the company's prompts (not deleted), by name; `search` in the name or the model. */
export async function listConfigs(companyId: number, search: string, w: PageWindow): Promise<Page<BotConfigDto>> {
  const where = and(
    eq(botConfigs.companyId, companyId),
    eq(botConfigs.isDeleted, false),
    containsText(search, botConfigs.name, botConfigs.model),
  );
  const rows = selectConfigs()
    .where(where)
    .orderBy(asc(botConfigs.name), asc(botConfigs.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(configDto));
  return countedPage(w, rows, countRows(botConfigs, where));
}

/** a prompt of the company, deleted ones only when asked (the runtime of a ticket already handled by it) */
export async function findConfig(
  companyId: number,
  id: number,
  opts: { withDeleted?: boolean } = {},
): Promise<BotConfigDto | null> {
  const [r] = await selectConfigs().where(
    and(
      eq(botConfigs.companyId, companyId),
      eq(botConfigs.id, id),
      opts.withDeleted ? undefined : eq(botConfigs.isDeleted, false),
    ),
  );
  return r ? configDto(r) : null;
}

export type BotConfigValues = Omit<
  typeof botConfigs.$inferInsert,
  'id' | 'companyId' | 'isDeleted' | 'createdAt' | 'updatedAt'
> & { initialMessages: AiChatMessage[] };

export async function insertConfig(companyId: number, v: BotConfigValues): Promise<number> {
  const [r] = await db
    .insert(botConfigs)
    .values({ ...v, companyId })
    .returning({ id: botConfigs.id });
  return r.id;
}

export async function updateConfig(companyId: number, id: number, v: BotConfigValues, at: Date): Promise<boolean> {
  const r = await db
    .update(botConfigs)
    .set({ ...v, updatedAt: at })
    .where(and(eq(botConfigs.companyId, companyId), eq(botConfigs.id, id), eq(botConfigs.isDeleted, false)))
    .returning({ id: botConfigs.id });
  return r.length > 0;
}

export async function softDeleteConfig(companyId: number, id: number, at: Date): Promise<boolean> {
  const r = await db
    .update(botConfigs)
    .set({ isDeleted: true, updatedAt: at })
    .where(and(eq(botConfigs.companyId, companyId), eq(botConfigs.id, id), eq(botConfigs.isDeleted, false)))
    .returning({ id: botConfigs.id });
  return r.length > 0;
}

export async function findConfigByName(companyId: number, name: string): Promise<BotConfigDto | null> {
  const [r] = await selectConfigs().where(
    and(eq(botConfigs.companyId, companyId), eq(botConfigs.name, name), eq(botConfigs.isDeleted, false)),
  );
  return r ? configDto(r) : null;
}

// ---- conversations ----

export type ConversationRow = typeof aiConversations.$inferSelect;
export type ConversationKind = 'ticket' | 'simulator';

export async function findConversation(
  companyId: number,
  kind: ConversationKind,
  refId: number,
  tx?: Tx,
): Promise<ConversationRow | null> {
  const [r] = await (tx ?? db)
    .select()
    .from(aiConversations)
    .where(
      and(eq(aiConversations.companyId, companyId), eq(aiConversations.kind, kind), eq(aiConversations.refId, refId)),
    );
  return r ?? null;
}

/** the conversation's row under FOR UPDATE, created (active, for `botConfigId`) when missing */
export async function lockConversation(
  companyId: number,
  kind: ConversationKind,
  refId: number,
  botConfigId: number,
  tx: Tx,
): Promise<ConversationRow> {
  await tx
    .insert(aiConversations)
    .values({ companyId, kind, refId, botConfigId })
    .onConflictDoNothing({ target: [aiConversations.companyId, aiConversations.kind, aiConversations.refId] });
  const [r] = await tx
    .select()
    .from(aiConversations)
    .where(
      and(eq(aiConversations.companyId, companyId), eq(aiConversations.kind, kind), eq(aiConversations.refId, refId)),
    )
    .for('update');
  return r as ConversationRow;
}

export async function saveConversation(
  companyId: number,
  id: number,
  v: Partial<Omit<ConversationRow, 'id' | 'companyId' | 'kind' | 'refId'>>,
  tx?: Tx,
): Promise<void> {
  await (tx ?? db)
    .update(aiConversations)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(aiConversations.companyId, companyId), eq(aiConversations.id, id)));
}

/**
 * Claims the conversation's one completion: sets `inFlight` to `version` when none runs (or the one running is older
 * than `staleBefore`: its process died). Answers whether this turn got it.
 */
export async function claimInFlight(
  companyId: number,
  id: number,
  version: number,
  at: Date,
  staleBefore: Date,
): Promise<boolean> {
  const r = await db
    .update(aiConversations)
    .set({ inFlight: version, inFlightAt: at })
    .where(
      and(
        eq(aiConversations.companyId, companyId),
        eq(aiConversations.id, id),
        or(isNull(aiConversations.inFlight), lt(aiConversations.inFlightAt, staleBefore)),
      ),
    )
    .returning({ id: aiConversations.id });
  return r.length > 0;
}

export async function releaseInFlight(companyId: number, id: number, version: number): Promise<void> {
  await db
    .update(aiConversations)
    .set({ inFlight: null, inFlightAt: null })
    .where(
      and(eq(aiConversations.companyId, companyId), eq(aiConversations.id, id), eq(aiConversations.inFlight, version)),
    );
}

export async function deleteConversation(companyId: number, kind: ConversationKind, refId: number): Promise<void> {
  await db
    .delete(aiConversations)
    .where(
      and(eq(aiConversations.companyId, companyId), eq(aiConversations.kind, kind), eq(aiConversations.refId, refId)),
    );
}

// ---- the simulator's chat ----

const simDto = (r: typeof botSimulatorMessages.$inferSelect): BotSimulatorMessageDto => ({
  id: r.id,
  body: r.body,
  fromMe: r.fromMe,
  createdAt: r.createdAt.toISOString(),
});

export async function listSimulatorMessages(companyId: number, botConfigId: number): Promise<BotSimulatorMessageDto[]> {
  const rows = await db
    .select()
    .from(botSimulatorMessages)
    .where(and(eq(botSimulatorMessages.companyId, companyId), eq(botSimulatorMessages.botConfigId, botConfigId)))
    .orderBy(desc(botSimulatorMessages.id))
    .limit(200);
  return rows.reverse().map(simDto);
}

export async function insertSimulatorMessage(
  companyId: number,
  botConfigId: number,
  v: { body: string; fromMe: boolean; at: Date },
): Promise<void> {
  await db
    .insert(botSimulatorMessages)
    .values({ companyId, botConfigId, body: v.body, fromMe: v.fromMe, createdAt: v.at });
}

export async function clearSimulatorMessages(companyId: number, botConfigId: number): Promise<void> {
  await db
    .delete(botSimulatorMessages)
    .where(and(eq(botSimulatorMessages.companyId, companyId), eq(botSimulatorMessages.botConfigId, botConfigId)));
}

// ---- usage (the model calls' log) ----

export type UsageValues = Omit<typeof aiUsage.$inferInsert, 'id' | 'companyId'>;

export async function insertUsage(companyId: number, v: UsageValues): Promise<void> {
  await db.insert(aiUsage).values({ ...v, companyId });
}

export async function usageSince(
  companyId: number,
  since: Date,
): Promise<{ completions: number; failures: number; totalTokens: number }> {
  const [r] = await db
    .select({
      completions: sql<number>`count(*) filter (where ${aiUsage.outcome} = 'ok')`,
      failures: sql<number>`count(*) filter (where ${aiUsage.outcome} <> 'ok')`,
      totalTokens: sql<number>`coalesce(sum(${aiUsage.totalTokens}), 0)`,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.companyId, companyId), gte(aiUsage.at, since)));
  return {
    completions: Number(r?.completions ?? 0),
    failures: Number(r?.failures ?? 0),
    totalTokens: Number(r?.totalTokens ?? 0),
  };
}

export async function listUsage(companyId: number, limit = 50) {
  return db.select().from(aiUsage).where(eq(aiUsage.companyId, companyId)).orderBy(desc(aiUsage.id)).limit(limit);
}

// ---- demo ----

/** The demo company by name (no tenant yet: first start). */
export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}

export async function countConfigs(companyId: number): Promise<number> {
  return countRows(botConfigs, eq(botConfigs.companyId, companyId));
}
