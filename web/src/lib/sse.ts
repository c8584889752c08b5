import { type Channel, events, type PayloadOf } from '@zapdesk/core';
import { backendUrl } from './config';

/**
 * The realtime stream: ONE EventSource per tab on `GET /events`, shared by every subscriber.
 * Each SSE `event` is a spec channel name (`ticket-{companyId}`, `appMessage-{companyId}`, `user`, …) and its data the
 * JSON payload with the spec's `action`. The server replays what a reconnecting client missed (by the last event id
 * we track here); when it can't (id too old, server restarted) it sends `resync` — subscribers of `resync` reload
 * their lists. A stream lives as long as the access token that opened it: shortly before the token expires the server
 * sends `reauth` and ends the stream, and we reconnect at once with a fresh token (no gap: the last event id resumes).
 * Started by the web shell after login (`startSse`) and stopped on logout (`stopSse`).
 */

export type SseMeta = { id: string; channel: string };
/** A handler of one catalogue channel: its payload type comes from the channel (core `events`). */
export type SseHandler<C extends Channel = Channel> = (data: PayloadOf<C>, meta: SseMeta) => void;
type AnyHandler = (data: unknown, meta: SseMeta) => void;
export type SseStatus = 'stopped' | 'connecting' | 'open' | 'reconnecting';

