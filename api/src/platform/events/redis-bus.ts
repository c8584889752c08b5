import Redis from 'ioredis';
import { log } from '../log';
import { nextEventId } from './memory-bus';
import type { AppEvent, EventBus, NewEvent } from './types';

export type RedisEventBusOptions = {
  /** prefix of the pub/sub channel name; tests use a random one so parallel runs don't see each other */
  prefix?: string;
};

function isAppEvent(v: unknown): v is AppEvent {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.companyId === 'number' &&
    typeof e.channel === 'string' &&
    !!e.data &&
    typeof e.data === 'object' &&
    typeof (e.data as Record<string, unknown>).action === 'string'
  );
}

/**
 * Events across API processes: every process publishes to, and subscribes to, ONE Redis pub/sub channel.
 * Local listeners are fed from Redis too (not short-circuited), so every process sees every event in the same
 * order — Redis's — which is what lets an SSE client resume on any process with its Last-Event-ID.
 * One connection publishes (commands on one connection keep their order, hence ordering per publisher); a second one
 * is in subscriber mode, as Redis requires.
 */
export class RedisEventBus implements EventBus {
  readonly channel: string;
  /** resolves once the subscription is active; publish() waits for it so a process sees its own first events */
  readonly ready: Promise<void>;
  private pub: Redis;
  private sub: Redis;
  private listeners = new Set<(e: AppEvent) => void>();
  private closed = false;

  constructor(url: string, opts: RedisEventBusOptions = {}) {
    this.channel = `${opts.prefix ?? 'zapdesk:'}events`;
    // maxRetriesPerRequest: null keeps publishes queued through a Redis restart instead of failing them
    this.pub = new Redis(url, { maxRetriesPerRequest: null, connectionName: 'zapdesk-events-pub' });
    this.sub = new Redis(url, { maxRetriesPerRequest: null, connectionName: 'zapdesk-events-sub' });
    this.pub.on('error', (err) => log.warn({ err: err.message }, 'redis events publisher error'));
    this.sub.on('error', (err) => log.warn({ err: err.message }, 'redis events subscriber error'));
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel === this.channel) this.deliver(raw);
    });
    // ioredis re-subscribes by itself after a reconnect (autoResubscribe)
    this.ready = this.sub.subscribe(this.channel).then(() => undefined);
    this.ready.catch(() => {});
  }

  private deliver(raw: string): void {
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      log.warn({ channel: this.channel }, 'dropping a malformed event from redis');
      return;
    }
    if (!isAppEvent(event)) {
      log.warn({ channel: this.channel }, 'dropping an event without id/companyId/channel/action from redis');
      return;
    }
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        log.error({ err }, 'event listener failed');
      }
    }
  }

  async publish(event: NewEvent): Promise<AppEvent> {
    if (this.closed) throw new Error('event bus closed');
    await this.ready;
    const full: AppEvent = { ...event, id: nextEventId() };
    await this.pub.publish(this.channel, JSON.stringify(full));
    return full;
  }

  subscribe(listener: (e: AppEvent) => void): () => void {
    if (this.closed) return () => {};
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

/** A Redis bus whose subscription is active. */
export async function connectRedisEventBus(url: string, opts: RedisEventBusOptions = {}): Promise<RedisEventBus> {
  const bus = new RedisEventBus(url, opts);
  try {
    await bus.ready;
  } catch (err) {
    await bus.close();
    throw err;
  }
  return bus;
}
