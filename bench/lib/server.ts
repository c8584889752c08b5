import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DATA_DIR, BENCH_PORT, BENCH_SECRETS, BENCH_WEB_PORT, ROOT, sleep } from './common';

export type ApiServer = {
  url: string;
  pid: number;
  /** resident set size of the API process, bytes (VmRSS) */
  rss(): number;
  /** CPU seconds (user + system) the API process has used so far */
  cpuSeconds(): number;
  /** full garbage collection in the API process (SIGUSR2, see gc-preload.ts), then a short settle */
  gc(): Promise<void>;
  stop(): Promise<void>;
};

const CLK_TCK = 100;

export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the parenthesised command name: state is field 3, utime 14, stime 15
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / CLK_TCK;
}

/**
 * Starts `bun api/src/server.ts` as its own process (so the load client's CPU never counts as the server's) on the
 * bench ports, waits for /health, and answers handles to measure and stop it.
 */
export async function startApiServer(opts: {
  databaseUrl?: string;
  name: string;
  env?: Record<string, string>;
}): Promise<ApiServer> {
  const dataDir = join(BENCH_DATA_DIR, opts.name);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = `http://127.0.0.1:${BENCH_PORT}`;
  const proc = Bun.spawn(
    [
      process.execPath,
      // e.g. BENCH_SERVER_FLAGS='--cpu-prof-md --cpu-prof-dir=/tmp/prof' to profile the API under the bench's load
      ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
      '--preload',
      join(ROOT, 'bench/lib/gc-preload.ts'),
      join(ROOT, 'api/src/server.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
        PORT: String(BENCH_PORT),
        WEB_PORT: String(BENCH_WEB_PORT),
        DATA_DIR: dataDir,
        BACKEND_URL: url,
        SIMULATOR_ENABLED: '1',
        REDIS_URL: '',
        ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATABASE_URL: '' }),
        ...BENCH_SECRETS,
        ...opts.env,
      },
      stdout: Bun.file(join(dataDir, 'server.log')),
      stderr: Bun.file(join(dataDir, 'server.err.log')),
    },
  );
  const until = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`API server exited with ${proc.exitCode} during startup`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      proc.kill();
      throw new Error('API server did not become ready in 120 s');
    }
    await sleep(200);
  }
  return {
    url,
    pid: proc.pid,
    rss: () => rssOf(proc.pid),
    cpuSeconds: () => cpuSecondsOf(proc.pid),
    gc: async () => {
      proc.kill('SIGUSR2');
      await sleep(500);
      proc.kill('SIGUSR2');
      await sleep(500);
    },
    stop: async () => {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await proc.exited;
      clearTimeout(t);
    },
  };
}

/**
 * A `bun run worker` process next to the API (scaled mode: REDIS_URL, the API without workers). Answers a stop
 * function; its logs are `worker.log` / `worker.err.log` in the data dir.
 */
export function startWorker(opts: { databaseUrl: string; name: string; env: Record<string, string> }): {
  pid: number;
  cpuSeconds(): number;
  stop(): Promise<void>;
} {
  const dataDir = join(BENCH_DATA_DIR, opts.name);
  mkdirSync(dataDir, { recursive: true });
  const proc = Bun.spawn([process.execPath, join(ROOT, 'api/src/worker.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      DATA_DIR: dataDir,
      SIMULATOR_ENABLED: '1',
      DATABASE_URL: opts.databaseUrl,
      ...BENCH_SECRETS,
      ...opts.env,
    },
    stdout: Bun.file(join(dataDir, 'worker.log')),
    stderr: Bun.file(join(dataDir, 'worker.err.log')),
  });
  return {
    pid: proc.pid,
    cpuSeconds: () => cpuSecondsOf(proc.pid),
    stop: async () => {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await proc.exited;
      clearTimeout(t);
    },
  };
}
