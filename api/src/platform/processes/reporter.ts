import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type ProcessReport, type ProcessRole, reportTtlMs } from '@zapdesk/core';
import { sessionManager } from '../channels/session-manager';
import { clock } from '../clock';
import { type Platform, platform, shutdownPlatform } from '../index';
import { runningJobs } from '../jobs/running';
import { log } from '../log';
import { HostSampler, ProcessSampler } from './os-sample';
import { DbProcessStore, MemoryProcessStore, type ProcessStore, RedisProcessStore } from './store';

/**
 * The exit code of a graceful restart: the supervisor (`npm start`'s scripts/run.mjs, compose's restart policy)
 * starts the process again at once. scripts/run.mjs repeats the number.
 */
export const RESTART_EXIT_CODE = 75;

function readVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  try {
    const pkg = JSON.parse(readFileSync(join(import.meta.dir, '../../../../package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** the version this process runs (root package.json `version`, or APP_VERSION) */
export const APP_VERSION = readVersion();

export type ReporterOptions = {
  role: ProcessRole;
  /** the HTTP port (API processes): part of the default name */
  port?: number;
  intervalMs: number;
  store: ProcessStore;
  /** asked to restart (restart action): stop taking work, finish jobs in flight, exit with RESTART_EXIT_CODE */
  onRestart: () => void;
  name?: string;
  /** the file system whose size the host reports */
  diskPath: string;
  /** restarts told by the supervisor (ZAPDESK_RESTARTS, set by scripts/run.mjs); else the store's start count */
  supervisorRestarts?: number;
  /** a supervisor starts this process again when it exits (ZAPDESK_RESTARTS or SUPERVISED=1 in its environment) */
  supervised: boolean;
};

/**
 * One process's reporter: every interval it writes its report (ttl = 3 intervals) and takes a pending restart
 * request. The timer is a real-time interval, not a job: it measures this process, and must run while the jobs
 * runner drains or is down.
 */
export class ProcessReporter {
  readonly id = `${hostname()}:${process.pid}`;
  readonly name: string;
  /** when the process started (not the reporter): boot, migrations and seeding count in its uptime */
  readonly startedAt = new Date(clock().now() - process.uptime() * 1000).toISOString();
  private restarts = 0;
  private status: ProcessReport['status'] = 'online';
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly host: HostSampler;
  private readonly proc = new ProcessSampler();
  private restartAsked = false;
  private ticking: Promise<void> | undefined;

  constructor(private readonly opts: ReporterOptions) {
    this.name = opts.name ?? `${opts.role}@${hostname()}${opts.port ? `:${opts.port}` : ''}`;
    this.host = new HostSampler(opts.diskPath);
  }

  get store(): ProcessStore {
    return this.opts.store;
  }

  async start(): Promise<void> {
    const counted = await this.opts.store.countStart(this.name).catch(() => 0);
    this.restarts = this.opts.supervisorRestarts ?? counted;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.intervalMs);
    this.timer.unref?.();
  }

  /** the report now (also used by tests instead of waiting for the interval) */
  async snapshot(): Promise<ProcessReport> {
    const reportedAt = new Date(clock().now()).toISOString();
    const p = this.proc.sample();
    let sessions = 0;
    try {
      sessions = sessionManager().liveConnectionIds().length;
    } catch {
      // platform not booted (shutting down)
    }
    return {
      id: this.id,
      name: this.name,
      role: this.opts.role,
      host: hostname(),
      pid: process.pid,
      version: APP_VERSION,
      status: this.status,
      startedAt: this.startedAt,
      restarts: this.restarts,
      cpu: p.cpu,
      memory: p.memory,
      eventLoopLagMs: p.eventLoopLagMs,
      jobsRunning: runningJobs(),
      sessions,
      reportedAt,
      supervised: this.opts.supervised,
      ttlMs: reportTtlMs(this.opts.intervalMs),
      hostInfo: await this.host.sample(reportedAt),
    };
  }

  tick(): Promise<void> {
    // one report at a time: a slow store never piles reports up
    this.ticking ??= this.report().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async report(): Promise<void> {
    try {
      await this.opts.store.put(await this.snapshot());
      if (this.status === 'online' && !this.restartAsked && (await this.opts.store.takeRestartRequest(this.id))) {
        this.restartAsked = true;
        log.warn({ id: this.id, name: this.name }, 'restart requested from the system control');
        this.opts.onRestart();
      }
    } catch (err) {
      log.warn({ err }, 'process registry: report failed');
    }
  }

  /** shown as stopping while it drains */
  async markStopping(): Promise<void> {
    this.status = 'stopping';
    await this.tick();
  }

  /** Stops reporting and removes this process's entry from the store at once (not left to expire). Once. */
  stop(): Promise<void> {
    this.stopped ??= this.stopReporting();
    return this.stopped;
  }
  private stopped: Promise<void> | undefined;

  private async stopReporting(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    this.proc.stop();
    await this.opts.store
      .remove(this.id)
      .catch((err) => log.warn({ err, id: this.id }, 'process registry: entry not removed; it expires'));
    await this.opts.store.close().catch(() => {});
  }
}

/**
 * A clean stop of a reporting process (SIGINT/SIGTERM, a restart asked from the system control): listed as stopping
 * while the platform drains (jobs in flight finish), then its entry is removed from the store at once — before the
 * database closes, which the database store needs — instead of lingering until its ttl.
 */
export async function shutdownReportingProcess(
  reporter: ProcessReporter,
  shutdown: typeof shutdownPlatform = shutdownPlatform,
): Promise<void> {
  await reporter.markStopping();
  try {
    await shutdown({ beforeDatabaseCloses: () => reporter.stop() });
  } finally {
    // the shutdown failed before that step: remove it anyway (best effort)
    await reporter.stop();
  }
}

const reporters = new WeakMap<Platform, ProcessReporter>();

/** The reporter of the current platform's process, when one runs (server, worker; tests start their own). */
export function processReporter(p: Platform = platform()): ProcessReporter | undefined {
  return reporters.get(p);
}

/** The store for this environment: Redis with REDIS_URL, the database with DATABASE_URL alone, else memory. */
export function processStoreFor(env: Platform['env']): ProcessStore {
  if (env.redisUrl) return new RedisProcessStore(env.redisUrl, env.redisPrefix);
  return env.databaseUrl ? new DbProcessStore() : new MemoryProcessStore();
}

/**
 * Starts reporting this process (server.ts, worker.ts; tests with their own store). The caller stops it after
 * shutdownPlatform(), so a draining process stays listed (as stopping) until its jobs in flight are done.
 */
export async function startProcessReporter(
  opts: Omit<ReporterOptions, 'store' | 'intervalMs' | 'diskPath' | 'name' | 'supervised'> &
    Partial<Pick<ReporterOptions, 'store' | 'intervalMs' | 'diskPath' | 'name' | 'supervised'>>,
): Promise<ProcessReporter> {
  const p = platform();
  const supervised = process.env.ZAPDESK_RESTARTS ? Number(process.env.ZAPDESK_RESTARTS) : Number.NaN;
  const r = new ProcessReporter({
    ...opts,
    store: opts.store ?? processStoreFor(p.env),
    intervalMs: opts.intervalMs ?? p.env.processReportMs,
    diskPath: opts.diskPath ?? p.env.dataDir,
    name: opts.name ?? p.env.processName,
    supervisorRestarts: opts.supervisorRestarts ?? (Number.isInteger(supervised) ? supervised : undefined),
    supervised: opts.supervised ?? (Number.isInteger(supervised) || process.env.SUPERVISED === '1'),
  });
  reporters.set(p, r);
  await r.start();
  return r;
}
