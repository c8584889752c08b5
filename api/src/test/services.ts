/**
 * Real Postgres / Redis for adapter tests: used when reachable, skipped with a printed notice when not,
 * and never skipped under REQUIRE_SERVICES=1 (CI).
 */
const required = process.env.REQUIRE_SERVICES === '1';

async function reachablePostgres(url: string): Promise<boolean> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function reachableRedis(url: string): Promise<boolean> {
  const { default: Redis } = await import('ioredis');
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

export async function realPostgresUrl(suite: string): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await reachablePostgres(url)) return url;
  if (required) throw new Error(`${suite}: REQUIRE_SERVICES=1 but PostgreSQL is not reachable at ${url}`);
  console.warn(`[skip] ${suite}: PostgreSQL not reachable at ${url}; real-Postgres tests skipped`);
  return null;
}

export async function realRedisUrl(suite: string): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await reachableRedis(url)) return url;
  if (required) throw new Error(`${suite}: REQUIRE_SERVICES=1 but Redis is not reachable at ${url}`);
  console.warn(`[skip] ${suite}: Redis not reachable at ${url}; real-Redis tests skipped`);
  return null;
}

/**
 * Deletes every key matching `pattern` (SCAN + DEL, never KEYS/FLUSH: the server is shared) on the Redis at `url`;
 * returns how many went. Suites on real Redis use their own random key prefix and call this at the end.
 */
export async function deleteRedisKeys(url: string, pattern: string): Promise<number> {
  const { default: Redis } = await import('ioredis');
  const r = new Redis(url, { maxRetriesPerRequest: null });
  try {
    let n = 0;
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) n += await r.del(...keys);
    } while (cursor !== '0');
    return n;
  } finally {
    r.disconnect();
  }
}

/**
 * A fresh database `<prefix>_<random>` on the real server (e.g. to apply migrations from scratch); `drop()`
 * removes it. `baseUrl` comes from realPostgresUrl().
 */
export async function createThrowawayDatabase(
  baseUrl: string,
  prefix = 'zapdesk_tmp',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const { randomBytes } = await import('node:crypto');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const sql = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
  };
}
