import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { log } from '../../platform/log';
import { type Exec, embeddedDb, holdAdvisoryLock, tryAdvisoryXactLock } from './campaign-engine.repo';

/**
 * Which process claimed a dispatch, and whether it still lives. Each process has a random id written in
 * `campaign_dispatches.claimed_by`; with PostgreSQL it holds a session advisory lock keyed by that id on a reserved
 * connection for its whole life. The lock goes when the process dies (its connection closes), so another process
 * that can take the lock (`pg_try_advisory_xact_lock`) knows the claimer is dead. The embedded PGlite database
 * serves one process: a claim by another id is a previous run's.
 */
const LIVENESS_CLASS = 0x43414d57; // 'CAMW'

const id = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;

export const workerId = (): string => id;

/** A 31-bit key of a worker id (the advisory lock's second key). */
export function workerKey(worker: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < worker.length; i++) {
    h ^= worker.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff;
}

let lock: Awaited<ReturnType<typeof holdAdvisoryLock>> = null;
let holding: Promise<void> | undefined;
let checkedAt = 0;
const RECHECK_MS = 2_000;

/** Takes this process's liveness lock (PostgreSQL); once per process. */
export function holdLiveness(): Promise<void> {
  holding ??= (async () => {
    lock = await holdAdvisoryLock(LIVENESS_CLASS, workerKey(id));
    if (lock) log.debug({ worker: id }, 'campaigns: liveness lock held');
  })().catch((err) => {
    holding = undefined;
    throw err;
  });
  return holding;
}

/**
 * Before claiming: this process still holds its liveness lock (checked at most every 2 s). A lock lost with its
 * connection (database restart) is taken again — otherwise other processes would take every claim of ours for a
 * dead process's. Answers false when it cannot be held now (then claim nothing).
 */
export async function ensureLiveness(): Promise<boolean> {
  if (embeddedDb()) return true;
  await holdLiveness();
  if (!lock) return true;
  const t = performance.now();
  if (t - checkedAt < RECHECK_MS) return true;
  if (await lock.held()) {
    checkedAt = t;
    return true;
  }
  log.warn({ worker: id }, 'campaigns: liveness lock lost; taking it again');
  lock.release();
  lock = null;
  holding = undefined;
  try {
    await holdLiveness();
    checkedAt = performance.now();
    return true;
  } catch (err) {
    log.error({ err }, 'campaigns: liveness lock not available');
    return false;
  }
}

/** Whether the worker that claimed a dispatch still runs. Call inside a transaction (the probe lock ends with it). */
export async function isWorkerAlive(tx: Exec, worker: string | null): Promise<boolean> {
  if (worker === id) return true;
  if (!worker || embeddedDb()) return false;
  return !(await tryAdvisoryXactLock(tx, LIVENESS_CLASS, workerKey(worker)));
}
