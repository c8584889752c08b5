import { audienceCanView, audienceKey, type TicketSubject, type TicketViewer } from '@zapdesk/core';
import { log } from '../log';
import { nextEventId } from './memory-bus';
import type { AppEvent, EventBus } from './types';

/** Who is listening on one SSE stream. Snapshotted at connect: a stream lives as long as the token that opened it. */
export type SseViewer = {
  companyId: number;
  userId: number;
  isAdmin: boolean;
  /**
   * what the user may see of tickets (core `ticketViewerOf`); without it, an admin sees every ticket and anyone else
   * only the tickets assigned to them
   */
  tickets?: TicketViewer;
  /**
   * when the access token that opened the stream expires (ms since the epoch): the hub sends `reauth` and ends the
   * stream before then, so a stream never outlives its token; the client reconnects with a fresh one
   */
  expiresAt?: number;
};

export type SseHubOptions = {
  /**
   * a comment line reaches every stream that has had nothing else written for this long, so proxies and clients see
   * a live connection (streams that receive events get none: they are visibly alive already)
   */
  heartbeatMs?: number;
  /** events kept per company for Last-Event-ID resume */
  bufferSize?: number;
  /** and no older than this */
  bufferMaxAgeMs?: number;
  /** a stream whose unsent bytes exceed this is dropped (it reconnects and resumes from its last id) */
  maxQueuedBytes?: number;
  /** the `retry:` hint sent to EventSource clients */
  retryMs?: number;
  /**
   * streams are ended up to this much earlier than their token's expiry, at random, so streams opened together (a
   * server restart) don't all come back for a token refresh at the same instant 15 minutes later
   */
  expirySpreadMs?: number;
  now?: () => number;
};

/**
 * Reserved bus channel: not forwarded to clients; ends the streams of `userId` (or of every user of the company when
 * absent) in every process. Published by disconnectUserStreams() when a user is deleted, logs out or is deactivated.
 */
export const SSE_DISCONNECT_CHANNEL = 'sse:disconnect';

/**
 * Reserved bus channel: not forwarded to clients; `data.viewer` (a core TicketViewer) becomes the visibility profile
 * of every open stream of `userId` in every process, so a user's edited queues or group take effect on their live
 * stream at once (events published after it are decided with the new profile, in bus order).
 */
export const SSE_VIEWER_CHANNEL = 'sse:viewer';

/**
 * Streams with the same visibility profile (core `audienceKey`): a ticket event is decided once per class (the
 * decision is memoised on the class for the entry being written), and only the owner rule is checked per stream.
 */
type AudienceClass = {
  key: string;
  profile: Omit<TicketViewer, 'userId'>;
  streams: number;
  /** the entry `visible` was computed for */
  decided?: Entry;
  visible: boolean;
};

type Entry = {
  id: string;
  at: number;
  /** null for a position marker (see positionOf) — never sent */
  frame: Uint8Array | null;
  userId?: number;
  userIds?: ReadonlySet<number>;
  adminOnly?: boolean;
  /** the ticket the event is about: streams that may not see it get `alt` (or nothing) */
  ticket?: TicketSubject;
  alt?: Uint8Array | null;
};

type Client = {
  viewer: SseViewer;
  audience: AudienceClass;
  controller: ReadableStreamDefaultController<Uint8Array>;
  closed: boolean;
  /** the hub's tick number when something was last written to the stream (heartbeats go to quiet streams only) */
  wrote: number;
  /** when the hub ends the stream because its token expires (ms), or Infinity */
  cutAt: number;
  onAbort?: () => void;
  signal?: AbortSignal;
};

/** events of one company published in the same tick, waiting for the microtask that writes them (see flush) */
type Pending = { companyId: number; entry: Entry & { frame: Uint8Array } };

const enc = new TextEncoder();
const HEARTBEAT = enc.encode(': hb\n\n');
/**
 * Last frame of a stream whose token is about to expire. No `id:` line, so the client's resume position stays the last
 * real event; our web client reconnects at once with a fresh token (any other client just sees the stream end).
 */
const REAUTH = enc.encode('event: reauth\ndata: {"action":"reauth"}\n\n');
/** at most this many events share one coalesced write (a visibility bitmask per stream must fit in an int) */
const MAX_COALESCED = 30;

