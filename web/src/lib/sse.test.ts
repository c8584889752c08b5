import { afterEach, describe, expect, test } from 'bun:test';
import { events } from '@zapdesk/core';
import { type EventSourceLike, onSseStatus, type SseStatus, sseStatus, startSse, stopSse, subscribe } from './sse';

/** A scripted EventSource: the test plays the server. */
class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, Set<(ev: MessageEvent) => void>>();
  onopen: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, l: (ev: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(l);
  }
  removeEventListener(type: string, l: (ev: MessageEvent) => void) {
    this.listeners.get(type)?.delete(l);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown, id = '') {
    const ev = new MessageEvent(type, {
      data: typeof data === 'string' ? data : JSON.stringify(data),
      lastEventId: id,
    });
    for (const l of this.listeners.get(type) ?? []) l(ev);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  get params() {
    return new URL(this.url).searchParams;
  }
}

const latest = () => FakeEventSource.all[FakeEventSource.all.length - 1];
const waitFor = async (cond: () => boolean, ms = 1000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await Bun.sleep(2);
  }
};

let token: string | null = 'tok-1';
let refreshes = 0;
let refreshAnswer: () => Promise<string | null> = async () => `tok-fresh-${refreshes}`;
const start = () =>
  startSse({
    getToken: () => token,
    getFreshToken: () => {
      refreshes++;
      return refreshAnswer();
    },
    backendUrl: 'http://api.test/',
    createEventSource: (url) => new FakeEventSource(url),
    minRetryMs: 1,
    maxRetryMs: 5,
  });

afterEach(() => {
  stopSse();
  FakeEventSource.all = [];
  token = 'tok-1';
  refreshes = 0;
  refreshAnswer = async () => `tok-fresh-${refreshes}`;
});

