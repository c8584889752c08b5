import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DomainError } from '@zapdesk/core';
import { setupTestApp, type TestApp } from '../../test/harness';
import { channelAdapter, registerChannelAdapter, unregisterChannelAdapter } from './registry';
import { defineSessionOp, type RelayTransport, sessionCall, sessionOwnedElsewhere, setRelayTransport } from './relay';
import { sessionManager } from './session-manager';
import type { ChannelAdapter } from './types';

/** Where an op runs: here (embedded, owned here, owned by nobody) or on the owner through the transport. */
let t: TestApp;
const saved = { adapter: undefined as ChannelAdapter | undefined };
beforeAll(async () => {
  t = await setupTestApp();
  saved.adapter = channelAdapter('simulator');
}, 60_000);
afterAll(async () => {
  setRelayTransport(t.platform, undefined);
  unregisterChannelAdapter('simulator');
  if (saved.adapter) registerChannelAdapter(saved.adapter);
  await t.close();
});

const ranHere: { connId: number; args: unknown }[] = [];
const echo = defineSessionOp('test.echo', async (connId, args: { n: number }) => {
  ranHere.push({ connId, args });
  return { here: true, n: args.n };
});

function fakeTransport(owner: string | null | Error) {
  const sent: { address: string; call: { connId: number; op: string; args: unknown }; timeoutError: string }[] = [];
  const transport: RelayTransport = {
    ownerElsewhere: async () => {
      if (owner instanceof Error) throw owner;
      return owner;
    },
    request: async (address, call, opts) => {
      sent.push({ address, call, timeoutError: opts.timeoutError });
      return { remote: address };
    },
  };
  return { transport, sent };
}

describe('channel relay dispatch', () => {
  test('embedded (no transport): runs here', async () => {
    expect(await echo(1, { n: 1 })).toEqual({ here: true, n: 1 });
    expect(await sessionOwnedElsewhere(1)).toBe(false);
    // no session anywhere: the channel ops say so with the spec's code
    const err = await sessionCall(1, 'checkNumber', { number: '5511999990000' }).then(
      () => null,
      (e: DomainError) => e,
    );
    expect(err?.code).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  test('owned by another process: sent to it with the op and its timeout error', async () => {
    const { transport, sent } = fakeTransport('owner-token');
    setRelayTransport(t.platform, transport);
    ranHere.length = 0;
    expect(await echo(2, { n: 2 })).toEqual({ remote: 'owner-token' } as never);
    expect(ranHere).toEqual([]);
    expect(sent[0].call).toEqual({ connId: 2, op: 'test.echo', args: { n: 2 } });
    expect(await sessionCall(2, 'sendMessage', { to: '5511999990000', content: { kind: 'text', body: 'oi' } })).toEqual(
      { remote: 'owner-token' } as never,
    );
    expect(sent[1].call.op).toBe('session.sendMessage');
    expect(sent[1].timeoutError).toBe('ERR_SENDING_WAPP_MSG');
    expect(await sessionOwnedElsewhere(2)).toBe(true);
  });

  test('owned by nobody (or by us): runs here', async () => {
    setRelayTransport(t.platform, fakeTransport(null).transport);
    ranHere.length = 0;
    expect(await echo(3, { n: 3 })).toEqual({ here: true, n: 3 });
    expect(ranHere).toHaveLength(1);
  });

  test('a session running in this process is used directly, whatever the transport says', async () => {
    const adapter: ChannelAdapter = {
      lib: 'simulator',
      async start(c) {
        return {
          connId: c.id,
          sendMessage: async () => ({ id: 'LOCAL', timestamp: 1 }),
          deleteMessage: async () => {},
          sendPresence: async () => {},
          checkNumber: async (n) => `ok:${n}`,
          stop: async () => {},
        };
      },
    };
    unregisterChannelAdapter('simulator');
    registerChannelAdapter(adapter);
    setRelayTransport(t.platform, fakeTransport('someone-else').transport);
    await sessionManager().start({ id: 4, companyId: 1, name: 'x', disableGroupMessages: true, lib: 'simulator' });
    expect(await sessionCall(4, 'checkNumber', { number: '123' })).toBe('ok:123');
    expect(await sessionCall(4, 'sendMessage', { to: '1', content: { kind: 'text', body: 'a' } })).toEqual({
      id: 'LOCAL',
      timestamp: 1,
    });
    expect(await sessionOwnedElsewhere(4)).toBe(false);
    await sessionManager().stop(4, { logout: false });
  });

  test('Redis unreachable while looking up the owner → 503 ERR_SERVICE_UNAVAILABLE (retry later), never a 500', async () => {
    setRelayTransport(t.platform, fakeTransport(new Error('connect ECONNREFUSED')).transport);
    const err = await echo(5, { n: 5 }).then(
      () => null,
      (e: DomainError) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect(err?.code).toBe('ERR_SERVICE_UNAVAILABLE');
    expect(err?.status).toBe(503);
  });

  test('an op name is defined once', () => {
    expect(() => defineSessionOp('test.echo', async () => null)).toThrow();
  });
});
