import { DomainError } from '@zapdesk/core';
import { type Platform, platform } from '../index';
import { log } from '../log';
import { LocalOwnership, type SessionOwnership } from './ownership';
import { channelAdapter } from './registry';
import type { ChannelEvents, ChannelSession } from './types';

export type SessionConn = {
  id: number;
  companyId: number;
  name: string;
  disableGroupMessages: boolean;
  lib: 'baileys' | 'simulator';
};

type Live = {
  gen: number;
  conn: SessionConn;
  session: ChannelSession | null;
  /** the adapter's last reported status (metrics) */
  status?: string;
};

/**
 * Owns the live ChannelSessions of this process. Picks the adapter by `lib`, asks the ownership port before
 * starting, and forwards the adapter's events to the sink installed by the connections area — only while the
 * session that emits them is the current one (a replaced session's late events are dropped).
 */
export class SessionManager {
  private live = new Map<number, Live>();
  private chains = new Map<number, Promise<unknown>>();
  private gen = 0;
  private sink: ChannelEvents | undefined;

  constructor(private readonly ownership: SessionOwnership) {
    ownership.onLost((connId) => {
      log.warn({ connId }, 'session ownership lost; stopping local session');
      void this.stop(connId, { logout: false, keepOwnership: true }).catch(() => {});
    });
  }

  setSink(sink: ChannelEvents): void {
    this.sink = sink;
  }

  /** the running session of a connection in this process */
  get(connId: number): ChannelSession | undefined {
    return this.live.get(connId)?.session ?? undefined;
  }

  liveConnectionIds(): number[] {
    return [...this.live.keys()];
  }

  /** the sessions running here by their last reported status (`starting` before the first report) */
  statusCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const e of this.live.values()) {
      const s = e.status ?? 'starting';
      out[s] = (out[s] ?? 0) + 1;
    }
    return out;
  }

  /** one start/stop at a time per connection */
  private serial<T>(connId: number, fn: () => Promise<T>): Promise<T> {
    const prev = this.chains.get(connId) ?? Promise.resolve();
    const next = prev.catch(() => {}).then(fn);
    this.chains.set(connId, next);
    next
      .finally(() => {
        if (this.chains.get(connId) === next) this.chains.delete(connId);
      })
      .catch(() => {}); // the caller gets the rejection through `next`
    return next;
  }

  /**
   * (Re)starts the connection's session. Answers 'not-owner' when another process holds it.
   * Throws ERR_WAPP_NOT_INITIALIZED when no adapter exists for the connection's lib.
   */
  start(conn: SessionConn): Promise<'started' | 'not-owner'> {
    return this.serial(conn.id, async () => {
      await this.stopNow(conn.id, { logout: false, keepOwnership: true });
      const adapter = channelAdapter(conn.lib);
      if (!adapter) {
        throw new DomainError('ERR_WAPP_NOT_INITIALIZED', `Tipo de conexão indisponível neste servidor: ${conn.lib}.`);
      }
      if (!(await this.ownership.acquire(conn.id))) return 'not-owner';
      const entry: Live = { gen: ++this.gen, conn, session: null };
      this.live.set(conn.id, entry);
      try {
        entry.session = await adapter.start(conn, this.eventsFor(entry));
      } catch (err) {
        if (this.live.get(conn.id) === entry) this.live.delete(conn.id);
        await this.ownership.release(conn.id).catch(() => {});
        throw err;
      }
      return 'started';
    });
  }

  /** Stops the session; `logout` also forgets the pairing (a new QR code is needed next time). */
  stop(connId: number, opts: { logout: boolean; keepOwnership?: boolean }): Promise<void> {
    return this.serial(connId, () => this.stopNow(connId, opts));
  }

  private async stopNow(connId: number, opts: { logout: boolean; keepOwnership?: boolean }): Promise<void> {
    const entry = this.live.get(connId);
    if (!entry) return;
    this.live.delete(connId);
    try {
      await entry.session?.stop({ logout: opts.logout });
    } catch (err) {
      log.warn({ err, connId }, 'session stop failed');
    }
    if (!opts.keepOwnership) await this.ownership.release(connId).catch(() => {});
  }

  /**
   * Gives up the connection's ownership unless a session runs here again (stop with `keepOwnership`, record the
   * new state, then release: peers never see a stopped connection as a running orphan).
   */
  releaseIfIdle(connId: number): Promise<void> {
    return this.serial(connId, async () => {
      if (!this.live.has(connId)) await this.ownership.release(connId).catch(() => {});
    });
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.live.keys()].map((id) => this.stop(id, { logout: false })));
    await this.ownership.close();
  }

  private eventsFor(entry: Live): ChannelEvents {
    const current = () => this.live.get(entry.conn.id) === entry;
    /** hands the event to the sink; answers the sink's promise when it returns one (its handling of the event) */
    const forward = <K extends keyof ChannelEvents>(
      name: K,
      args: Parameters<NonNullable<ChannelEvents[K]>>,
    ): Promise<unknown> | undefined => {
      if (!current()) return;
      const fn = this.sink?.[name] as ((...a: unknown[]) => unknown) | undefined;
      if (!fn) return;
      try {
        const r = fn.apply(this.sink, args);
        if (r instanceof Promise) {
          r.catch((err) => log.error({ err, connId: entry.conn.id, event: name }, 'sink failed'));
          return r;
        }
      } catch (err) {
        log.error({ err, connId: entry.conn.id, event: name }, 'sink failed');
      }
    };
    return {
      onQr: (...a) => forward('onQr', a),
      onPairingCode: (...a) => forward('onPairingCode', a),
      onStatus: (connId, status, info) => {
        const wasCurrent = current();
        if (wasCurrent) entry.status = status;
        const handled = forward('onStatus', [connId, status, info]);
        // the phone logged out (or the number was banned): this session is over. Adapters report a transient drop
        // they recover from without reason 'logout'.
        if (status === 'DISCONNECTED' && info?.reason === 'logout' && wasCurrent) {
          this.live.delete(connId);
          // let go of the lease only once the sink recorded the end: a peer scanning for orphans must not find the
          // connection still CONNECTED with a free lease and start it again
          void Promise.resolve(handled)
            .catch(() => {})
            .then(() => this.releaseIfIdle(connId));
        }
      },
      onMessage: (...a) => forward('onMessage', a),
      onAck: (...a) => forward('onAck', a),
      onEdit: (...a) => forward('onEdit', a),
      onRevoke: (...a) => forward('onRevoke', a),
      onReaction: (...a) => forward('onReaction', a),
      onCall: (...a) => forward('onCall', a),
    };
  }
}

let ownershipFactory: (p: Platform) => SessionOwnership = () => new LocalOwnership();
/** The Redis lease plugs in here (before the first session starts). */
export function setSessionOwnershipFactory(factory: (p: Platform) => SessionOwnership): void {
  ownershipFactory = factory;
}

const managers = new WeakMap<Platform, SessionManager>();

/** The current platform's session manager if one was made (metrics read it without creating one). */
export function peekSessionManager(p: Platform = platform()): SessionManager | undefined {
  return managers.get(p);
}

/** The session manager of the current platform (one per process; tests get one per app). */
export function sessionManager(): SessionManager {
  const p = platform();
  let m = managers.get(p);
  if (!m) {
    const manager = new SessionManager(ownershipFactory(p));
    managers.set(p, manager);
    p.onShutdown.push(() => manager.stopAll());
    m = manager;
  }
  return m;
}
