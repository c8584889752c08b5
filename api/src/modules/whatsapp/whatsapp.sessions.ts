import { sessionManager } from '../../platform/channels/session-manager';
import type { ChannelEvents, ConnectionStatus } from '../../platform/channels/types';
import { type Platform, platform } from '../../platform/index';
import { log } from '../../platform/log';
import { type ChannelEventRecord, ingestChannelEvent } from '../pipeline/pipeline.ingest';
import { emitSessionError, emitWhatsappUpdate } from './whatsapp.events';
import * as repo from './whatsapp.repo';

/**
 * Bridge between the channel adapters and the platform: session state goes to the connection row and the live
 * channels; messages and receipts go to the inbound pipeline. Everything a connection emits is handled in order
 * (one chain per connection), so OPENING never overwrites a later CONNECTED and an edit is logged after its message.
 */
type State = { chains: Map<number, Promise<void>>; companyOf: Map<number, number> };
// per platform: each test app has its own database, where connection ids start again at 1
const states = new WeakMap<Platform, State>();
function state(): State {
  const p = platform();
  let s = states.get(p);
  if (!s) {
    s = { chains: new Map(), companyOf: new Map() };
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
  let last: Promise<void> | undefined;
  for (;;) {
    const p = state().chains.get(connId);
    if (!p || p === last) return;
    last = p;
    await p;
  }
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

function ingest(connId: number, ev: ChannelEventRecord): void {
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
  onStatus(connId, status: ConnectionStatus, info) {
    void enqueue(connId, async (companyId) => {
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

/** Starts (or restarts) a connection's session in this process. Answers false when another process owns it. */
export async function startConnectionSession(w: repo.WhatsappRow): Promise<boolean> {
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

/** Stops the session; `logout` forgets the pairing. The row goes DISCONNECTED. */
export async function stopConnectionSession(companyId: number, connId: number, logout: boolean): Promise<void> {
  await sessionManager().stop(connId, { logout });
  await connectionSettled(connId);
  await enqueue(connId, (cid) => applySession(cid, connId, { status: 'DISCONNECTED', qrcode: null }));
  void companyId;
}

/**
 * Startup: sessions that were connected come back (a paired session reconnects without a QR code);
 * a QR code or pairing code from before the restart is gone, so those connections show DISCONNECTED.
 */
export async function restoreSessions(): Promise<void> {
  const rows = await repo.unsafeListConnectionsToRestore();
  for (const w of rows) {
    if (w.status === 'CONNECTED' || w.status === 'OPENING') {
      try {
        await startConnectionSession(w);
      } catch (err) {
        log.warn({ err, connId: w.id }, 'session restore failed');
        await enqueue(w.id, async (cid) => {
          await applySession(cid, w.id, { status: 'DISCONNECTED', qrcode: null });
          await reportSessionError(cid, w.id, 'startFailed');
        });
      }
    } else {
      await enqueue(w.id, (cid) => applySession(cid, w.id, { status: 'DISCONNECTED', qrcode: null }));
    }
  }
}
