import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import Redis from 'ioredis';
import { log } from '../log';
import { isUnavailableError, rootMessage } from '../unavailable';
import type { SessionOwnership } from './ownership';

/**
 * Session ownership across processes: a renewable lease per connection in Redis.
 *
 * - acquire: `SET key token NX PX lease` (or, when we already hold it, a compare-and-pexpire).
 * - renew: every `renewMs` (and at once when Redis comes back) a Lua compare-and-pexpire per held lease — a lease
 *   that Redis lost (restarted without persistence) is set again for us, nobody else holding it —; a lease found under another token (we were
 *   paused past the lease, another process took over) fires `onLost`, and so does a lease we could not confirm
 *   for `lease − renewMs` (Redis unreachable): we stop before the key can expire, so two processes never run the
 *   same WhatsApp session, even across a network partition.
 * - release: compare-and-del, so a late release never deletes another process's lease.
 * - orphans: a dead process stops renewing; its keys expire after `leaseMs` and `watchOrphans` (every `scanMs`)
 *   lets a live process claim them: takeover within lease + scan (20 s + 5 s worst case by default).
 */
export type RedisOwnershipOptions = {
  /** a Redis URL (a dedicated client is created and closed with this instance) or an ioredis client (left open) */
  redis: string | Redis;
  leaseMs?: number;
  renewMs?: number;
  scanMs?: number;
  keyPrefix?: string;
  /** owner identity written in the key (diagnostics); a random suffix keeps two instances in one process apart */
  ownerId?: string;
};

/** lease + scan must stay under 30 s: the spec's takeover bound counts from the owner's death */
export const DEFAULT_LEASE_MS = 20_000;
export const DEFAULT_SCAN_MS = 5_000;
export const DEFAULT_KEY_PREFIX = 'zapdesk:session-lease:';

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/**
 * Renewal: extend our lease; a lease that is GONE (Redis restarted without persistence, or it expired while nobody
 * took it) is set again for us (2) — nobody else holds it, so we keep running instead of stopping the session and
 * leaving it to an orphan scan; a lease under another token answers 0 (lost).
 */
