import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { DomainError } from '@zapdesk/core';
import { LocalOwnership, type SessionOwnership } from './ownership';
import { registerChannelAdapter, unregisterChannelAdapter } from './registry';
import { SessionManager } from './session-manager';
import type { ChannelAdapter, ChannelEvents, ChannelSession } from './types';

const conn = { id: 7, companyId: 1, name: 'X', disableGroupMessages: true, lib: 'simulator' as const };

function fakeAdapter() {
  const started: { events: ChannelEvents; stopped: { logout?: boolean } | null }[] = [];
  const adapter: ChannelAdapter = {
    lib: 'simulator',
    async start(c, events) {
      const entry = { events, stopped: null as { logout?: boolean } | null };
      started.push(entry);
      const s: ChannelSession = {
        connId: c.id,
        sendMessage: async () => ({ id: 'x', timestamp: 0 }),
        deleteMessage: async () => {},
        sendPresence: async () => {},
        checkNumber: async (n) => n,
        stop: async (o) => {
          entry.stopped = o ?? {};
        },
      };
      return s;
    },
  };
  return { adapter, started };
}

function recordingSink() {
  const statuses: string[] = [];
  const sink = {
    onQr: () => {},
    onStatus: (_id: number, s: string) => statuses.push(s),
    onMessage: () => {},
    onAck: () => {},
    onEdit: () => {},
    onRevoke: () => {},
    onReaction: () => {},
    onCall: () => {},
  } as ChannelEvents;
  return { sink, statuses };
}

// the registry is process-wide: other test files may have registered the real simulator
beforeEach(() => unregisterChannelAdapter('simulator'));
afterEach(() => unregisterChannelAdapter('simulator'));

describe('SessionManager', () => {
  test('no adapter for the lib → ERR_WAPP_NOT_INITIALIZED', async () => {
    const m = new SessionManager(new LocalOwnership());
    const err = await m.start(conn).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  test('a restart stops the old session; its late events are dropped', async () => {
    const { adapter, started } = fakeAdapter();
    registerChannelAdapter(adapter);
    const m = new SessionManager(new LocalOwnership());
    const { sink, statuses } = recordingSink();
    m.setSink(sink);
    await m.start(conn);
    await m.start(conn);
    expect(started).toHaveLength(2);
    expect(started[0].stopped).toEqual({ logout: false });
    started[0].events.onStatus(7, 'CONNECTED');
    started[1].events.onStatus(7, 'OPENING');
    expect(statuses).toEqual(['OPENING']);
  });

  test('a logout ends the session; another process owning it → not-owner', async () => {
    const { adapter, started } = fakeAdapter();
    registerChannelAdapter(adapter);
    const m = new SessionManager(new LocalOwnership());
    m.setSink(recordingSink().sink);
    await m.start(conn);
    started[0].events.onStatus(7, 'DISCONNECTED', { reason: 'logout' });
    expect(m.get(7)).toBeUndefined();

    const lost: ((id: number) => void)[] = [];
    const denied: SessionOwnership = {
      acquire: async () => false,
      release: async () => {},
      onLost: (cb) => lost.push(cb),
      close: async () => {},
    };
    const other = new SessionManager(denied);
    expect(await other.start(conn)).toBe('not-owner');
    expect(other.get(7)).toBeUndefined();
  });

  test('ownership lost → the local session stops without logging out', async () => {
    const { adapter, started } = fakeAdapter();
    registerChannelAdapter(adapter);
    let lose: ((id: number) => void) | undefined;
    const own: SessionOwnership = {
      acquire: async () => true,
      release: async () => {},
      onLost: (cb) => {
        lose = cb;
      },
      close: async () => {},
    };
    const m = new SessionManager(own);
    await m.start(conn);
    lose?.(7);
    await Bun.sleep(10);
    expect(m.get(7)).toBeUndefined();
    expect(started[0].stopped).toEqual({ logout: false });
  });
});
