import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/postgres-js';
import { migrate as migratePg } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from '../../db/schema';
import { REPO_ROOT } from '../env';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export type DbHandle = {
  kind: DbKind;
  db: Db;
  /** raw client for the rare spot that needs it (COPY in benches, LISTEN); null-safe per kind */
  pglite?: PGlite;
  sql?: postgres.Sql;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = join(REPO_ROOT, 'migrations');

/** Counts SQL statements per request (asserted by tests: list endpoints issue a bounded number). */
const statementCounter = new AsyncLocalStorage<{ count: number; sql: string[] }>();
export function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; sql: string[] }> {
  const store = { count: 0, sql: [] as string[] };
  return statementCounter.run(store, async () => {
    const result = await fn();
    return { result, count: store.count, sql: store.sql };
  });
}
export function runWithStatementCounter<T>(store: { count: number; sql: string[] }, fn: () => T): T {
  return statementCounter.run(store, fn);
}
const logger: Logger = {
  logQuery(query) {
    const s = statementCounter.getStore();
    if (s) {
      s.count++;
      if (s.sql.length < 50) s.sql.push(query);
    }
  },
};

export type DbOptions = { url?: string; dataDir?: string; pglite?: PGlite };

/**
 * Extensions the migrations create (0001: unaccent for the search configuration). Every PGlite instance on a
 * migrated data directory must load them — a clone too — or a query touching them fails: create PGlite through here.
 */
export const PGLITE_EXTENSIONS = { unaccent };
export function createPGlite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): PGlite {
  return new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: PGLITE_EXTENSIONS });
}

/**
 * postgres.js connection behaviour through a database outage. Its default reconnect backoff grows with every failed
 * attempt of the pool up to 10–20 s, and a query waits for its connection's next attempt: during an outage requests
 * hung that long before failing, and after the database came back the pool took as long to notice. Here: at most
 * 1 s between attempts (requests fail fast with a connection error → 503, recovery within a second), and a
 * connection attempt gives up after 5 s (a blackholed host does not hang requests for the default 30 s).
 */
export const PG_CONNECTION_OPTIONS = {
  connect_timeout: 5,
  /** seconds before the next connection attempt, by failed attempts so far */
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
} as const;

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.url) {
    const sql = postgres(opts.url, { max: 10, onnotice: () => {}, ...PG_CONNECTION_OPTIONS });
    const db = drizzlePg(sql, { schema, logger }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      sql,
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let client = opts.pglite;
  let unlock = () => {};
  if (!client) {
    const dir = opts.dataDir ? join(opts.dataDir, 'pglite') : undefined;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      unlock = lockDataDir(dir);
    }
    client = createPGlite({ dataDir: dir });
  }
  await client.waitReady;
  const pg = client;
  const db = drizzlePglite(pg, { schema, logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: pg,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!pg.closed) await pg.close();
      unlock();
    },
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * PGlite serves ONE process: a second process opening the same directory (a CLI command while `npm start` runs)
 * reads stale pages and its writes are lost or corrupt the files. `<dir>.lock` holds the owner's pid; another live
 * process refuses to open the directory with a clear message (a dead owner's lock is taken over).
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      let owner = 0;
      try {
        owner = Number(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      if (owner && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `The embedded database ${dir} is in use by process ${owner} (a running server?). PGlite serves one process at a time: stop that process first, or use DATABASE_URL (PostgreSQL).`,
        );
      }
      try {
        unlinkSync(file);
      } catch {
        // another process took it over first: try again
      }
    }
  }
  throw new Error(`Could not lock the embedded database ${dir}.`);
}

/**
 * The process-wide database. Repos import `db` (a live binding to the current handle), so the test harness can
 * give each test file its own cloned database.
 */
let current: DbHandle | undefined;
export function setDb(handle: DbHandle | undefined): void {
  current = handle;
}
export function dbHandle(): DbHandle {
  if (!current) throw new Error('database not initialised');
  return current;
}
export const db: Db = new Proxy({} as Db, {
  get(_t, prop) {
    const target = dbHandle().db as unknown as Record<string | symbol, unknown>;
    const v = target[prop];
    return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
  },
});
export { schema };

/**
 * One statement's rows through `db.execute` (or a transaction's) (postgres.js answers an array, PGlite `{ rows }`). Timestamps come back
 * as driver strings here: select them as epoch milliseconds (`extract(epoch from x) * 1000`) instead.
 */
export async function queryRows<T>(q: SQL, exec: Pick<Db, 'execute'> = db): Promise<T[]> {
  const r = (await exec.execute(q)) as unknown;
  return (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * A whole list as ONE parameter (cast it in SQL: `${list(ids)}::int[]`). With `unnest(...)` and `= any(...)` a
 * statement's text stays the same whatever the list's length, so it is prepared once and reused, and the driver
 * binds one value instead of one per element (the batched inbound pipeline writes hundreds of rows per statement).
 * Booleans travel as text (`${list(flags.map(String))}::text[]::bool[]`).
 */
export function list(values: readonly (string | number | null)[]): SQL {
  return sql`${sql.param(values)}`;
}

/**
 * `list()` per column of a batch, for `unnest(...)`: `const col = columns(rows)`, then `${col((r) => r.name)}::text[]`
 * in the statement — one array parameter per column, whatever the number of rows.
 */
export function columns<R>(rows: readonly R[]): (f: (row: R, index: number) => string | number | null) => SQL {
  return (f) => list(rows.map(f));
}
