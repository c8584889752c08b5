import { createServer } from 'node:net';
import type { Subprocess } from 'bun';

/** A child process started by a multi-process test, with the last `keep` lines of its stdout+stderr. */
export type Proc = { name: string; proc: Subprocess<'ignore', 'pipe', 'pipe'>; out: string[] };

function collect(p: Proc, stream: ReadableStream<Uint8Array>, keep: number) {
  void (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value);
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      p.out.push(...lines);
      if (p.out.length > keep) p.out.splice(0, p.out.length - keep);
    }
  })();
}

/** Spawns `cmd` (stdin ignored, stdout/stderr collected line by line into `out`) and records it in `procs`. */
export function spawnCollected(
  procs: Proc[],
  name: string,
  cmd: string[],
  opts: { cwd: string; env: Record<string, string>; keep: number },
): Proc {
  const proc = Bun.spawn(cmd, { cwd: opts.cwd, env: opts.env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const p: Proc = { name, proc, out: [] };
  collect(p, proc.stdout, opts.keep);
  collect(p, proc.stderr, opts.keep);
  procs.push(p);
  return p;
}

/** The last `lines` lines of each process (each cut to `width` characters), for a failure message. */
export function procsTail(procs: Proc[], lines: number, width = Number.POSITIVE_INFINITY): string {
  return procs
    .map(
      (p) =>
        `--- ${p.name} (pid ${p.proc.pid})\n${p.out
          .slice(-lines)
          .map((l) => l.slice(0, width))
          .join('\n')}`,
    )
    .join('\n');
}

/** Polls `fn` every `pollMs` until it gives a value (not undefined/false); on timeout throws with `context()`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  opts: { timeoutMs: number; pollMs: number; context: () => string },
): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() - t0 > opts.timeoutMs)
      throw new Error(`${what}: not within ${opts.timeoutMs} ms\n${opts.context()}`);
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
}

/** Waits until the API process `p` answers 200 on `${base}/health`; fails at once if it exits meanwhile. */
export async function untilHealthy(
  p: Proc,
  base: string,
  opts: { timeoutMs?: number; pollMs?: number; context: () => string },
): Promise<void> {
  await until(
    `${p.name} ready`,
    async () => {
      if (p.proc.exitCode !== null) throw new Error(`${p.name} exited (${p.proc.exitCode})\n${opts.context()}`);
      const r = await fetch(`${base}/health`).catch(() => null);
      return r?.status === 200 ? true : undefined;
    },
    { timeoutMs: opts.timeoutMs ?? 40_000, pollMs: opts.pollMs ?? 100, context: opts.context },
  );
}

/** A port free on 127.0.0.1 right now (the OS picks it): multi-process tests never collide with other runs' ports. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The environment every multi-process test gives its API/worker children: real services, quiet logs, the test's own
 * secrets and Redis prefix; `extra` adds or overrides the rest.
 */
export function childEnv(
  tag: string,
  services: { dbUrl: string; redisUrl: string; prefix: string },
  extra: Record<string, string>,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    JWT_SECRET: `${tag}-test-access-secret-0123456789-abcdefghij`,
    JWT_REFRESH_SECRET: `${tag}-test-refresh-secret-0123456789-abcdefghij`,
    DATABASE_URL: services.dbUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: services.prefix,
    ...extra,
  };
}
