import { DomainError, type ErrorCode } from '@zapdesk/core';
import { type Platform, platform } from '../index';
import { log } from '../log';
import { serviceUnavailable } from '../unavailable';
import { sessionManager } from './session-manager';
import type { ChannelPresence, ChannelSession, OutboundContent, SentMessage } from './types';

/**
 * Channel command relay: a session lives in exactly one process (its owner), but any process may need it (an API
 * process serving a send, a worker sending a greeting). `sessionCall` / an op made by `defineSessionOp` runs the op
 * here when this process runs the session (or nobody does), otherwise asks the owner over the relay transport and
 * awaits its answer. Embedded mode has no transport: everything runs here, as before.
 *
 * Ops are named handlers registered at import time in every process (they are code, not state). A handler runs in
 * the owner process and reaches the live session itself (`sessionManager().get(connId)`); when the session is not
 * there it answers ERR_WAPP_NOT_INITIALIZED (or, for start, starts it here and so claims it).
 */
export type SessionOpOptions = {
  /** how long a caller waits for a remote owner's answer (default 15 s) */
  timeoutMs?: number;
  /**
   * the error when the owner accepted the request but did not answer in time (default ERR_WAPP_NOT_INITIALIZED).
   * An unreachable owner (not listening: it just died, its lease not yet expired) is always ERR_WAPP_NOT_INITIALIZED.
   */
  timeoutError?: ErrorCode;
};

type OpDef = {
  handler: (connId: number, args: unknown) => Promise<unknown>;
  timeoutMs: number;
  timeoutError: ErrorCode;
};

export const DEFAULT_RELAY_TIMEOUT_MS = 15_000;

/** What the relay needs from a cross-process transport (Redis in scaled mode; see relay-redis.ts). */
export interface RelayTransport {
  /** the address of the process owning the connection's session when it is ANOTHER process; null → run here */
  ownerElsewhere(connId: number): Promise<string | null>;
  request(
    address: string,
    call: { connId: number; op: string; args: unknown },
    opts: { timeoutMs: number; timeoutError: ErrorCode },
  ): Promise<unknown>;
}

const ops = new Map<string, OpDef>();
const transports = new WeakMap<Platform, RelayTransport>();

/** Installs the cross-process transport of a platform (scaled mode); undefined removes it. */
export function setRelayTransport(p: Platform, t: RelayTransport | undefined): void {
  if (t) transports.set(p, t);
  else transports.delete(p);
}

/**
 * Registers an op and answers the function that calls it on the connection's owner. Call at module top level, so
 * every process that may own sessions knows every op. Args and results travel as JSON, with `Uint8Array` and `Date`
 * values preserved.
 */
export function defineSessionOp<A, R>(
  name: string,
  handler: (connId: number, args: A) => Promise<R>,
  opts: SessionOpOptions = {},
): (connId: number, args: A) => Promise<R> {
  if (ops.has(name)) throw new Error(`session op defined twice: ${name}`);
  ops.set(name, {
    handler: handler as OpDef['handler'],
    timeoutMs: opts.timeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS,
    timeoutError: opts.timeoutError ?? 'ERR_WAPP_NOT_INITIALIZED',
  });
  return (connId, args) => dispatch(connId, name, args) as Promise<R>;
}

/** Runs an op in this process (the transport calls this for requests addressed to us). */
export async function runSessionOpHere(connId: number, op: string, args: unknown): Promise<unknown> {
  const def = ops.get(op);
  if (!def) throw new Error(`unknown session op: ${op}`);
  return def.handler(connId, args);
}

async function dispatch(connId: number, op: string, args: unknown): Promise<unknown> {
  const def = ops.get(op);
  if (!def) throw new Error(`unknown session op: ${op}`);
  const transport = transports.get(platform());
  // the session runs here (the common case once a process owns it): no Redis round trip
  if (!transport || sessionManager().get(connId)) return def.handler(connId, args);
  let address: string | null;
  try {
    address = await transport.ownerElsewhere(connId);
  } catch (err) {
    // Redis unreachable: nobody can tell who runs the session for now (503: the client may retry)
    log.warn({ err, connId, op }, 'session relay: owner look-up failed');
    throw serviceUnavailable();
  }
  // nobody owns it (start claims it here; other ops find no session and say so) or we hold the lease
  if (!address) return def.handler(connId, args);
  return transport.request(address, { connId, op, args }, { timeoutMs: def.timeoutMs, timeoutError: def.timeoutError });
}

