import {
  type AdjustDbDto,
  DomainError,
  REPROCESS_RECENT_DEFAULT_MINUTES,
  type RestartAnswerDto,
  type SystemControlAnswer,
  type SystemControlBody,
  type SystemResourcesDto,
  systemResources,
  type UpdateInfoDto,
} from '@zapdesk/core';
import { clock } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { APP_VERSION, processReporter } from '../../platform/processes/reporter';
import { reprocessRecentRawLogs } from '../pipeline/pipeline.service';
import {
  knownMigrations,
  unsafeAnalyzeDatabase,
  unsafeAppliedMigrationInstants,
  unsafeDatabaseSize,
  unsafeTableSizes,
} from './system-control.repo';

const UPDATE_CHECK_TIMEOUT_MS = 3_000;

/** getPm2Info / getSystemResources: every live process of every host, from the registry */
export async function readResources(): Promise<SystemResourcesDto> {
  const r = processReporter();
  if (!r) return { pm2Info: [], systemInfo: [] };
  // this process's own numbers are fresh: its report is written now (the others' are at most one interval old)
  await r.tick();
  return systemResources(await r.store.list(), clock().now(), r.id);
}

async function restart(id: string | undefined): Promise<RestartAnswerDto> {
  const r = processReporter();
  const live = r ? (await r.store.list()).filter((p) => p.status === 'online') : [];
  const targets = id === undefined ? live : live.filter((p) => p.id === id);
  if (id !== undefined && !targets.length) throw new DomainError('ERR_NOT_FOUND');
  // a process nothing would start again (a bare `bun api/src/server.ts`) is left running: a click must not be an outage
  const restarting = targets.filter((p) => p.supervised);
  // each process takes its request at its next report (≤ one interval): it stops taking work, finishes its jobs in
  // flight and exits with the restart code; its supervisor starts it again (npm start, compose's restart policy)
  for (const t of restarting) await r!.store.requestRestart(t.id);
  log.warn({ ids: restarting.map((t) => t.id) }, 'system control: restart requested');
  const brief = (p: { id: string; name: string }) => ({ id: p.id, name: p.name });
  return { restarting: restarting.map(brief), unsupervised: targets.filter((p) => !p.supervised).map(brief) };
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** update: decision in docs/DECISIONS.md "System control (issue 22)" — report and explain, never run a shell */
async function updateInfo(): Promise<UpdateInfoDto> {
  const env = platform().env;
  const mode = env.redisUrl || env.databaseUrl ? 'scaled' : 'embedded';
  const commands =
    mode === 'embedded'
      ? ['git pull --ff-only', 'npm start']
      : ['git pull --ff-only', 'docker compose up -d --build --force-recreate api worker'];
  let latest: string | null = null;
  let checkError: string | null = null;
  if (env.updateCheckUrl) {
    try {
      const res = await fetch(env.updateCheckUrl, { signal: AbortSignal.timeout(UPDATE_CHECK_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`update check answered HTTP ${res.status}`);
      const body = (await res.json()) as { version?: unknown };
      if (typeof body?.version !== 'string') throw new Error('update check: no "version" in the answer');
      latest = body.version.slice(0, 50);
    } catch (err) {
      checkError = err instanceof Error ? err.message.slice(0, 200) : 'update check failed';
    }
  }
  return {
    running: APP_VERSION,
    latest,
    updateAvailable: latest === null ? null : compareVersions(latest, APP_VERSION) > 0,
    checkError,
    mode,
    commands,
  };
}

/** POST /systemcontrol/ (spec 3 §7), master only */
export async function systemControl(ctx: UserCtx, body: SystemControlBody): Promise<SystemControlAnswer> {
  assertCan(ctx, 'systemControl');
  switch (body.action) {
    case 'getPm2Info':
    case 'getSystemResources':
      return { resources: await readResources() };
    case 'restart':
      return { restart: await restart(body.id) };
    case 'update':
      return { update: await updateInfo() };
    case 'reprocessRecentMessages': {
      // the pipeline's function is platform-wide and leaves the permission to its caller (checked above)
      const minutes = body.minutes ?? REPROCESS_RECENT_DEFAULT_MINUTES;
      return { reprocessed: { minutes, ...(await reprocessRecentRawLogs(minutes)) } };
    }
  }
}

/** GET /adjustDb/ (spec 3 §7), master only: pending migrations check, ANALYZE, table sizes — never destructive */
export async function adjustDb(ctx: UserCtx): Promise<{ adjustDb: AdjustDbDto }> {
  assertCan(ctx, 'systemControl');
  const started = performance.now();
  const applied = await unsafeAppliedMigrationInstants();
  const lastApplied = applied.length ? Math.max(...applied) : Number.NEGATIVE_INFINITY;
  const known = knownMigrations();
  // drizzle's migrator applies the journal's entries newer than the last applied one (created_at = the entry's when)
  const pending = known.filter((m) => m.when > lastApplied).map((m) => m.tag);
  await unsafeAnalyzeDatabase();
  const [tables, databaseBytes] = await Promise.all([unsafeTableSizes(), unsafeDatabaseSize()]);
  log.info({ pending, tables: tables.length }, 'system control: adjustDb');
  return {
    adjustDb: {
      migrations: { applied: applied.length, known: known.length, pending },
      analyzed: true,
      databaseBytes,
      tables,
      durationMs: Math.round(performance.now() - started),
    },
  };
}
