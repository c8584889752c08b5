/**
 * System control (spec 3 §2 System controller, §3 Process monitor / System data, §4, §7 `POST /systemcontrol/`,
 * `GET /adjustDb/`; issue 22). The spec's product drives pm2 on one server; ours shows every API and worker process
 * of every host from a process registry. Shapes and choices: docs/DECISIONS.md "System control (issue 22)".
 */
import { z } from 'zod';

/** the spec's five actions (spec 3 §4, §7) */
export const SYSTEM_CONTROL_ACTIONS = [
  'restart',
  'update',
  'getPm2Info',
  'getSystemResources',
  'reprocessRecentMessages',
] as const;
export type SystemControlAction = (typeof SYSTEM_CONTROL_ACTIONS)[number];

/** reprocessRecentMessages looks back this many minutes unless told (and never more than a day) */
export const REPROCESS_RECENT_DEFAULT_MINUTES = 30;
export const REPROCESS_RECENT_MAX_MINUTES = 24 * 60;

/** the process roles the registry knows: `embedded` is the single process of `npm start` (API + jobs) */
export const PROCESS_ROLES = ['api', 'worker', 'embedded'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export const SystemControlBody = z.object({
  action: z.enum(SYSTEM_CONTROL_ACTIONS, { error: 'Ação inválida' }),
  /** restart: the process's id (pm2Info[].id); absent = every process */
  id: z.string().trim().min(1).max(200).optional(),
  /** reprocessRecentMessages: how far back, in minutes */
  minutes: z.coerce.number().int().min(1).max(REPROCESS_RECENT_MAX_MINUTES).optional(),
});
export type SystemControlBody = z.infer<typeof SystemControlBody>;

/** One process of the process monitor: pm2's list (name, cpu, memory, uptime, restarts) plus our fields. */
export type ProcessInfoDto = {
  /** unique while it lives: `<host>:<pid>` */
  id: string;
  /** stable across restarts: PROCESS_NAME, else `<role>@<host>[:<port>]` */
  name: string;
  role: ProcessRole;
  host: string;
  pid: number;
  version: string;
  status: 'online' | 'stopping';
  /** ISO instant the process started */
  startedAt: string;
  /** ms since it started */
  uptime: number;
  restarts: number;
  /** percent of one core over the last report interval (pm2's cpu) */
  cpu: number;
  /** resident set size, bytes (pm2's memory) */
  memory: number;
  eventLoopLagMs: number;
  jobsRunning: number;
  /** WhatsApp sessions this process owns */
  sessions: number;
  /** ISO instant of its last report */
  reportedAt: string;
  /** the process that answered this request */
  self: boolean;
  /** a supervisor starts it again after a restart (npm start, compose: SUPERVISED=1); others are never restarted */
  supervised: boolean;
};

/** One host of the system data (spec 3 §3: disk total/available, memory total/free, cpu load and per core). */
export type HostInfoDto = {
  host: string;
  /** the data directory's file system, bytes */
  disk: { path: string; total: number; available: number };
  /** bytes; free = what the OS can hand out now (MemAvailable) */
  memory: { total: number; free: number };
  /** percent (0–100) over the last report interval: the whole host and each core */
  cpu: { currentLoad: number; cores: number[]; loadAvg: [number, number, number] };
  reportedAt: string;
};

export type SystemResourcesDto = { pm2Info: ProcessInfoDto[]; systemInfo: HostInfoDto[] };

/** the spec's gauges (spec 3 §9): CPU max 100 %, memory max 2048 MiB per process */
export const MONITOR_GAUGES = { cpuMaxPercent: 100, memoryMaxMiB: 2048 } as const;
/** the screen polls the resources every 2.5 s, 100 times (spec 3 §9) */
export const RESOURCE_POLL = { everyMs: 2_500, times: 100 } as const;

/**
 * restart: the processes asked to restart (each drains and exits; its supervisor starts it again), and those left
 * running because nothing would start them again (a bare `bun api/src/server.ts`)
 */
export type RestartAnswerDto = {
  restarting: { id: string; name: string }[];
  unsupervised: { id: string; name: string }[];
};

/**
 * update: what runs, what is available and how to update — never run from the browser (no shell from a web request):
 * the operator runs `commands` on the hosts. `latest` is null when no UPDATE_CHECK_URL is set or it did not answer.
 */
export type UpdateInfoDto = {
  running: string;
  latest: string | null;
  updateAvailable: boolean | null;
  checkError: string | null;
  mode: 'embedded' | 'scaled';
  commands: string[];
};

/** reprocessRecentMessages: the pipeline's counts (produced a message; handled with a note; failed again) */
export type ReprocessRecentDto = {
  minutes: number;
  found: number;
  produced: number;
  noted: number;
  failed: number;
  /** more were waiting than one call reprocesses: call again */
  truncated: boolean;
};

/** POST /systemcontrol/ answers, by action */
export type SystemControlAnswer =
  | { resources: SystemResourcesDto }
  | { restart: RestartAnswerDto }
  | { update: UpdateInfoDto }
  | { reprocessed: ReprocessRecentDto };

/** GET /adjustDb/: non-destructive maintenance (pending migrations check, ANALYZE, table sizes) */
export type AdjustDbDto = {
  migrations: { applied: number; known: number; pending: string[] };
  analyzed: boolean;
  databaseBytes: number;
  tables: { name: string; rows: number; totalBytes: number }[];
  durationMs: number;
};
