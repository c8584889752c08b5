import { describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { createThrowawayDatabase, realPostgresUrl } from '../../test/services';
import { createPGlite, type DbHandle, openDb } from './index';

/** A few tables from different areas: if the single init migration applies, these exist. */
const EXPECTED_TABLES = ['companies', 'users', 'queues', 'contacts', 'tickets', 'messages', 'whatsapps', 'jobs'];

function rowsOf(r: unknown): Record<string, unknown>[] {
  return (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
}

async function tablesOf(h: DbHandle): Promise<string[]> {
  const r = await h.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
  return rowsOf(r).map((row) => String(row.table_name));
}

async function appliedMigrations(h: DbHandle): Promise<number> {
  const r = await h.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rowsOf(r)[0]?.n);
}

async function checkMigrations(h: DbHandle) {
  await h.migrate();
  const tables = await tablesOf(h);
  for (const t of EXPECTED_TABLES) expect(tables).toContain(t);
  expect(await appliedMigrations(h)).toBeGreaterThanOrEqual(1);
  // applying again is a no-op (every start runs migrate)
  const before = await appliedMigrations(h);
  await h.migrate();
  expect(await appliedMigrations(h)).toBe(before);
  // the search configuration (migration 0001) lower-cases and drops accents on both engines
  const v = await h.db.execute(sql`select to_tsvector('simple_unaccent', 'Ação do João')::text as v`);
  expect(String(rowsOf(v)[0]?.v)).toBe(`'acao':1 'do':2 'joao':3`);
  // the jobs id sequence exists (generated ids of the embedded runner)
  const r = await h.db.execute(sql`select nextval('jobs_id_seq')::int as id`);
  expect(Number(rowsOf(r)[0]?.id)).toBeGreaterThan(0);
}

const pgBase = await realPostgresUrl('db migrations (real Postgres)');

describe('migrations', () => {
  test('apply to a fresh PGlite', async () => {
    const h = await openDb({ pglite: createPGlite() });
    try {
      expect(h.kind).toBe('pglite');
      await checkMigrations(h);
    } finally {
      await h.close();
    }
  }, 60_000);

  if (pgBase) {
    test('apply to a fresh database on real PostgreSQL', async () => {
      const tmp = await createThrowawayDatabase(pgBase, 'zapdesk_mig');
      expect(tmp.name).toMatch(/^zapdesk_mig_[0-9a-f]{12}$/);
      try {
        const h = await openDb({ url: tmp.url });
        try {
          expect(h.kind).toBe('postgres');
          await checkMigrations(h);
        } finally {
          await h.close();
        }
      } finally {
        await tmp.drop();
      }
    }, 60_000);
  } else {
    test.skip('apply to a fresh database on real PostgreSQL (not reachable)', () => {});
  }
});
