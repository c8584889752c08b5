import type { FlowActionDto, FlowDto, FlowSummaryDto, FlowType } from '@zapdesk/core';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { companies, flowRunSteps, flowRuns, flows } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';
import { containsText, countedPage, countRows, type Page, type PageWindow } from '../../platform/db/paging';
import { deleteInCompany } from '../../platform/db/records';

type FlowRow = typeof flows.$inferSelect;
export type FlowRunRow = typeof flowRuns.$inferSelect;

export function toFlowSummary(r: FlowRow): FlowSummaryDto {
  return {
    id: r.id,
    name: r.name,
    type: r.type as FlowType,
    actionsCount: r.actions.length,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toFlowDto(r: FlowRow): FlowDto {
  return {
    ...toFlowSummary(r),
    flowActions: r.actions,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A page of the company's flows by name, `search` contained in the name, of one type when given. */
export function listFlows(
  companyId: number,
  f: { search: string; type?: FlowType },
  w: PageWindow,
): Promise<Page<FlowSummaryDto>> {
  const where = and(
    eq(flows.companyId, companyId),
    f.type ? eq(flows.type, f.type) : undefined,
    containsText(f.search, flows.name),
  ) as SQL;
  const rows = db
    .select()
    .from(flows)
    .where(where)
    .orderBy(asc(sql`lower(${flows.name})`), asc(flows.id))
    .limit(w.limit)
    .offset(w.offset)
    .then((rs) => rs.map(toFlowSummary));
  return countedPage(w, rows, countRows(flows, where));
}

export async function findFlow(companyId: number, id: number): Promise<FlowRow | null> {
  const [r] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
    .limit(1);
  return r ?? null;
}

export async function insertFlow(
  companyId: number,
  v: { name: string; type: FlowType; actions: FlowActionDto[] },
): Promise<FlowRow> {
  const [r] = await db
    .insert(flows)
    .values({ companyId, ...v })
    .returning();
  return r;
}

export async function updateFlow(
  companyId: number,
  id: number,
  v: { name: string; type: FlowType; actions: FlowActionDto[] },
): Promise<FlowRow | null> {
  const [r] = await db
    .update(flows)
    .set({ ...v, updatedAt: nowDate() })
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
    .returning();
  return r ?? null;
}

export function deleteFlow(companyId: number, id: number): Promise<boolean> {
  return deleteInCompany(flows, companyId, id);
}

/** Whether the company's plan has flows and the company is active (checked again when a step runs). */
export async function companyFlowsAllowed(companyId: number): Promise<{ active: boolean; enableFlows: boolean }> {
  const [r] = await db
    .select({ active: companies.status, enableFlows: companies.enableFlows })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { active: !!r?.active, enableFlows: !!r?.enableFlows };
}

// ---- runs ----

/** A new run, or the existing one of the same `runKey` (a start asked twice starts once). */
export async function insertRun(
  companyId: number,
  v: {
    flowId: number;
    ticketId: number;
    userId: number | null;
    runKey: string | null;
    actions: FlowActionDto[];
    startedAt: Date;
  },
): Promise<{ run: FlowRunRow; created: boolean }> {
  const [r] = await db
    .insert(flowRuns)
    .values({ companyId, ...v, status: 'running', step: 0, dueAt: v.startedAt })
    .onConflictDoNothing()
    .returning();
  if (r) return { run: r, created: true };
  const [existing] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.runKey, v.runKey ?? '')))
    .limit(1);
  return { run: existing, created: false };
}

export async function findRun(companyId: number, id: number): Promise<FlowRunRow | null> {
  const [r] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, id)))
    .limit(1);
  return r ?? null;
}

export type StepClaim = { kind: 'claimed' } | { kind: 'busy' } | { kind: 'interrupted' } | { kind: 'done' };

/**
 * Claims step `step` of a run, in one transaction: a new row 'sending', or a 'retrying' row taken back; a 'sending'
 * row claimed more than `staleMs` ago was interrupted (it may have gone: never sent again). UNIQUE (run, step) makes
 * two deliveries of the same job meet here: one sends.
 */
