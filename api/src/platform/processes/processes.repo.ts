import type { ProcessReport } from '@zapdesk/core';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { systemProcesses, systemProcessStarts } from '../../db/schema';
import { db } from '../db';

/** The database store's queries (platform-level: no company). Expiry on the database's clock. */
export async function unsafePutProcessReport(report: ProcessReport): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${report.ttlMs / 1000})`;
  await db
    .insert(systemProcesses)
    .values({ id: report.id, report, expiresAt })
    .onConflictDoUpdate({ target: systemProcesses.id, set: { report, expiresAt } });
}

export async function unsafeRemoveProcessReport(id: string): Promise<void> {
  await db.delete(systemProcesses).where(eq(systemProcesses.id, id));
}

export async function unsafeLiveProcessReports(): Promise<ProcessReport[]> {
  await db.delete(systemProcesses).where(lte(systemProcesses.expiresAt, sql`now()`));
  const rows = await db
    .select({ report: systemProcesses.report })
    .from(systemProcesses)
    .where(gt(systemProcesses.expiresAt, sql`now()`));
  return rows.map((r) => r.report as ProcessReport);
}

export async function unsafeCountProcessStart(name: string): Promise<number> {
  const [r] = await db
    .insert(systemProcessStarts)
    .values({ name, starts: 1 })
    .onConflictDoUpdate({
      target: systemProcessStarts.name,
      set: { starts: sql`${systemProcessStarts.starts} + 1`, updatedAt: sql`now()` },
    })
    .returning({ starts: systemProcessStarts.starts });
  return Math.max(0, (r?.starts ?? 1) - 1);
}

export async function unsafeSetRestartRequested(id: string): Promise<void> {
  await db.update(systemProcesses).set({ restartRequested: true }).where(eq(systemProcesses.id, id));
}

export async function unsafeTakeRestartRequest(id: string): Promise<boolean> {
  const rows = await db
    .update(systemProcesses)
    .set({ restartRequested: false })
    .where(and(eq(systemProcesses.id, id), eq(systemProcesses.restartRequested, true)))
    .returning({ id: systemProcesses.id });
  return rows.length > 0;
}