/** A channel name goes on one `event:` line; a stray CR/LF would split the frame. */
const LINE_BREAK = /[\r\n]/;
const lineSafe = (s: string) => (LINE_BREAK.test(s) ? s.replace(/[\r\n]/g, ' ') : s);

function eventFrame(id: string, channel: string, data: unknown): Uint8Array {
  return enc.encode(`id: ${lineSafe(id)}\nevent: ${lineSafe(channel)}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The bytes of `e` this stream receives: the event, its stand-in for users who may not see its ticket, or null. */
function framesFor(c: Client, e: Entry): Uint8Array | null {
  const v = c.viewer;
  if (e.userId != null && e.userId !== v.userId) return null;
  if (e.userIds && !e.userIds.has(v.userId)) return null;
  if (e.adminOnly && !v.isAdmin) return null;
  const t = e.ticket;
  if (!t || t.userId === v.userId) return e.frame;
  const a = c.audience;
  if (a.decided !== e) {
    a.decided = e;
    a.visible = audienceCanView(a.profile, t);
  }
  return a.visible ? e.frame : (e.alt ?? null);
}

const forEveryone = (e: Entry) => e.userId == null && !e.userIds && !e.adminOnly && !e.ticket;

/** A viewer without a profile: an admin sees every ticket, anyone else only their own. */
function profileOf(v: SseViewer): Omit<TicketViewer, 'userId'> {
  return v.tickets ?? { isAdmin: v.isAdmin, queueIds: [], allowNoQueue: false, viewPendingTickets: false };
}

function concat(frames: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const f of frames) n += f.byteLength;
  const out = new Uint8Array(n);
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.byteLength;
  }
  return out;
}

/**
 * One company's recent events, addressable by id, in arrival order (the order its clients saw them). Grows only as
 * events come, so thousands of quiet companies cost next to nothing.
 */
class CompanyLog {
  private entries: Entry[] = [];
  /** index of the oldest kept entry; the array is compacted once half of it is dead */
  private head = 0;
  /** absolute sequence number of entries[0] */
  private base = 0;
  private seqById = new Map<string, number>();

  constructor(private capacity: number) {}

  get size(): number {
    return this.entries.length - this.head;
  }

  push(e: Entry): void {
    this.seqById.set(e.id, this.base + this.entries.length);
    this.entries.push(e);
    while (this.size > this.capacity) this.dropOldest();
  }

  private dropOldest(): void {
    const old = this.entries[this.head];
    this.seqById.delete(old.id);
    this.head++;
    if (this.head >= 64 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
  }

  /**
   * Forget entries older than `t`, but always keep the newest: a client holding its id has missed nothing, however
   * quiet the company has been.
   */
  pruneBefore(t: number): void {
    while (this.size > 1 && this.entries[this.head].at < t) this.dropOldest();
  }

  latestId(): string | undefined {
    return this.size ? this.entries[this.entries.length - 1].id : undefined;
  }

  /** entries after `id`, oldest first; undefined when `id` is not (or no longer) in the buffer */
  after(id: string): Entry[] | undefined {
    const seq = this.seqById.get(id);
    if (seq === undefined) return undefined;
    return this.entries.slice(seq - this.base + 1);
  }
}

/**
 * Fan-out of bus events to SSE streams, built for thousands of streams per process: ONE bus subscription, a map
 * companyId → streams, each event's frame serialised once and the same bytes enqueued on every stream, one shared
 * heartbeat timer, and slow streams dropped instead of buffering without bound.
 *
 * What a delivery costs is mostly the kernel's: one `send()` per stream per write (measured: 70–85 % of the API's
 * CPU during a fan-out, see docs/PERFORMANCE.md). So the hub writes as few times as it can: events published in the
 * same tick go out as ONE write per stream (coalesced in a microtask, so no delay is added), and streams that just
 * received something get no heartbeat.
 */
export class SseHub {
  private clients = new Map<number, Set<Client>>();
  /** audience classes of the open streams, by company then core `audienceKey` */
  private audiences = new Map<number, Map<string, AudienceClass>>();
  private logs = new Map<number, CompanyLog>();
  private unsubscribe?: () => void;
  private timer?: ReturnType<typeof setInterval>;
  /** events of this tick not written yet, in arrival order */
  private pending: Pending[] = [];
  private flushQueued = false;
  private readonly flushNow = () => this.flush();
  /** counts heartbeat ticks (two per heartbeat period) */
  private tickNo = 0;
  private readonly heartbeatMs: number;
  private readonly bufferSize: number;
  private readonly bufferMaxAgeMs: number;
  private readonly maxQueuedBytes: number;
  private readonly expirySpreadMs: number;
  private readonly retryFrame: Uint8Array;
  private readonly now: () => number;

  constructor(
    private bus: EventBus,
    opts: SseHubOptions = {},
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 15_000;
    this.bufferSize = opts.bufferSize ?? 2_000;
    this.bufferMaxAgeMs = opts.bufferMaxAgeMs ?? 10 * 60_000;
    this.maxQueuedBytes = opts.maxQueuedBytes ?? 256 * 1024;
    this.expirySpreadMs = opts.expirySpreadMs ?? 60_000;
    this.retryFrame = enc.encode(`retry: ${opts.retryMs ?? 3000}\n\n`);
    this.now = opts.now ?? Date.now;
  }

  get started(): boolean {
    return !!this.unsubscribe;
  }

  start(): this {
    if (this.unsubscribe) return this;
    this.unsubscribe = this.bus.subscribe((e) => this.onEvent(e));
    // two ticks per period: a stream that has been quiet for a whole period gets its heartbeat within half a period
    this.timer = setInterval(() => this.tick(), Math.max(1, this.heartbeatMs / 2));
    // the heartbeat alone must not keep a process (or a test run) alive
    (this.timer as { unref?: () => void }).unref?.();
    return this;
  }

  stop(): void {
    this.flush();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const set of this.clients.values()) for (const c of set) this.close(c, 'end');
    this.clients.clear();
    this.audiences.clear();
    this.logs.clear();
  }

  /** streams currently open, in total or for one company */
  clientCount(companyId?: number): number {
    if (companyId !== undefined) return this.clients.get(companyId)?.size ?? 0;
    let n = 0;
    for (const s of this.clients.values()) n += s.size;
    return n;
  }

  /** open streams of one user in this process (GET /events caps them per user) */
  userStreamCount(companyId: number, userId: number): number {
    let n = 0;
    for (const c of this.clients.get(companyId) ?? []) if (!c.closed && c.viewer.userId === userId) n++;
    return n;
  }

  /**
   * A new stream for `viewer`. With `lastEventId` it first replays what the viewer missed since that id (or sends
   * `resync` when the id has left the buffer), then continues live; without it, it starts with a `ready` event
   * whose id is the current position, so even a client that received nothing yet can resume without a gap.
   */
  connect(viewer: SseViewer, opts: { lastEventId?: string; signal?: AbortSignal } = {}): ReadableStream<Uint8Array> {
    let client: Client | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          const c: Client = {
            viewer,
            audience: this.joinAudience(viewer),
            controller,
            closed: false,
            wrote: this.tickNo,
            cutAt: Infinity,
          };
          client = c;
          if (!this.started) {
            controller.close();
            c.closed = true;
            this.leaveAudience(c);
            return;
          }
          // events of this tick not written yet are already in the buffer (so in `missed`, or before `ready`'s
          // position): write them to the other streams first, so this one never gets them twice
          this.flush();
          if (viewer.expiresAt !== undefined) c.cutAt = this.cutTime(viewer.expiresAt);
          controller.enqueue(this.retryFrame);
          const missed = opts.lastEventId ? this.companyLog(viewer.companyId).after(opts.lastEventId) : undefined;
          if (opts.lastEventId && missed) {
            for (const e of missed) {
              const bytes = e.frame && framesFor(c, e);
              if (bytes) controller.enqueue(bytes);
            }
          } else {
            const position = this.positionOf(viewer.companyId);
            const kind = opts.lastEventId ? 'resync' : 'ready';
            controller.enqueue(eventFrame(position, kind, { action: kind }));
          }
          let set = this.clients.get(viewer.companyId);
          if (!set) {
            set = new Set();
            this.clients.set(viewer.companyId, set);
          }
          set.add(c);
          if (opts.signal) {
            c.signal = opts.signal;
            c.onAbort = () => this.close(c, 'end');
            if (opts.signal.aborted) this.close(c, 'end');
            else opts.signal.addEventListener('abort', c.onAbort, { once: true });
          }
        },
        cancel: () => {
          if (client) this.close(client, 'cancelled');
        },
      },
      // desiredSize = -(bytes not yet taken by the socket): what the backpressure check reads
      { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 },
    );
  }

  /** End the streams of one user (or of a whole company) in THIS process; see disconnectUserStreams for all. */
  disconnect(companyId: number, userId?: number): void {
    // what was published before the disconnect still goes out first, as it did when every write was immediate
    this.flush();
    const set = this.clients.get(companyId);
    if (!set) return;
    for (const c of [...set]) if (userId === undefined || c.viewer.userId === userId) this.close(c, 'end');
  }

  private joinAudience(v: SseViewer): AudienceClass {
    const profile = profileOf(v);
    const key = audienceKey(profile);
    let byKey = this.audiences.get(v.companyId);
    if (!byKey) {
      byKey = new Map();
      this.audiences.set(v.companyId, byKey);
    }
    let a = byKey.get(key);
    if (!a) {
      a = { key, profile, streams: 0, visible: false };
      byKey.set(key, a);
    }
    a.streams++;
    return a;
  }

  private leaveAudience(c: Client): void {
    const a = c.audience;
    if (--a.streams > 0) return;
    const byKey = this.audiences.get(c.viewer.companyId);
    if (byKey?.get(a.key) === a) {
      byKey.delete(a.key);
      if (byKey.size === 0) this.audiences.delete(c.viewer.companyId);
    }
  }

  /** The new visibility profile of one user's open streams in this process (see SSE_VIEWER_CHANNEL). */
  private setProfile(companyId: number, userId: number, profile: TicketViewer): void {
    // what was published before the change is decided with the profile it was published under
    this.flush();
    const set = this.clients.get(companyId);
    if (!set) return;
    for (const c of set) {
      if (c.viewer.userId !== userId) continue;
      this.leaveAudience(c);
      c.viewer = { ...c.viewer, isAdmin: profile.isAdmin, tickets: profile };
      c.audience = this.joinAudience(c.viewer);
    }
  }

  private companyLog(companyId: number): CompanyLog {
    let l = this.logs.get(companyId);
    if (!l) {
      l = new CompanyLog(this.bufferSize);
      this.logs.set(companyId, l);
    }
    return l;
  }

  /**
   * When to end a stream whose token expires at `expiresAt`: half a heartbeat early (the sweep runs every half
   * heartbeat, so the stream never outlives the token), and up to `expirySpreadMs` earlier still, at random.
   */
  private cutTime(expiresAt: number): number {
    const left = expiresAt - this.now();
    const early = this.heartbeatMs / 2 + Math.random() * Math.min(this.expirySpreadMs, left / 2);
    // a token about to expire (or a test's very short one): end it at expiry, never right away
    return left > early ? expiresAt - early : expiresAt;
  }

  /** The id a client can later resume from: the newest buffered event, or a fresh marker when there is none. */
  private positionOf(companyId: number): string {
    const l = this.companyLog(companyId);
    const latest = l.latestId();
    if (latest) return latest;
    const id = nextEventId();
    l.push({ id, at: this.now(), frame: null });
    return id;
  }

  private onEvent(e: AppEvent): void {
    if (e.channel === SSE_DISCONNECT_CHANNEL) {
      this.disconnect(e.companyId, e.userId ?? undefined);
      return;
    }
    if (e.channel === SSE_VIEWER_CHANNEL) {
      const viewer = (e.data as { viewer?: TicketViewer }).viewer;
      if (e.userId != null && viewer) this.setProfile(e.companyId, e.userId, { ...viewer, userId: e.userId });
      return;
    }
    let frame: Uint8Array;
    let alt: Uint8Array | null = null;
    try {
      frame = eventFrame(e.id, e.channel, e.data);
      if (e.ticket && e.hidden) alt = eventFrame(e.id, e.channel, e.hidden);
    } catch (err) {
      log.error({ err, channel: e.channel }, 'event not serialisable; dropped');
      return;
    }
    const entry: Entry = {
      id: e.id,
      at: this.now(),
      frame,
      userId: e.userId ?? undefined,
      userIds: e.userIds ? new Set(e.userIds) : undefined,
      adminOnly: e.adminOnly || undefined,
      ticket: e.ticket ?? undefined,
      alt: e.ticket ? alt : undefined,
    };
    this.companyLog(e.companyId).push(entry);
    if (!this.clients.has(e.companyId)) return;
    this.pending.push({ companyId: e.companyId, entry: entry as Pending['entry'] });
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(this.flushNow);
    }
  }

  /** Writes the events of this tick: per company, one write per stream carrying every event it may see. */
  private flush(): void {
    this.flushQueued = false;
    const batch = this.pending;
    if (!batch.length) return;
    this.pending = [];
    if (batch.length === 1) {
      this.fanOut(batch[0].companyId, [batch[0].entry]);
      return;
    }
    const byCompany = new Map<number, Pending['entry'][]>();
    for (const p of batch) {
      const list = byCompany.get(p.companyId);
      if (list) list.push(p.entry);
      else byCompany.set(p.companyId, [p.entry]);
    }
    for (const [companyId, entries] of byCompany) {
      for (let i = 0; i < entries.length; i += MAX_COALESCED) {
        this.fanOut(companyId, entries.length <= MAX_COALESCED ? entries : entries.slice(i, i + MAX_COALESCED));
      }
    }
  }

  private fanOut(companyId: number, entries: Pending['entry'][]): void {
    const set = this.clients.get(companyId);
    if (!set) return;
    if (entries.length === 1) {
      const e = entries[0];
      if (forEveryone(e)) for (const c of set) this.send(c, e.frame);
      else {
        for (const c of set) {
          const bytes = framesFor(c, e);
          if (bytes) this.send(c, bytes);
        }
      }
      return;
    }
    if (entries.every(forEveryone)) {
      const all = concat(entries.map((e) => e.frame));
      for (const c of set) this.send(c, all);
      return;
    }
    // different audiences: one buffer per distinct selection of frames (a handful: admins, each queue profile, one
    // user…). Per event a stream gets its frame, its stand-in (alt) or nothing: two bits of masks.
    const byMask = new Map<number, Map<number, Uint8Array>>();
    for (const c of set) {
      let full = 0;
      let alt = 0;
      for (let i = 0; i < entries.length; i++) {
        const bytes = framesFor(c, entries[i]);
        if (bytes === entries[i].frame) full |= 1 << i;
        else if (bytes) alt |= 1 << i;
      }
      if (full === 0 && alt === 0) continue;
      let byAlt = byMask.get(full);
      if (!byAlt) {
        byAlt = new Map();
        byMask.set(full, byAlt);
      }
      let bytes = byAlt.get(alt);
      if (!bytes) {
        const parts: Uint8Array[] = [];
        for (let i = 0; i < entries.length; i++) {
          if (full & (1 << i)) parts.push(entries[i].frame);
          else if (alt & (1 << i)) parts.push(entries[i].alt as Uint8Array);
        }
        bytes = concat(parts);
        byAlt.set(alt, bytes);
      }
      this.send(c, bytes);
    }
  }

  private send(c: Client, bytes: Uint8Array): void {
    if (c.closed) return;
    c.wrote = this.tickNo;
    const desired = c.controller.desiredSize;
    if (desired !== null && -desired > this.maxQueuedBytes) {
      log.warn({ companyId: c.viewer.companyId, userId: c.viewer.userId }, 'sse stream backed up; dropped');
      this.close(c, 'error');
      return;
    }
    try {
      c.controller.enqueue(bytes);
    } catch {
      this.close(c, 'cancelled');
    }
  }

  private close(c: Client, how: 'end' | 'error' | 'cancelled'): void {
    if (c.closed) return;
    c.closed = true;
    this.leaveAudience(c);
    const set = this.clients.get(c.viewer.companyId);
    if (set) {
      set.delete(c);
      if (set.size === 0) this.clients.delete(c.viewer.companyId);
    }
    if (c.signal && c.onAbort) c.signal.removeEventListener('abort', c.onAbort);
    try {
      // a dropped slow stream errors (its queue is discarded at once); others end cleanly
      if (how === 'error') c.controller.error(new Error('slow SSE consumer'));
      else if (how === 'end') c.controller.close();
    } catch {
      // already closed by the other side
    }
  }

  /**
   * Every half heartbeat: a heartbeat to the streams nothing was written to during the last two ticks, `reauth` and
   * the end to streams whose token is about to expire, and the resume buffers pruned.
   */
  private tick(): void {
    const tick = ++this.tickNo;
    const now = this.now();
    for (const set of this.clients.values()) {
      for (const c of set) {
        if (c.cutAt <= now) {
          this.send(c, REAUTH);
          this.close(c, 'end');
        } else if (c.wrote <= tick - 2) this.send(c, HEARTBEAT);
      }
    }
    const horizon = now - this.bufferMaxAgeMs;
    for (const l of this.logs.values()) l.pruneBefore(horizon);
  }
}