/** The part of EventSource we use (so tests and non-browser hosts can inject one). */
export type EventSourceLike = {
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export type StartSseOptions = {
  /** the current access token (may be expired) */
  getToken: () => string | null | undefined;
  /**
   * the web shell's refresh: resolves a fresh access token. A null answer or a rejection while `getToken()` still has
   * a token is taken as transient (offline, server restarting) and retried with backoff; once `getToken()` has none
   * either, the session is over and the stream stops.
   */
  getFreshToken: () => Promise<string | null | undefined>;
  /** defaults to `window.__APP_CONFIG__.backendUrl` (see lib/config.ts) */
  backendUrl?: string;
  createEventSource?: (url: string) => EventSourceLike;
  /** reconnect backoff: first delay and cap (doubling in between, with jitter) */
  minRetryMs?: number;
  maxRetryMs?: number;
};

/** Channels always listened to: their ids are resume positions even when nobody subscribed. */
const INTERNAL_CHANNELS: string[] = [events.ready.of(), events.resync.of()];

const handlers = new Map<string, Set<AnyHandler>>();
const attached = new Map<string, (ev: MessageEvent) => void>();
const statusListeners = new Set<(s: SseStatus) => void>();

let opts: StartSseOptions | null = null;
let source: EventSourceLike | null = null;
let lastEventId: string | undefined;
let status: SseStatus = 'stopped';
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** bumped by start/stop so an in-flight token refresh of an old session can't reopen a stream */
let generation = 0;

function setStatus(s: SseStatus): void {
  if (s === status) return;
  status = s;
  for (const l of [...statusListeners]) l(s);
}

function dispatch(channel: string, ev: MessageEvent): void {
  if (ev.lastEventId) lastEventId = ev.lastEventId;
  const set = handlers.get(channel);
  if (!set?.size) return;
  let data: unknown;
  try {
    data = JSON.parse(String(ev.data));
  } catch {
    console.warn(`[sse] ignoring a malformed ${channel} event`);
    return;
  }
  const meta: SseMeta = { id: ev.lastEventId, channel };
  for (const h of [...set]) {
    try {
      h(data, meta);
    } catch (err) {
      // one broken subscriber must not starve the others
      console.error(`[sse] ${channel} handler failed`, err);
    }
  }
}

function attach(channel: string): void {
  if (!source || attached.has(channel)) return;
  const listener = (ev: MessageEvent) => dispatch(channel, ev);
  attached.set(channel, listener);
  source.addEventListener(channel, listener);
}

function detach(channel: string): void {
  const listener = attached.get(channel);
  if (!listener) return;
  attached.delete(channel);
  source?.removeEventListener(channel, listener);
}

function closeSource(): void {
  if (!source) return;
  for (const [channel, listener] of attached) source.removeEventListener(channel, listener);
  attached.clear();
  source.onopen = null;
  source.onerror = null;
  source.close();
  source = null;
}

function streamUrl(base: string, token: string): string {
  let url = `${base.replace(/\/+$/, '')}/events?token=${encodeURIComponent(token)}`;
  if (lastEventId) url += `&lastEventId=${encodeURIComponent(lastEventId)}`;
  return url;
}

function defaultEventSource(url: string): EventSourceLike {
  return new EventSource(url) as unknown as EventSourceLike;
}

function open(token: string): void {
  if (!opts) return;
  closeSource();
  const es = (opts.createEventSource ?? defaultEventSource)(streamUrl(opts.backendUrl ?? backendUrl(), token));
  source = es;
  for (const c of INTERNAL_CHANNELS) attach(c);
  for (const c of handlers.keys()) attach(c);
  es.onopen = () => {
    if (source !== es) return;
    attempt = 0;
    setStatus('open');
  };
  // the token that opened this stream is about to expire: the server ends it; reconnect now, not after a backoff
  es.addEventListener('reauth', () => {
    if (source !== es) return;
    closeSource();
    void reconnectNow();
  });
  // Any failure (network, server restart, expired token → 403, which EventSource can't tell apart): we close the
  // browser's own retry loop and reconnect ourselves with a fresh token and our last event id.
  es.onerror = () => {
    if (source !== es) return;
    closeSource();
    scheduleReconnect();
  };
}

function retryDelay(): number {
  const min = opts?.minRetryMs ?? 1000;
  const max = opts?.maxRetryMs ?? 30_000;
  const base = Math.min(max, min * 2 ** attempt);
  // ±20 % so a server restart isn't met by every tab at the same instant
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

function scheduleReconnect(): void {
  if (!opts) return;
  clearTimeout(retryTimer);
  setStatus('reconnecting');
  const delay = retryDelay();
  attempt++;
  retryTimer = setTimeout(() => void reconnectNow(), delay);
}

async function reconnectNow(): Promise<void> {
  if (!opts) return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const gen = generation;
  let token: string | null | undefined;
  try {
    token = await opts.getFreshToken();
  } catch {
    token = null;
  }
  if (gen !== generation || !opts) return;
  // a failed refresh with the session still there: try the token we have; the server's answer decides
  token ||= opts.getToken();
  if (!token) {
    // the session is over (refresh refused, session dropped): nothing to reconnect with
    stopSse();
    return;
  }
  setStatus(status === 'reconnecting' ? 'reconnecting' : 'connecting');
  open(token);
}

function onOnline(): void {
  // back online: don't wait out the backoff
  if (status === 'reconnecting' && retryTimer !== undefined) void reconnectNow();
}

/** Open the stream (after login). Calling it again restarts it with the new options. */
export function startSse(options: StartSseOptions): void {
  stopSse();
  opts = options;
  generation++;
  attempt = 0;
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  const token = options.getToken();
  if (token) {
    setStatus('connecting');
    open(token);
  } else {
    setStatus('connecting');
    void reconnectNow();
  }
}

/** Close the stream (logout). Subscriptions stay registered and resume on the next startSse. */
export function stopSse(): void {
  generation++;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  closeSource();
  if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  opts = null;
  // a new session (maybe another user) must not resume the old one's position
  lastEventId = undefined;
  attempt = 0;
  setStatus('stopped');
}

/**
 * Listen to one channel of core's catalogue (`events.ticket.of(companyId)`, `events.resync.of()`…): the handler gets
 * that channel's payload type. Returns the unsubscribe function.
 */
export function subscribe<C extends Channel>(channel: C, handler: SseHandler<C>): () => void {
  let set = handlers.get(channel);
  if (!set) {
    set = new Set();
    handlers.set(channel, set);
  }
  const h = handler as AnyHandler;
  set.add(h);
  attach(channel);
  return () => {
    const s = handlers.get(channel);
    if (!s) return;
    s.delete(h);
    if (s.size === 0) {
      handlers.delete(channel);
      if (!INTERNAL_CHANNELS.includes(channel)) detach(channel);
    }
  };
}

export function sseStatus(): SseStatus {
  return status;
}

/** Be told when the stream opens, drops or stops (e.g. to show a "reconnecting" hint). */
export function onSseStatus(listener: (s: SseStatus) => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}
