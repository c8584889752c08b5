/**
 * A worker process for the lease takeover test (lease.e2e.test.ts): runs the real SessionManager over the Redis
 * lease with a simulator-like adapter and prints one JSON line per session event on stdout.
 * env: REDIS_URL, LEASE_MS, SCAN_MS, KEY_PREFIX, CONN_IDS (comma list), NAME.
 */
import { DEFAULT_LEASE_MS, DEFAULT_SCAN_MS, RedisOwnership } from './lease-redis';
import { registerChannelAdapter } from './registry';
import { SessionManager } from './session-manager';
import type { ChannelAdapter } from './types';

const name = process.env.NAME ?? `worker-${process.pid}`;
const ids = (process.env.CONN_IDS ?? '').split(',').filter(Boolean).map(Number);
const say = (event: string, extra: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ name, event, at: Date.now(), ...extra })}\n`);

const adapter: ChannelAdapter = {
  lib: 'simulator',
  async start(conn, events) {
    events.onStatus(conn.id, 'CONNECTED', { number: `55119${String(conn.id).padStart(8, '0')}` });
    say('started', { id: conn.id });
    return {
      connId: conn.id,
      async sendMessage() {
        return { id: `sim-${Date.now()}`, timestamp: Date.now() };
      },
      async deleteMessage() {},
      async sendPresence() {},
      async checkNumber(n: string) {
        return n;
      },
      async stop() {
        say('stopped', { id: conn.id });
      },
    };
  },
};
registerChannelAdapter(adapter);

const ownership = new RedisOwnership({
  redis: process.env.REDIS_URL!,
  leaseMs: Number(process.env.LEASE_MS ?? DEFAULT_LEASE_MS),
  scanMs: Number(process.env.SCAN_MS ?? DEFAULT_SCAN_MS),
  keyPrefix: process.env.KEY_PREFIX,
  ownerId: name,
});
const manager = new SessionManager(ownership);
manager.setSink({
  onQr() {},
  onStatus() {},
  onMessage() {},
  onAck() {},
  onEdit() {},
  onRevoke() {},
  onReaction() {},
  onCall() {},
});
ownership.onLost((id) => say('lost', { id }));

ownership.watchOrphans(
  () => ids,
  async (id) => {
    const r = await manager.start({
      id,
      companyId: 1,
      name: `conn-${id}`,
      disableGroupMessages: true,
      lib: 'simulator',
    });
    say(r === 'started' ? 'owned' : 'not-owner', { id });
  },
);
say('ready', { token: ownership.token });

process.on('SIGTERM', () => {
  void manager.stopAll().finally(() => process.exit(0));
});
