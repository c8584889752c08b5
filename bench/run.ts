/**
 * `bun run bench`: every benchmark in turn, each in its own process (a failure or a leak in one never skews the
 * next). Each writes bench/results/<name>-*.json and appends its table to docs/PERFORMANCE.md. Exits non-zero when
 * any bench failed its own validation, after running the others.
 */
import { join } from 'node:path';
import { log, ROOT } from './lib/common';

// ingest first: the tickets bench's 1M-row database (and dropping it) leaves the server busy writing for a while
const ALL = ['ingest', 'sse', 'web', 'tickets', 'campaigns-pacing', 'campaigns-create'];
const only = process.argv.slice(2);
const names = only.length ? only : ALL;

const started = performance.now();
const outcome: { name: string; ok: boolean; seconds: number }[] = [];
for (const name of names) {
  if (!ALL.includes(name)) throw new Error(`unknown bench ${name} (known: ${ALL.join(', ')})`);
  log(`── bench:${name}`);
  const t0 = performance.now();
  const p = Bun.spawn([process.execPath, join(ROOT, 'bench', `${name}.ts`)], {
    cwd: ROOT,
    stdout: 'inherit',
    stderr: 'inherit',
    env: process.env,
  });
  const code = await p.exited;
  const seconds = Math.round((performance.now() - t0) / 1000);
  outcome.push({ name, ok: code === 0, seconds });
  log(`── bench:${name} ${code === 0 ? 'done' : `FAILED (${code})`} in ${seconds} s`);
}
log(`all benches in ${Math.round((performance.now() - started) / 1000)} s:`);
for (const o of outcome) log(`  ${o.ok ? 'ok    ' : 'FAILED'} ${o.name} (${o.seconds} s)`);
process.exit(outcome.every((o) => o.ok) ? 0 : 1);