const RENEW_OR_RECLAIM = `local v = redis.call('get', KEYS[1])
if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 2 end
return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisOwnership implements SessionOwnership {
  readonly token: string;
  readonly leaseMs: number;
  readonly renewMs: number;
  readonly scanMs: number;
  private readonly prefix: string;
  private readonly redis: Redis;
  private readonly ownsClient: boolean;
  /** connId → last time (ms, local clock) Redis confirmed our lease */
  private readonly held = new Map<number, number>();
  private readonly lostCallbacks: ((connId: number) => void)[] = [];
  private renewTimer: ReturnType<typeof setInterval> | undefined;
  private scanTimers = new Set<ReturnType<typeof setInterval>>();
  private renewing = false;
  private connectedOnce = false;
  private reconnectedAt = 0;
  private closed = false;

  constructor(opts: RedisOwnershipOptions) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewMs = opts.renewMs ?? Math.max(50, Math.floor(this.leaseMs / 3));
    this.scanMs = opts.scanMs ?? Math.min(DEFAULT_SCAN_MS, this.leaseMs);
    if (this.renewMs >= this.leaseMs) throw new Error('RedisOwnership: renewMs must be shorter than leaseMs');
    this.prefix = opts.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.token = `${opts.ownerId ?? `${hostname()}:${process.pid}`}:${randomBytes(6).toString('hex')}`;
    if (typeof opts.redis === 'string') {
      this.redis = new Redis(opts.redis, { maxRetriesPerRequest: 1, connectionName: 'session-lease' });
      this.ownsClient = true;
    } else {
      this.redis = opts.redis;
      this.ownsClient = false;
    }
    this.redis.on('error', (err) => log.warn({ err: err.message }, 'session lease: redis error'));
    // back from a Redis outage (a restart may have lost every key): confirm or re-take our leases at once, before
    // another process's orphan scan sees them free
    this.redis.on('ready', () => {
      if (this.connectedOnce) this.reconnectedAt = Date.now();
      this.connectedOnce = true;
      if (this.held.size > 0) void this.renewAll();
    });
  }

  /**
   * Redis came back less than a lease ago: a lease it lost may not be re-taken by its (live) owner yet, so a free
   * lease does not mean nobody runs the session. Meanwhile orphans are not claimed, and the relay answers "retry
   * later" (503) instead of "not running" for a session without a holder.
   */
  settling(): boolean {
    return this.reconnectedAt > 0 && Date.now() - this.reconnectedAt < this.leaseMs;
  }

  private key(connId: number): string {
    return `${this.prefix}${connId}`;
  }

  /** whether this instance believes it holds the lease (confirmed within the lease window) */
  owns(connId: number): boolean {
    return this.held.has(connId);
  }

  ownedIds(): number[] {
    return [...this.held.keys()];
  }

  /** the token currently holding the connection's lease in Redis (null when free) */
  async holder(connId: number): Promise<string | null> {
    return this.redis.get(this.key(connId));
  }

  async acquire(connId: number): Promise<boolean> {
    if (this.closed) return false;
    const key = this.key(connId);
    const startedAt = Date.now();
    let ok = (await this.redis.set(key, this.token, 'PX', this.leaseMs, 'NX')) === 'OK';
    // already ours (a restart of the same session): extend instead of refusing ourselves
    if (!ok) ok = (await this.redis.eval(RENEW, 1, key, this.token, String(this.leaseMs))) === 1;
    if (ok) {
      this.held.set(connId, startedAt);
      this.ensureRenewal();
    }
    return ok;
  }

  async release(connId: number): Promise<void> {
    this.held.delete(connId);
    await this.redis.eval(RELEASE, 1, this.key(connId), this.token);
  }

  onLost(cb: (connId: number) => void): void {
    this.lostCallbacks.push(cb);
  }

  /** Tries to take each candidate this instance does not hold; answers the ones it now owns. */
  async claimOrphans(candidateIds: readonly number[]): Promise<number[]> {
    const won: number[] = [];
    const others = candidateIds.filter((id) => !this.held.has(id));
    if (others.length === 0 || this.closed || this.settling()) return won;
    // one round trip to skip the leases that are alive: a scan of many connections stays cheap
    const pipe = this.redis.pipeline();
    for (const id of others) pipe.exists(this.key(id));
    const alive = (await pipe.exec()) ?? [];
    const free = others.filter((_, i) => {
      const [err, n] = alive[i] ?? [null, 0];
      return !!err || n === 0;
    });
    for (const id of free) {
      // Redis came back while we looked: its free leases may be our peers' lost ones, about to be re-taken
      if (this.closed || this.settling()) break;
      try {
        if (await this.acquire(id)) won.push(id);
      } catch (err) {
        log.warn({ err, connId: id }, 'session lease: claim failed');
      }
    }
    return won;
  }

  /**
   * Every `scanMs`, asks `candidates()` for the connections that should be running somewhere (e.g. not
   * DISCONNECTED) and claims those whose lease is free; `onClaim` then starts the session here. Returns a stop fn.
   */
  watchOrphans(
    candidates: () => readonly number[] | Promise<readonly number[]>,
    onClaim: (connId: number) => void | Promise<void>,
  ): () => void {
    let running = false;
    const tick = async () => {
      if (running || this.closed) return;
      running = true;
      try {
        const won = await this.claimOrphans(await candidates());
        for (const id of won) {
          try {
            await onClaim(id);
          } catch (err) {
            log.error({ err, connId: id }, 'session lease: starting a claimed session failed');
            await this.release(id).catch(() => {});
          }
        }
      } catch (err) {
        log.warn({ err: isUnavailableError(err) ? rootMessage(err) : err }, 'session lease: orphan scan failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(tick, this.scanMs);
    timer.unref?.();
    this.scanTimers.add(timer);
    void tick();
    return () => {
      clearInterval(timer);
      this.scanTimers.delete(timer);
    };
  }

  private ensureRenewal(): void {
    if (this.renewTimer || this.closed) return;
    this.renewTimer = setInterval(() => void this.renewAll(), this.renewMs);
    this.renewTimer.unref?.();
  }

  private lose(connId: number, why: string): void {
    if (!this.held.delete(connId)) return;
    log.warn({ connId, why, token: this.token }, 'session lease lost');
    for (const cb of this.lostCallbacks) {
      try {
        cb(connId);
      } catch (err) {
        log.error({ err, connId }, 'session lease: onLost callback failed');
      }
    }
  }

  /** one renewal round (exposed for tests); Lua per key keeps compare-and-extend atomic */
  async renewAll(): Promise<void> {
    if (this.renewing || this.closed) return;
    this.renewing = true;
    try {
      const ids = [...this.held.keys()];
      if (ids.length === 0) return;
      const sentAt = Date.now();
      const pipe = this.redis.pipeline();
      for (const id of ids) pipe.eval(RENEW_OR_RECLAIM, 1, this.key(id), this.token, String(this.leaseMs));
      let results: [Error | null, unknown][] | null = null;
      try {
        results = await pipe.exec();
      } catch (err) {
        log.warn({ err }, 'session lease: renewal round failed');
      }
      for (const [i, id] of ids.entries()) {
        if (!this.held.has(id)) continue; // released meanwhile
        const [err, value] = results?.[i] ?? [new Error('no reply'), null];
        if (!err && (value === 1 || value === 2)) {
          this.held.set(id, sentAt);
          if (value === 2) log.warn({ connId: id, token: this.token }, 'session lease was gone from Redis: re-taken');
        } else if (!err && value === 0) this.lose(id, 'taken-or-expired');
        // unconfirmed: keep running only while the last confirmed lease is surely still ours
        else if (Date.now() - (this.held.get(id) ?? 0) >= this.leaseMs - this.renewMs) this.lose(id, 'unconfirmed');
      }
    } finally {
      this.renewing = false;
    }
  }

  /** Stops timers without releasing anything: what a crashed process leaves behind (tests). */
  abandon(): void {
    this.closed = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    for (const t of this.scanTimers) clearInterval(t);
    this.scanTimers.clear();
    this.held.clear();
  }

  async close(): Promise<void> {
    if (this.closed && this.held.size === 0) {
      if (this.ownsClient) this.redis.disconnect();
      return;
    }
    const ids = [...this.held.keys()];
    this.abandon();
    await Promise.all(ids.map((id) => this.redis.eval(RELEASE, 1, this.key(id), this.token).catch(() => {})));
    if (this.ownsClient) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
