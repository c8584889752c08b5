import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, queryRows } from '../../platform/db';

/**
 * GET /adjustDb/ (master): platform-level maintenance, not company data — hence `unsafe`. Never destructive:
 * it reads the migrations table and the catalogue, and refreshes the planner's statistics.
 */
export async function unsafeAppliedMigrationInstants(): Promise<number[]> {
  try {
    const rows = await queryRows<{ created_at: string | number }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
    );
    return rows.map((r) => Number(r.created_at));
  } catch {
    return []; // never migrated
  }
}

/** ANALYZE of the whole database (statistics only; readers and writers are not blocked) */
export async function unsafeAnalyzeDatabase(): Promise<void> {
  await queryRows(sql`analyze`);
}

export type TableSize = { name: string; rows: number; totalBytes: number };

/** the public tables, largest first: estimated rows (fresh after ANALYZE) and bytes with indexes and TOAST */
export async function unsafeTableSizes(): Promise<TableSize[]> {
  const rows = await queryRows<{ name: string; rows: string | number; total_bytes: string | number }>(sql`
    select c.relname as name, greatest(c.reltuples, 0)::bigint as rows, pg_total_relation_size(c.oid) as total_bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by pg_total_relation_size(c.oid) desc, c.relname`);
  return rows.map((r) => ({ name: r.name, rows: Number(r.rows), totalBytes: Number(r.total_bytes) }));
}

export async function unsafeDatabaseSize(): Promise<number> {
  const [r] = await queryRows<{ bytes: string | number }>(sql`select pg_database_size(current_database()) as bytes`);
  return Number(r?.bytes ?? 0);
}

export type JournalEntry = { tag: string; when: number };

/** the migrations this version ships (drizzle-kit's journal) */
export function knownMigrations(): JournalEntry[] {
  try {
    const j = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    return (j.entries as JournalEntry[]).map((e) => ({ tag: e.tag, when: e.when }));
  } catch {
    return [];
  }
}
