import { type Platform, platform } from '../index';
import { log } from '../log';
import { serviceUnavailable } from '../unavailable';
import { RedisOwnership } from './lease-redis';
import { LocalOwnership } from './ownership';
import { runSessionOpHere, setRelayTransport } from './relay';
import { RedisRelay } from './relay-redis';
import { sessionManager, setSessionOwnershipFactory } from './session-manager';

/**
 * Wiring of session ownership for the process: with REDIS_URL the Redis lease (several API processes share the
 * sessions, one owner each), without it LocalOwnership (embedded mode, one process). Call before the first
 * session starts.
 */
const redisOwners = new WeakMap<Platform, RedisOwnership>();

export function installSessionOwnership(): void {
  setSessionOwnershipFactory((p) => {
    if (!p.env.redisUrl) return new LocalOwnership();
    const o = new RedisOwnership({
      redis: p.env.redisUrl,
      keyPrefix: `${p.env.redisPrefix}:session-lease:`,
      leaseMs: p.env.sessionLeaseMs,
      scanMs: p.env.sessionScanMs,
    });
    redisOwners.set(p, o);
    log.info({ token: o.token, leaseMs: o.leaseMs }, 'session ownership: redis lease');
    return o;
  });
}

/** The Redis lease of the current platform, when this process uses one. */
export function redisSessionOwnership(p: Platform = platform()): RedisOwnership | undefined {
  sessionManager(); // creates the manager, hence the ownership, on first use
  return redisOwners.get(p);
}

/**
 * With the Redis lease: every scan (5 s), claims the connections that should be running (`candidates`) but whose
 * owner died, and starts them here through `start`. Without Redis this process already owns everything: no-op.
 * Returns a stop function (also run on shutdown).
 */
export function watchSessionOrphans(
  candidates: () => Promise<readonly number[]>,
  start: (connId: number) => Promise<void>,
): () => void {
  const p = platform();
  const owner = redisSessionOwnership(p);
  if (!owner) return () => {};
  const stop = owner.watchOrphans(candidates, async (connId) => {
    log.warn({ connId }, 'session ownership: taking over a session whose owner stopped renewing');
    await start(connId);
    // nothing started (connection stopped or deleted meanwhile): do not sit on a lease nobody uses
    if (!sessionManager().get(connId) && owner.owns(connId)) await owner.release(connId);
  });
  p.onShutdown.push(stop);
  return stop;
}

/**
 * Scaled mode: listens for channel commands addressed to this process (the sessions it owns) and lets this
 * process's calls reach the owner of a session elsewhere. Resolves once subscribed, so call it before the first
 * session starts: a lease this process holds is then always reachable. Embedded mode: nothing to do.
 */
export async function startSessionRelay(): Promise<void> {
  const p = platform();
  const owner = redisSessionOwnership(p);
  if (!owner || !p.env.redisUrl) return;
  const relay = new RedisRelay({
    redis: p.env.redisUrl,
    address: owner.token,
    prefix: `${p.env.redisPrefix}:session-relay:`,
    holder: async (connId) => {
      const h = await owner.holder(connId);
      // Redis just came back and lost the leases: the owner has not re-taken this one yet → retry later (503)
      if (h === null && owner.settling()) throw serviceUnavailable();
      return h;
    },
    handle: runSessionOpHere,
    settling: () => owner.settling(),
  });
  await relay.ready;
  setRelayTransport(p, relay);
  // registered after the session manager's stopAll, so it runs first: peers asking during shutdown fail fast
  p.onShutdown.push(async () => {
    setRelayTransport(p, undefined);
    await relay.close();
  });
}
