import { type Channel, type EventPayload, ticketScopeOf } from '@zapdesk/core';
import { type DbHandle, openDb, setDb } from './db';
import { type Env, loadEnv } from './env';
import { MemoryEventBus } from './events/memory-bus';
import type { EventBus, NewEvent } from './events/types';
import { DbJobs } from './jobs/db-jobs';
import type { Jobs } from './jobs/types';
import { log } from './log';

/**
 * The process's adapters behind their ports. Created once by boot() (server, worker, cli) or by the test harness.
 * Areas reach them through platform() / the helpers below, never by constructing adapters themselves.
 */
export type Platform = {
  env: Env;
  dbh: DbHandle;
  events: EventBus;
  jobs: Jobs;
  /** functions to run on shutdown, last registered first */
  onShutdown: (() => Promise<void> | void)[];
};

let current: Platform | undefined;

export function platform(): Platform {
  if (!current) throw new Error('platform not booted');
  return current;
}
export function setPlatform(p: Platform | undefined): void {
  current = p;
  setDb(p?.dbh);
}

/** A live event of core's catalogue: the channel decides the payload's type. */
export type CatalogueEvent<P extends EventPayload> = Omit<NewEvent, 'channel' | 'data' | 'ticket' | 'hidden'> & {
  channel: Channel<P>;
  data: NoInfer<P>;
};

/**
 * Publish an event of core's catalogue (`events.ticket.of(companyId)`, …) to the company's users (SSE). For ticket
 * channels the catalogue names the ticket, so the stream delivers it only to users who may see that ticket.
 */
export function emit<P extends EventPayload>(event: CatalogueEvent<P>): void {
  const scope = ticketScopeOf(event.channel);
  const t = scope?.ticketOf(event.data);
  publishEvent(
    scope && t
      ? {
          ...event,
          ticket: { status: t.status, userId: t.userId, queueId: t.queueId },
          hidden: scope.hidden(event.data) ?? undefined,
        }
      : event,
  );
}

/** The bus itself, for the stream's own control events (and tests): no catalogue, no visibility. */
export function publishEvent(event: NewEvent): void {
  platform()
    .events.publish(event)
    .catch((err) => log.error({ err, channel: event.channel }, 'event publish failed'));
}

export type BootOptions = {
  env?: Env;
  dbh?: DbHandle;
  events?: EventBus;
  jobs?: Jobs;
  migrate?: boolean;
};

export async function bootPlatform(opts: BootOptions = {}): Promise<Platform> {
  const env = opts.env ?? loadEnv();
  const dbh = opts.dbh ?? (await openDb({ url: env.databaseUrl, dataDir: env.dataDir }));
  if (opts.migrate !== false) await dbh.migrate();
  const events = opts.events ?? new MemoryEventBus();
  // the embedded runner on this platform's database (tests get the real runner on their cloned database)
  const jobs = opts.jobs ?? new DbJobs();
  const p: Platform = { env, dbh, events, jobs, onShutdown: [] };
  setPlatform(p);
  return p;
}

/**
 * Stops the areas (onShutdown, last registered first), the jobs runner (it waits for the jobs in flight), the events,
 * then `beforeDatabaseCloses` (the process registry removes this process's entry: the database store needs the
 * database), then the database.
 */
export async function shutdownPlatform(opts: { beforeDatabaseCloses?: () => Promise<void> } = {}): Promise<void> {
  const p = current;
  if (!p) return;
  for (const fn of [...p.onShutdown].reverse()) {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, 'shutdown step failed');
    }
  }
  await p.jobs.close();
  await p.events.close();
  if (opts.beforeDatabaseCloses) {
    await opts.beforeDatabaseCloses().catch((err) => log.error({ err }, 'shutdown step failed'));
  }
  await p.dbh.close();
  setPlatform(undefined);
}