export function claimStep(companyId: number, runId: number, step: number, staleMs: number): Promise<StepClaim> {
  return db.transaction(async (tx) => {
    const now = nowDate();
    const inserted = await tx
      .insert(flowRunSteps)
      .values({ companyId, runId, step, status: 'sending', claimedAt: now })
      .onConflictDoNothing()
      .returning({ id: flowRunSteps.id });
    if (inserted.length) return { kind: 'claimed' } as StepClaim;
    const [row] = await tx
      .select()
      .from(flowRunSteps)
      .where(and(eq(flowRunSteps.companyId, companyId), eq(flowRunSteps.runId, runId), eq(flowRunSteps.step, step)))
      .for('update');
    if (!row) return { kind: 'busy' } as StepClaim;
    if (row.status === 'retrying') {
      await tx.update(flowRunSteps).set({ status: 'sending', claimedAt: now }).where(eq(flowRunSteps.id, row.id));
      return { kind: 'claimed' } as StepClaim;
    }
    if (row.status === 'sending') {
      return (
        now.getTime() - row.claimedAt.getTime() > staleMs ? { kind: 'interrupted' } : { kind: 'busy' }
      ) as StepClaim;
    }
    return { kind: 'done' } as StepClaim;
  });
}

export async function markStepRetrying(companyId: number, runId: number, step: number, error: string): Promise<void> {
  await db
    .update(flowRunSteps)
    .set({ status: 'retrying', error })
    .where(and(eq(flowRunSteps.companyId, companyId), eq(flowRunSteps.runId, runId), eq(flowRunSteps.step, step)));
}

/**
 * A step's outcome and the run's next state, in one transaction; the run moves only if it still waits for this step
 * (answers whether it moved).
 */
export function finishStep(
  companyId: number,
  runId: number,
  step: number,
  outcome: { status: 'sent' | 'failed'; messageId?: number | null; error?: string | null },
  next: { status: 'running' | 'done' | 'failed' | 'cancelled'; dueAt?: Date; lastError?: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = nowDate();
    await tx
      .update(flowRunSteps)
      .set({ status: outcome.status, doneAt: now, messageId: outcome.messageId ?? null, error: outcome.error ?? null })
      .where(and(eq(flowRunSteps.companyId, companyId), eq(flowRunSteps.runId, runId), eq(flowRunSteps.step, step)));
    const moved = await tx
      .update(flowRuns)
      .set({
        status: next.status,
        step: step + 1,
        ...(next.dueAt ? { dueAt: next.dueAt } : {}),
        ...(next.status !== 'running' ? { finishedAt: now } : {}),
        ...(next.lastError !== undefined ? { lastError: next.lastError } : {}),
      })
      .where(
        and(
          eq(flowRuns.companyId, companyId),
          eq(flowRuns.id, runId),
          eq(flowRuns.step, step),
          eq(flowRuns.status, 'running'),
        ),
      )
      .returning({ id: flowRuns.id });
    return moved.length > 0;
  });
}

/** Ends a run that has not finished (the ticket closed, the plan lost flows…). */
export async function stopRun(
  companyId: number,
  runId: number,
  status: 'failed' | 'cancelled',
  lastError: string,
): Promise<void> {
  await db
    .update(flowRuns)
    .set({ status, lastError, finishedAt: nowDate() })
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, runId), eq(flowRuns.status, 'running')));
}

/** Steps of a run, in order (tests and diagnostics). */
export function runSteps(companyId: number, runId: number) {
  return db
    .select()
    .from(flowRunSteps)
    .where(and(eq(flowRunSteps.companyId, companyId), eq(flowRunSteps.runId, runId)))
    .orderBy(asc(flowRunSteps.step));
}

/** Running runs of every company, by id after `after` (the start-up catch-up). */
export function unsafeRunningRuns(after: number, limit: number) {
  return db
    .select({ id: flowRuns.id, companyId: flowRuns.companyId })
    .from(flowRuns)
    .where(and(eq(flowRuns.status, 'running'), gt(flowRuns.id, after)))
    .orderBy(asc(flowRuns.id))
    .limit(limit);
}

export async function countFlows(companyId: number): Promise<number> {
  return countRows(flows, eq(flows.companyId, companyId));
}

export async function unsafeFindCompanyIdByName(name: string): Promise<number | null> {
  const [r] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1);
  return r?.id ?? null;
}