/**
 * Whether another live process owns the connection's session (scaled mode). Always false in embedded mode, where
 * this process is the only one.
 */
export async function sessionOwnedElsewhere(connId: number): Promise<boolean> {
  const transport = transports.get(platform());
  if (!transport || sessionManager().get(connId)) return false;
  return (await transport.ownerElsewhere(connId)) !== null;
}

function liveSession(connId: number) {
  const s = sessionManager().get(connId);
  if (!s) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  return s;
}

/** The channel port's session operations, run on the owner. */
export type SessionCalls = {
  sendMessage: { args: { to: string; content: OutboundContent }; result: SentMessage };
  deleteMessage: { args: { to: string; messageId: string; fromMe: boolean }; result: undefined };
  checkNumber: { args: { number: string }; result: string | null };
  sendPresence: { args: { to: string; presence: ChannelPresence }; result: undefined };
};

const builtins: {
  [K in keyof SessionCalls]: (connId: number, a: SessionCalls[K]['args']) => Promise<SessionCalls[K]['result']>;
} = {
  // a media upload to WhatsApp may take a while. Attendants' messages do not come this way: they are sent AND
  // recorded on the owner (messages.sendAndRecord), so a lost answer never loses a sent message
  sendMessage: defineSessionOp(
    'session.sendMessage',
    (connId, a: SessionCalls['sendMessage']['args']) => liveSession(connId).sendMessage(a.to, a.content),
    { timeoutMs: 120_000, timeoutError: 'ERR_SENDING_WAPP_MSG' },
  ),
  deleteMessage: defineSessionOp(
    'session.deleteMessage',
    async (connId, a: SessionCalls['deleteMessage']['args']) => {
      await liveSession(connId).deleteMessage(a.to, a.messageId, a.fromMe);
      return undefined;
    },
    { timeoutError: 'ERR_DELETE_WAPP_MSG' },
  ),
  checkNumber: defineSessionOp(
    'session.checkNumber',
    (connId, a: SessionCalls['checkNumber']['args']) => liveSession(connId).checkNumber(a.number),
    { timeoutError: 'ERR_WAPP_CHECK_CONTACT' },
  ),
  sendPresence: defineSessionOp(
    'session.sendPresence',
    async (connId, a: SessionCalls['sendPresence']['args']) => {
      await liveSession(connId).sendPresence(a.to, a.presence);
      return undefined;
    },
    { timeoutError: 'ERR_SENDING_WAPP_MSG' },
  ),
};

/**
 * One of the channel port's session operations on the connection's owner (this process or another one).
 * No live session anywhere → ERR_WAPP_NOT_INITIALIZED.
 */
export function sessionCall<K extends keyof SessionCalls>(
  connId: number,
  op: K,
  args: SessionCalls[K]['args'],
): Promise<SessionCalls[K]['result']> {
  return builtins[op](connId, args);
}

/** The session operations of a connection, wherever its session runs (each call goes to the owner). */
export type SessionHandle = Pick<
  ChannelSession,
  'connId' | 'sendMessage' | 'deleteMessage' | 'checkNumber' | 'sendPresence'
>;

export function sessionHandle(connId: number): SessionHandle {
  return {
    connId,
    sendMessage: (to, content) => sessionCall(connId, 'sendMessage', { to, content }),
    deleteMessage: (to, messageId, fromMe) => sessionCall(connId, 'deleteMessage', { to, messageId, fromMe }),
    checkNumber: (number) => sessionCall(connId, 'checkNumber', { number }),
    sendPresence: (to, presence) => sessionCall(connId, 'sendPresence', { to, presence }),
  };
}
