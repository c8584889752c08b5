import { DomainError } from '@zapdesk/core';
import { watchSessionOrphans } from '../../platform/channels/lease';
import { defineSessionOp, sessionOwnedElsewhere } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import type { ChannelEventRecord, ChannelEvents, ConnectionStatus } from '../../platform/channels/types';
import { type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { emitSessionError, emitWhatsappUpdate } from './whatsapp.events';
import * as repo from './whatsapp.repo';

/**
 * Where a connection's messages, receipts, edits, revokes, reactions and calls go: the inbound pipeline's step 1
 * (pipeline.ingest.ts), installed at startup by the pipeline area (pipeline.startup.ts) — the connections area does
 * not import the pipeline. Resolves once the event is durably taken (its raw log written).
 */
export type InboundSink = (companyId: number, whatsappId: number, ev: ChannelEventRecord) => Promise<unknown>;
let inboundSink: InboundSink | undefined;
export function setInboundSink(sink: InboundSink): void {
  inboundSink = sink;
}
function ingestChannelEvent(companyId: number, whatsappId: number, ev: ChannelEventRecord): Promise<unknown> {
  if (!inboundSink) return Promise.reject(new Error('no inbound sink installed (startup: startPipelineArea)'));
  return inboundSink(companyId, whatsappId, ev);
}

/**
 * Bridge between the channel adapters and the platform: session state goes to the connection row and the live
 * channels; messages and receipts go to the inbound sink. Everything a connection emits is handled in order
 * (one chain per connection), so OPENING never overwrites a later CONNECTED and an edit is logged after its message.
 */
type State = {
  chains: Map<number, Promise<void>>;
  companyOf: Map<number, number>;
  /** events handed straight to the raw log's group commit, not yet written (per connection) */
  inflight: Map<number, Set<Promise<unknown>>>;
};
// per platform: each test app has its own database, where connection ids start again at 1
const states = new WeakMap<Platform, State>();
function state(): State {
  const p = platform();
  let s = states.get(p);
  if (!s) {
    s = { chains: new Map(), companyOf: new Map(), inflight: new Map() };
    states.set(p, s);
  }
  return s;
}

function enqueue(connId: number, fn: (companyId: number) => Promise<void>): Promise<void> {
  const { chains, companyOf } = state();
  const prev = chains.get(connId) ?? Promise.resolve();
  const next = prev.then(async () => {
    let companyId = companyOf.get(connId);
    if (companyId === undefined) {
      const found = await repo.unsafeFindConnectionCompany(connId);
      if (found === null) return; // connection deleted meanwhile
      companyId = found;
      companyOf.set(connId, companyId);
    }
    await fn(companyId);
  });
  const guarded = next.catch((err) => log.error({ err, connId }, 'channel event handling failed'));
  chains.set(connId, guarded);
  void guarded.finally(() => {
    if (chains.get(connId) === guarded) chains.delete(connId);
  });
  return guarded;
}

/** resolves once every event the connection emitted so far is handled (routes answer after it; tests await it) */
export async function connectionSettled(connId: number): Promise<void> {
  // only what was emitted so far: under steady traffic the set never empties
  const inflight = [...(state().inflight.get(connId) ?? [])];
  let last: Promise<void> | undefined;
  for (;;) {
    const p = state().chains.get(connId);
    if (!p || p === last) break;
    last = p;
    await p;
  }
  await Promise.allSettled(inflight);
}

async function applySession(
  companyId: number,
  connId: number,
  patch: Parameters<typeof repo.setSessionFields>[2],
): Promise<void> {
  const row = await repo.setSessionFields(companyId, connId, patch);
  if (!row) return;
  const full = await repo.findWhatsapp(companyId, connId);
  if (full) emitWhatsappUpdate(full);
}

/** tells the connection's administrators that its session ended by itself (toast, then the screen reloads) */
export async function reportSessionError(companyId: number, connId: number, reason: string): Promise<void> {
  const w = await repo.findWhatsappRow(companyId, connId);
  if (w) emitSessionError(companyId, connId, w.name, reason);
}

let onConnected: ((companyId: number, connId: number) => Promise<void>) | undefined;
/** hook run after a connection reaches CONNECTED (history import) */
export function setOnConnected(fn: (companyId: number, connId: number) => Promise<void>): void {
  onConnected = fn;
}

/**
 * Channel events go to the raw log in the order the connection emitted them. The common case — the connection's
 * company is known, nothing of it is queued, no media bytes to store — hands the event straight to the raw log's
 * group commit (FIFO), without waiting for the previous event's write: many events then share one write.
 */
function ingest(connId: number, ev: ChannelEventRecord): void {
  const s = state();
  const companyId = s.companyOf.get(connId);
  if (companyId !== undefined && !s.chains.has(connId) && !(ev.kind === 'message' && ev.msg.media)) {
    const p = ingestChannelEvent(companyId, connId, ev).catch((err) =>
      log.error({ err, connId }, 'channel event handling failed'),
    );
    let set = s.inflight.get(connId);
    if (!set) {
      set = new Set();
      s.inflight.set(connId, set);
    }
    set.add(p);
    void p.finally(() => {
      set.delete(p);
      if (set.size === 0 && s.inflight.get(connId) === set) s.inflight.delete(connId);
    });
    return;
  }
  void enqueue(connId, async (companyId) => {
    await ingestChannelEvent(companyId, connId, ev);
  });
}

export const channelSink: ChannelEvents = {
  onQr(connId, qr) {
    void enqueue(connId, (companyId) =>
      applySession(companyId, connId, { status: 'qrcode', qrcode: qr, incrementRetries: true }),
    );
  },
  onPairingCode(connId, code) {
    void enqueue(connId, (companyId) => applySession(companyId, connId, { status: 'PAIRING', qrcode: code }));
  },
  // answers its handling: the session manager releases a logged-out session's lease only after the row says so
  onStatus(connId, status: ConnectionStatus, info) {
    return enqueue(connId, async (companyId) => {
      const patch: Parameters<typeof repo.setSessionFields>[2] = { status };
      if (status === 'CONNECTED') {
        patch.qrcode = null;
        patch.retries = 0;
        if (info?.number) patch.number = info.number;
      }
      if (status === 'DISCONNECTED' || status === 'TIMEOUT') patch.qrcode = null;
      await applySession(companyId, connId, patch);
      // a DISCONNECTED with a reason is the adapter giving up (logout, ban, replaced): a person must act
      if (status === 'DISCONNECTED' && info?.reason) await reportSessionError(companyId, connId, info.reason);
      if (status === 'CONNECTED' && onConnected) {
        await onConnected(companyId, connId).catch((err) => log.error({ err, connId }, 'on-connected hook failed'));
      }
    });
  },
  onMessage: (connId, msg) => ingest(connId, { kind: 'message', msg }),
  onAck: (connId, messageId, ack) => ingest(connId, { kind: 'ack', messageId, ack }),
  onEdit: (connId, messageId, body, raw) => ingest(connId, { kind: 'edit', messageId, body, raw }),
  onRevoke: (connId, messageId, raw) => ingest(connId, { kind: 'revoke', messageId, raw }),
  onReaction: (connId, messageId, emoji, from, raw) =>
    ingest(connId, { kind: 'reaction', messageId, emoji, from, raw }),
  onCall: (connId, from, at, raw) => ingest(connId, { kind: 'call', from, at, raw }),
};

/**
 * Starts (or restarts) a connection's session in THIS process, claiming it (restore at startup, orphan takeover,
 * and the owner's side of a relayed start). Answers false when another process owns it.
 */
export async function startLocalSession(w: repo.WhatsappRow): Promise<boolean> {
  const m = sessionManager();
  m.setSink(channelSink);
  state().companyOf.set(w.id, w.companyId);
  const r = await m.start({
    id: w.id,
    companyId: w.companyId,
    name: w.name,
    disableGroupMessages: w.disableGroupMessages,
    lib: w.lib,
  });
  await connectionSettled(w.id);
  return r === 'started';
}

async function stopLocalSession(connId: number, logout: boolean): Promise<void> {
  const m = sessionManager();
  await m.stop(connId, { logout, keepOwnership: true });
  await connectionSettled(connId);
  await enqueue(connId, (cid) => applySession(cid, connId, { status: 'DISCONNECTED', qrcode: null }));
  // released only now: until the row says DISCONNECTED a peer would take the connection for a running orphan
  await m.releaseIfIdle(connId);
}

// session commands run by the session's owner (whichever process that is: see platform/channels/relay.ts)
const startOnOwner = defineSessionOp('connection.start', async (connId, a: { companyId: number }) => {
  const w = await repo.findWhatsappRow(a.companyId, connId);
  if (!w) throw new DomainError('ERR_NO_WAPP_FOUND');
  return startLocalSession(w);
});
const stopOnOwner = defineSessionOp('connection.stop', async (connId, a: { logout: boolean }) =>
  stopLocalSession(connId, a.logout),
);

/**
 * Starts (or restarts) a connection's session where it runs: on its owner when another process owns it, else here
 * (this process claims it). Answers false when it could not be started anywhere.
 */
export async function startConnectionSession(w: repo.WhatsappRow): Promise<boolean> {
  if (await startOnOwner(w.id, { companyId: w.companyId })) return true;
  // another process claimed it between our look-up and our claim: ask that one (once)
  return startOnOwner(w.id, { companyId: w.companyId });
}

/** Stops the session wherever it runs; `logout` forgets the pairing. The row goes DISCONNECTED. */
export async function stopConnectionSession(companyId: number, connId: number, logout: boolean): Promise<void> {
  void companyId;
  await stopOnOwner(connId, { logout });
}

const RUNNING: readonly repo.WhatsappRow['status'][] = ['CONNECTED', 'OPENING', 'TIMEOUT'];
const isRunning = (w: repo.WhatsappRow) => RUNNING.includes(w.status);

/**
 * A company was deactivated (the master's switch, billing): the connections whose session was running are marked to
 * resume, then every session stops (stopCompanySessions). The mark is in the row, so it outlives a restart while the
 * company is off. A QR code or pairing code being shown is not resumed: nobody is there to scan it (as at startup).
 */
export async function suspendCompanySessions(companyId: number): Promise<void> {
  const running = (await repo.listWhatsapps(companyId)).filter(isRunning).map((w) => w.id);
  await repo.setResumeOnReactivation(companyId, running, true);
  await stopCompanySessions(companyId);
}

/**
 * A company was reactivated: the sessions its deactivation stopped start again (paired: they reconnect without a QR
 * code), unless a person disconnected or started the connection meanwhile (that clears the mark). A start that fails
 * leaves the connection DISCONNECTED with the usual session error to the admins.
 */
export async function resumeCompanySessions(companyId: number): Promise<void> {
  for (const w of await repo.takeConnectionsToResume(companyId)) {
    try {
      await startConnectionSession(w);
    } catch (err) {
      log.warn({ err, connId: w.id, companyId }, 'resuming a session of a reactivated company failed');
      await reportSessionError(companyId, w.id, 'startFailed').catch(() => {});
    }
  }
}

/**
 * A company left service (deactivated, or about to be deleted): every session of its connections stops here or on
 * its owner, WITHOUT logging out — the pairing is kept, so once the company is active again its admin reconnects a
 * connection without a new QR code. Rows go DISCONNECTED.
 */
export async function stopCompanySessions(companyId: number): Promise<void> {
  for (const w of await repo.listWhatsapps(companyId)) {
    if (w.status === 'DISCONNECTED') continue;
    await stopConnectionSession(companyId, w.id, false).catch((err) =>
      log.warn({ err, connId: w.id, companyId }, 'stopping a session of a company leaving service failed'),
    );
  }
}

/**
 * Startup: sessions that were running come back (a paired session reconnects without a QR code); with several
 * processes the first to claim each one runs it. A QR code or pairing code shown by a process that is gone cannot be
 * scanned any more, so those connections show DISCONNECTED — unless a live process still shows it (scaled mode).
 */
export async function restoreSessions(): Promise<void> {
  const rows = await repo.unsafeListConnectionsToRestore();
  for (const w of rows) {
    if (isRunning(w)) {
      try {
        await startLocalSession(w);
      } catch (err) {
        log.warn({ err, connId: w.id }, 'session restore failed');
        // e.g. no adapter for its lib in this process: not ours to declare dead while another process runs it
        if (await sessionOwnedElsewhere(w.id).catch(() => false)) continue;
        await enqueue(w.id, async (cid) => {
          await applySession(cid, w.id, { status: 'DISCONNECTED', qrcode: null });
          await reportSessionError(cid, w.id, 'startFailed');
        });
      }
    } else {
      await clearCodeIfOrphan(w);
    }
  }
}

async function clearCodeIfOrphan(w: repo.WhatsappRow): Promise<void> {
  if (await sessionOwnedElsewhere(w.id)) return;
  if (sessionManager().get(w.id)) return;
  const row = await repo.clearStaleCode(w.companyId, w.id, w.qrcode);
  if (!row) return;
  const full = await repo.findWhatsapp(w.companyId, w.id);
  if (full) emitWhatsappUpdate(full);
}

/**
 * Scaled mode: every scan, the running connections whose owner stopped renewing its lease (crash) are claimed and
 * restarted here, and QR codes left by a dead process are cleared. Embedded mode: nothing (this process owns all).
 */
export function watchConnectionOrphans(): void {
  watchSessionOrphans(
    async () => {
      const rows = await repo.unsafeListConnectionsToRestore();
      for (const w of rows) {
        if (!isRunning(w)) await clearCodeIfOrphan(w).catch((err) => log.warn({ err, connId: w.id }, 'clear code'));
      }
      return rows.filter(isRunning).map((w) => w.id);
    },
    async (connId) => {
      const w = (await repo.unsafeListConnectionsToRestore()).find((r) => r.id === connId && isRunning(r));
      // not found (stopped or deleted meanwhile): watchSessionOrphans releases the lease, nothing started
      if (w) await startLocalSession(w);
    },
  );
}
