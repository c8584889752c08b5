import { execSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';

export const ROOT = resolve(import.meta.dir, '../..');
export const RESULTS_DIR = join(ROOT, 'bench/results');
export const PERFORMANCE_MD = join(ROOT, 'docs/PERFORMANCE.md');
/** the local server of this machine (trust auth); every bench works in its own throwaway database on it */
export const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 18980);
export const BENCH_WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 13900);
export const BENCH_DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/h13-data';
/** secrets shared by the bench (which signs tokens) and the API process it starts */
export const BENCH_SECRETS = {
  JWT_SECRET: 'bench-access-secret-0123456789-abcdefghijklmnopq',
  JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdefghijklmno',
};

/** A bench that finds its own result wrong stops the run with a non-zero exit. */
export class BenchFailure extends Error {}
export function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new BenchFailure(`validation failed: ${message}`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export type LatencySummary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };
export function summarize(values: number[]): LatencySummary {
  const s = [...values].sort((a, b) => a - b);
  const sum = s.reduce((a, b) => a + b, 0);
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1] ?? Number.NaN),
    mean: r(s.length ? sum / s.length : Number.NaN),
  };
}

function sh(cmd: string): string {
  try {
    return execSync(cmd, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

export type Machine = {
  date: string;
  cpu: string;
  cores: number;
  memGb: number;
  loadavg: number[];
  bun: string;
  postgres: string;
  commit: string;
};

export async function machineInfo(): Promise<Machine> {
  const c = cpus();
  let pgVersion = 'unreachable';
  const sql = postgres(PG_BASE, { max: 1, onnotice: () => {} });
  try {
    const [r] = await sql`show server_version`;
    pgVersion = String(r.server_version);
  } catch {
    // reported as unreachable
  } finally {
    await sql.end({ timeout: 1 });
  }
  const dirty = sh('git status --porcelain --untracked-files=no') ? '+dirty' : '';
  return {
    date: new Date().toISOString(),
    cpu: c[0]?.model ?? 'unknown',
    cores: c.length,
    memGb: Math.round(totalmem() / 2 ** 30),
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
    bun: Bun.version,
    postgres: pgVersion,
    commit: `${sh('git rev-parse --short HEAD') || 'unknown'}${dirty}`,
  };
}

export function machineLine(m: Machine): string {
  return `${m.date.slice(0, 16).replace('T', ' ')} UTC · ${m.cores}× ${m.cpu} · ${m.memGb} GB · load ${m.loadavg.join(' / ')} · Bun ${m.bun} · PostgreSQL ${m.postgres} · commit \`${m.commit}\``;
}

/** bench/results/<name>-<timestamp>.json (gitignored) */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, `${name}-latest.json`), `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export type Row = { metric: string; budget: string; measured: string; ok: boolean | null };

/** Appends one run's table under "## Runs" of docs/PERFORMANCE.md (the analysis above it is written by hand). */
export function appendRunTable(title: string, m: Machine, rows: Row[], notes: string[] = []): void {
  if (!existsSync(PERFORMANCE_MD)) writeFileSync(PERFORMANCE_MD, '# Performance\n\n## Runs\n');
  const text = readFileSync(PERFORMANCE_MD, 'utf8');
  if (!text.includes('\n## Runs')) appendFileSync(PERFORMANCE_MD, '\n## Runs\n');
  const mark = (ok: boolean | null) => (ok === null ? '—' : ok ? '✅' : '❌');
  const lines = [
    '',
    `### ${title} — ${m.date.slice(0, 10)}`,
    '',
    machineLine(m),
    '',
    '| metric | budget | measured | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.metric} | ${r.budget} | ${r.measured} | ${mark(r.ok)} |`),
    ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
    '',
  ];
  appendFileSync(PERFORMANCE_MD, lines.join('\n'));
}

/** `CREATE DATABASE zapdesk_bench_<tag>_<random>` on the local server; `drop()` at the end (also on failure). */
export async function throwawayDatabase(
  tag: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const { createThrowawayDatabase } = await import('../../api/src/test/services');
  return createThrowawayDatabase(PG_BASE, `zapdesk_bench_${tag}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function fmt(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return 'n/a';
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function log(...a: unknown[]): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
}
