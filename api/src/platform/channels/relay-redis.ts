import { randomBytes } from 'node:crypto';
import { DomainError, ERROR_STATUS, type ErrorCode } from '@zapdesk/core';
import Redis from 'ioredis';
import { log } from '../log';
import { isUnavailableError, serviceUnavailable } from '../unavailable';
import type { RelayTransport } from './relay';

/**
 * The relay over Redis. Each process subscribes to one channel named after its lease token (`<prefix><token>`):
 * requests for the sessions it owns and the answers to its own requests both arrive there. A caller reads the
 * holder of the connection's lease, PUBLISHes the request to the holder's channel and waits for the answer.
 *
 * - PUBLISH answers how many subscribers got the message: 0 means the holder is not listening (it died and its
 *   lease has not expired yet) → ERR_WAPP_NOT_INITIALIZED at once instead of waiting for the timeout.
 * - Bytes (media to send) do not ride in the pub/sub message: Redis cuts a subscriber whose output buffer passes
 *   32 MB (client-output-buffer-limit pubsub), and a WhatsApp document may be 100 MB. Blobs above 64 KB are written
 *   to their own key (SET PX, read and deleted by the receiver); smaller ones travel inline as base64.
 */
export type RedisRelayOptions = {
  /** a Redis URL (two dedicated clients, closed with the relay) */
  redis: string;
  /** this process's address: its lease token */
  address: string;
  /** channel / blob key prefix (default `zapdesk:session-relay:`) */
  prefix?: string;
  /** answers the lease holder of a connection (null when free) */
  holder(connId: number): Promise<string | null>;
  /** runs a request addressed to this process */
  handle(connId: number, op: string, args: unknown): Promise<unknown>;
  /**
   * whether Redis came back a moment ago: a holder not listening yet may be re-subscribing, so the caller is told
   * to retry (503) rather than that the session is not running
   */
  settling?(): boolean;
};

export const DEFAULT_RELAY_PREFIX = 'zapdesk:session-relay:';
const INLINE_MAX = 64 * 1024;

type Wire =
  | { t: 'req'; id: string; from: string; connId: number; op: string; args: unknown }
  | { t: 'res'; id: string; ok: true; value: unknown }
  | { t: 'res'; id: string; ok: false; error: { code?: string; message: string } };

type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  /** the holder's liveness probe while we wait */
  watch?: ReturnType<typeof setInterval>;
};

/**
 * While a request waits, how often the holder's channel is checked for a subscriber: a holder that died mid-request
 * (SIGKILL) never answers, and waiting out the timeout (2 min for a send) would keep its caller — e.g. a campaign
 * dispatch holding its connection — blocked that long.
 */
const HOLDER_CHECK_MS = 1_000;

/**
 * JSON with bytes and dates: Uint8Array → `{$b64}` (small) or `{$blob: key}` (large, written by the caller of
 * pack), Date → `{$date}`. Exported for the unit test.
 */
export function packValue(value: unknown, blobs: { key: string; data: Uint8Array }[], blobKey: () => string): unknown {
  if (value instanceof Uint8Array) {
    if (value.byteLength <= INLINE_MAX) {
      return { $b64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
    }
    const key = blobKey();
    blobs.push({ key, data: value });
    return { $blob: key };
  }
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map((v) => packValue(v, blobs, blobKey));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = packValue(v, blobs, blobKey);
    return out;
  }
  return value;
}

/** The inverse of packValue; `blobs` holds the bytes of the `$blob` keys found by `blobKeysOf`. */
export function unpackValue(value: unknown, blobs: Map<string, Uint8Array>): unknown {
  if (Array.isArray(value)) return value.map((v) => unpackValue(v, blobs));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.$b64 === 'string' && Object.keys(o).length === 1) return new Uint8Array(Buffer.from(o.$b64, 'base64'));
    if (typeof o.$date === 'string' && Object.keys(o).length === 1) return new Date(o.$date);
    if (typeof o.$blob === 'string' && Object.keys(o).length === 1) {
      const data = blobs.get(o.$blob);
      if (!data) throw new Error('relay: media bytes expired before they were read');
      return data;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = unpackValue(v, blobs);
    return out;
  }
  return value;
}