describe('web SSE client', () => {
  test('one stream to /events?token=…; named events reach that channel’s subscribers with id and channel', () => {
    const got: unknown[] = [];
    const other: unknown[] = [];
    const off = subscribe(events.ticket.of(1), (data, meta) => got.push([data, meta]));
    subscribe(events.appMessage.of(1), (data) => other.push(data));
    start();
    expect(FakeEventSource.all.length).toBe(1);
    expect(latest().url).toBe('http://api.test/events?token=tok-1');
    latest().open();
    expect(sseStatus()).toBe('open');
    latest().emit('ticket-1', { action: 'update', ticketId: 3 }, 'id-1');
    expect(got).toEqual([
      [
        { action: 'update', ticketId: 3 },
        { id: 'id-1', channel: 'ticket-1' },
      ],
    ]);
    expect(other).toEqual([]);
    off();
    latest().emit('ticket-1', { action: 'delete', ticketId: 3 }, 'id-2');
    expect(got.length).toBe(1);
  });

  test('subscribing after start attaches to the open stream; a throwing or malformed event harms no one', () => {
    start();
    const got: unknown[] = [];
    subscribe(events.self.of(), () => {
      throw new Error('broken subscriber');
    });
    subscribe(events.self.of(), (d) => got.push(d));
    const origError = console.error;
    const origWarn = console.warn;
    console.error = () => {};
    console.warn = () => {};
    try {
      latest().emit('user', 'not json', 'x');
      latest().emit('user', { action: 'update' }, 'id-1');
    } finally {
      console.error = origError;
      console.warn = origWarn;
    }
    expect(got).toEqual([{ action: 'update' }]);
  });

  test('on error: closes, asks for a fresh token and reconnects with the last event id', async () => {
    const got: string[] = [];
    // the fake server sends test payloads: read them as such
    subscribe(events.ticket.of(1), (d) => got.push((d as unknown as { n: string }).n));
    start();
    const first = latest();
    first.open();
    first.emit('ready', { action: 'ready' }, 'id-0');
    first.emit('ticket-1', { n: 'a' }, 'id-1');
    first.fail();
    expect(first.closed).toBe(true);
    expect(sseStatus()).toBe('reconnecting');
    await waitFor(() => FakeEventSource.all.length === 2);
    expect(refreshes).toBe(1);
    const second = latest();
    expect(second.params.get('token')).toBe('tok-fresh-1');
    expect(second.params.get('lastEventId')).toBe('id-1');
    second.open();
    second.emit('ticket-1', { n: 'b' }, 'id-2');
    expect(got).toEqual(['a', 'b']);
    // events of the closed stream are ignored even if one straggles in
    first.emit('ticket-1', { n: 'stale' }, 'id-x');
    expect(got).toEqual(['a', 'b']);
  });

  test('`reauth` (token about to expire): reconnects at once with a fresh token and the last event id', async () => {
    const statuses: SseStatus[] = [];
    start();
    const first = latest();
    first.open();
    onSseStatus((s) => statuses.push(s));
    first.emit('ticket-1', { n: 'a' }, 'id-1');
    first.emit('reauth', { action: 'reauth' });
    expect(first.closed).toBe(true);
    await waitFor(() => FakeEventSource.all.length === 2);
    expect(refreshes).toBe(1);
    const second = latest();
    expect(second.params.get('token')).toBe('tok-fresh-1');
    expect(second.params.get('lastEventId')).toBe('id-1');
    second.open();
    // never shown as a dropped connection
    expect(statuses).toEqual(['connecting', 'open']);
    // the old stream's own error after it ended changes nothing
    first.fail();
    await Bun.sleep(10);
    expect(FakeEventSource.all.length).toBe(2);
  });

  test('the `ready` id is a resume position even with no event received', async () => {
    start();
    latest().emit('ready', { action: 'ready' }, 'pos-9');
    latest().fail();
    await waitFor(() => FakeEventSource.all.length === 2);
    expect(latest().params.get('lastEventId')).toBe('pos-9');
  });

  test('`resync` is dispatched to its subscribers', () => {
    const got: unknown[] = [];
    subscribe(events.resync.of(), (d) => got.push(d));
    start();
    latest().emit('resync', { action: 'resync' }, 'pos-1');
    expect(got).toEqual([{ action: 'resync' }]);
  });

  test('a failed refresh with the session still present retries with backoff; a dropped session stops', async () => {
    refreshAnswer = async () => {
      throw new Error('offline');
    };
    start();
    latest().fail();
    await waitFor(() => FakeEventSource.all.length === 2);
    // refresh failed but we are still logged in: try the current token
    expect(latest().params.get('token')).toBe('tok-1');
    latest().fail();
    await waitFor(() => FakeEventSource.all.length === 3);
    // now the refresh is refused and the shell dropped the session
    refreshAnswer = async () => {
      token = null;
      return null;
    };
    latest().fail();
    await waitFor(() => sseStatus() === 'stopped');
    await Bun.sleep(20);
    expect(FakeEventSource.all.length).toBe(3);
  });

  test('start without a token refreshes first; stopSse closes, forgets the position, and reports stopped', async () => {
    token = null;
    refreshAnswer = async () => 'tok-from-refresh';
    const statuses: SseStatus[] = [];
    const off = onSseStatus((s) => statuses.push(s));
    start();
    await waitFor(() => FakeEventSource.all.length === 1);
    expect(latest().params.get('token')).toBe('tok-from-refresh');
    latest().open();
    latest().emit('ready', { action: 'ready' }, 'pos-1');
    const es = latest();
    stopSse();
    expect(es.closed).toBe(true);
    expect(statuses).toEqual(['connecting', 'open', 'stopped']);
    off();
    token = 'tok-2';
    start();
    expect(latest().params.get('lastEventId')).toBeNull();
  });

  test('stopSse during a pending refresh does not reopen a stream', async () => {
    let release: (t: string) => void = () => {};
    refreshAnswer = () => new Promise((r) => (release = r));
    start();
    latest().fail();
    await waitFor(() => refreshes === 1);
    stopSse();
    release('late-token');
    await Bun.sleep(10);
    expect(FakeEventSource.all.length).toBe(1);
    expect(sseStatus()).toBe('stopped');
  });
});
