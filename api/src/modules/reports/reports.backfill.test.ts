import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema';
import { db, MIGRATIONS_FOLDER } from '../../platform/db';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeContact, makeMessage, makeTicket } from '../tickets/tickets.fixtures';

useTestApp();
const { A } = useTenantPair();

/** The best-effort backfill of migration 0013, run again on tickets written the old way (no instants). */
function backfillStatement(): string {
  const text = readFileSync(join(MIGRATIONS_FOLDER, '0013_report_instants.sql'), 'utf8');
  const stmt = text.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "tickets" t SET'));
  if (!stmt) throw new Error('backfill statement not found');
  return stmt;
}

const at = (min: number) => new Date(Date.parse('2026-10-01T12:00:00Z') + min * 60_000);

describe('migration 0013 backfill', () => {
  test('estimated instants from the history: wait from creation, first attendant message, closed at last update', async () => {
    const c = await makeContact(A.company.id);
    const old = async (t: Omit<Parameters<typeof makeTicket>[1], 'contactId'>) => {
      const row = await makeTicket(A.company.id, { ...t, contactId: c.id });
      return row.id;
    };
    // closed, no accepted_at recorded: the first message an attendant sent is its acceptance
    const closed = await old({ status: 'closed', userId: A.agent.user.id, createdAt: at(0), updatedAt: at(50) });
    await makeMessage(A.company.id, closed, { fromMe: true, userId: A.agent.user.id, createdAt: at(7) });
    await makeMessage(A.company.id, closed, { fromMe: false, createdAt: at(1) });
    // open with a recorded accepted_at: kept
    const open = await old({ status: 'open', userId: A.admin.user.id, createdAt: at(0) });
    await db
      .update(tickets)
      .set({ acceptedAt: at(3) })
      .where(eq(tickets.id, open));
    // pending, never answered
    const pending = await old({ status: 'pending', createdAt: at(0) });
    // an attendant's own ticket (source 1), closed without any message
    const active = await old({ status: 'closed', userId: A.admin.user.id, createdAt: at(0), updatedAt: at(20) });
    await db.update(tickets).set({ source: 1 }).where(eq(tickets.id, active));
    await db.update(tickets).set({ queuedAt: null, closedAt: null, instantsEstimated: false });

    await db.execute(sql.raw(backfillStatement()));
    const rows = new Map((await db.select().from(tickets)).map((r) => [r.id, r]));
    expect(rows.get(closed)).toMatchObject({
      instantsEstimated: true,
      queuedAt: at(0),
      acceptedAt: at(7),
      firstUserId: A.agent.user.id,
      closedAt: at(50),
    });
    expect(rows.get(open)).toMatchObject({ queuedAt: at(0), acceptedAt: at(3), firstUserId: A.admin.user.id });
    expect(rows.get(pending)).toMatchObject({ queuedAt: at(0), acceptedAt: null, firstUserId: null, closedAt: null });
    expect(rows.get(active)).toMatchObject({ queuedAt: null, acceptedAt: at(0), closedAt: at(20) });
  });
});