export function blobKeysOf(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) blobKeysOf(v, keys);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.$blob === 'string' && Object.keys(o).length === 1) keys.push(o.$blob);
    else for (const v of Object.values(o)) blobKeysOf(v, keys);
  }
  return keys;
}

function toWireError(err: unknown): { code?: string; message: string } {
  if (err instanceof DomainError) return { code: err.code, message: err.message };
  // the owner's database or Redis is unreachable: the caller answers 503 too, not a 500
  if (isUnavailableError(err)) return { code: 'ERR_SERVICE_UNAVAILABLE', message: serviceUnavailable().message };
  return { message: err instanceof Error ? err.message : String(err) };
}

function fromWireError(e: { code?: string; message: string }): Error {
  if (e.code && e.code in ERROR_STATUS) return new DomainError(e.code as ErrorCode, e.message);
  return new Error(e.message);
}

export class RedisRelay implements RelayTransport {
  readonly address: string;
  readonly ready: Promise<void>;
  private readonly prefix: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly pending = new Map<string, Pending>();
  private closed = false;

  constructor(private readonly opts: RedisRelayOptions) {
    this.address = opts.address;
    this.prefix = opts.prefix ?? DEFAULT_RELAY_PREFIX;
    // commands fail fast while Redis is away: a send must answer, not hang behind a reconnect
    this.pub = new Redis(opts.redis, { maxRetriesPerRequest: 1, connectionName: 'session-relay' });
    this.sub = new Redis(opts.redis, { maxRetriesPerRequest: null, connectionName: 'session-relay-sub' });
    this.pub.on('error', (err) => log.warn({ err: err.message }, 'session relay: redis error'));
    this.sub.on('error', (err) => log.warn({ err: err.message }, 'session relay: redis subscriber error'));
    const own = this.channelOf(this.address);
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel === own) void this.receive(raw);
    });
    // pub/sub keeps nothing for a disconnected subscriber: an answer published while our subscription is down is
    // lost for good, so the requests waiting now fail at once instead of at their timeout (up to minutes for a send,
    // blocking whoever awaits them — e.g. a worker's inbound batch sending greetings through a Redis restart)
    this.sub.on('close', () => this.failPending());
    this.ready = this.sub.subscribe(own).then(() => undefined);
    this.ready.catch(() => {});
  }

  private channelOf(address: string): string {
    return `${this.prefix}${address}`;
  }

  private newId(): string {
    return randomBytes(12).toString('hex');
  }

  async ownerElsewhere(connId: number): Promise<string | null> {
    const h = await this.opts.holder(connId);
    return h && h !== this.address ? h : null;
  }

  /** JSON of a message, its large blobs written to their own keys first */
  private async encode(msg: Wire, ttlMs: number): Promise<string> {
    const blobs: { key: string; data: Uint8Array }[] = [];
    const blobKey = () => `${this.prefix}blob:${this.newId()}`;
    const packed =
      msg.t === 'req'
        ? { ...msg, args: packValue(msg.args, blobs, blobKey) }
        : msg.ok
          ? { ...msg, value: packValue(msg.value, blobs, blobKey) }
          : msg;
    if (blobs.length) {
      const pipe = this.pub.pipeline();
      for (const b of blobs)
        pipe.set(b.key, Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength), 'PX', ttlMs);
      const results = (await pipe.exec()) ?? [];
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
    }
    return JSON.stringify(packed);
  }

  private async decodeValue(v: unknown): Promise<unknown> {
    const keys = blobKeysOf(v);
    const blobs = new Map<string, Uint8Array>();
    if (keys.length) {
      const pipe = this.pub.pipeline();
      for (const k of keys) pipe.getBuffer(k);
      pipe.del(...keys);
      const results = (await pipe.exec()) ?? [];
      for (const [i, k] of keys.entries()) {
        const [err, data] = results[i] ?? [];
        if (!err && data) blobs.set(k, new Uint8Array(data as Buffer));
      }
    }
    return unpackValue(v, blobs);
  }

  async request(
    address: string,
    call: { connId: number; op: string; args: unknown },
    opts: { timeoutMs: number; timeoutError: ErrorCode },
  ): Promise<unknown> {
    if (this.closed) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    await this.ready.catch(() => {
      throw serviceUnavailable();
    });
    const id = this.newId();
    const msg: Wire = { t: 'req', id, from: this.address, ...call };
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        const p = this.settle(id);
        if (!p) return;
        log.warn({ connId: call.connId, op: call.op, owner: address }, 'session relay: owner did not answer in time');
        reject(new DomainError(opts.timeoutError));
      }, opts.timeoutMs);
      timer.unref?.();
      // the holder gone mid-request (no subscriber on its channel, seen twice in a row: not a mere resubscribe):
      // no answer will come. Failed with the timeout's error at once — the outcome is as unknown as at a timeout
      let gone = 0;
      let probing = false;
      const watch = setInterval(
        async () => {
          if (probing) return;
          probing = true;
          try {
            const res = (await this.pub.pubsub('NUMSUB', this.channelOf(address))) as [string, number];
            gone = Number(res?.[1] ?? 0) === 0 ? gone + 1 : 0;
          } catch {
            gone = 0; // Redis unreachable: our own subscription's loss (failPending) or the timeout decides
          } finally {
            probing = false;
          }
          if (gone < 2 || !this.settle(id)) return;
          log.warn({ connId: call.connId, op: call.op, owner: address }, 'session relay: owner gone before answering');
          reject(new DomainError(opts.timeoutError));
        },
        Math.min(HOLDER_CHECK_MS, opts.timeoutMs),
      );
      watch.unref?.();
      this.pending.set(id, { resolve, reject, timer, watch });
    });
    answer.catch(() => {}); // observed below; never an unhandled rejection if publish throws first
    let receivers: number;
    try {
      receivers = await this.pub.publish(this.channelOf(address), await this.encode(msg, opts.timeoutMs + 5_000));
    } catch (err) {
      this.settle(id);
      log.warn({ err, connId: call.connId, op: call.op }, 'session relay: request not sent');
      // Redis unreachable: 503, the client may retry
      throw serviceUnavailable();
    }
    if (receivers === 0) {
      // the lease holder is not listening: it stopped without releasing (crash); a peer takes over within lease+scan.
      // Right after a Redis restart it may only be re-subscribing: retry later
      this.settle(id);
      if (this.opts.settling?.()) throw serviceUnavailable();
      throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    }
    return answer;
  }

  private failPending(): void {
    if (this.pending.size === 0) return;
    log.warn({ requests: this.pending.size }, 'session relay: subscription lost, waiting requests failed');
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      clearInterval(p.watch);
      this.pending.delete(id);
      // Redis connectivity, not the session: 503, the client may retry (an inbound event is idempotent by its id)
      p.reject(serviceUnavailable());
    }
  }

  private settle(id: string): Pending | undefined {
    const p = this.pending.get(id);
    if (p) {
      clearTimeout(p.timer);
      clearInterval(p.watch);
      this.pending.delete(id);
    }
    return p;
  }

  private async receive(raw: string): Promise<void> {
    let msg: Wire;
    try {
      msg = JSON.parse(raw) as Wire;
    } catch {
      log.warn('session relay: dropping a malformed message');
      return;
    }
    if (msg.t === 'res') {
      const p = this.settle(msg.id);
      if (!p) return; // answered after our timeout
      if (!msg.ok) return p.reject(fromWireError(msg.error));
      try {
        p.resolve(await this.decodeValue(msg.value));
      } catch (err) {
        p.reject(err);
      }
      return;
    }
    if (msg.t !== 'req' || this.closed) return;
    let reply: Wire;
    try {
      const args = await this.decodeValue(msg.args);
      const value = await this.opts.handle(msg.connId, msg.op, args);
      reply = { t: 'res', id: msg.id, ok: true, value };
    } catch (err) {
      if (!(err instanceof DomainError) && !isUnavailableError(err))
        log.warn({ err, connId: msg.connId, op: msg.op }, 'session relay: op failed');
      reply = { t: 'res', id: msg.id, ok: false, error: toWireError(err) };
    }
    try {
      await this.pub.publish(this.channelOf(msg.from), await this.encode(reply, 60_000));
    } catch (err) {
      log.warn({ err, connId: msg.connId, op: msg.op }, 'session relay: answer not sent');
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      clearInterval(p.watch);
      p.reject(new DomainError('ERR_WAPP_NOT_INITIALIZED'));
      this.pending.delete(id);
    }
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
