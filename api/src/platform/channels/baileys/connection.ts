import type { ConnectionStatus } from '../types';
import { type ReconnectDecision, reconnectDecision } from './reconnect';

/** The subset of Baileys' `connection.update` payload the adapter reads. */
export type ConnectionUpdateLike = {
  connection?: 'connecting' | 'open' | 'close';
  qr?: string | null;
  isNewLogin?: boolean;
  lastDisconnect?: { error?: { output?: { statusCode?: number } } | Error | null; date?: unknown } | null;
};

export type ConnectionEffect =
  | { type: 'qr'; qr: string }
  | { type: 'status'; status: ConnectionStatus }
  | { type: 'open' }
  | { type: 'close'; statusCode: number | undefined; decision: ReconnectDecision };

export function disconnectStatusCode(update: ConnectionUpdateLike): number | undefined {
  const err = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
  const code = err?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * connection.update → effects, given how many reconnects were made since the last open and whether the number is
 * paired. Pure: the adapter runs the effects (callbacks, timers, auth clean-up).
 */
export function interpretConnectionUpdate(
  update: ConnectionUpdateLike,
  ctx: { attempt: number; registered: boolean },
): ConnectionEffect[] {
  const out: ConnectionEffect[] = [];
  if (update.qr) out.push({ type: 'qr', qr: update.qr });
  if (update.connection === 'connecting') out.push({ type: 'status', status: 'OPENING' });
  if (update.connection === 'open') out.push({ type: 'open' });
  if (update.connection === 'close') {
    const statusCode = disconnectStatusCode(update);
    out.push({ type: 'close', statusCode, decision: reconnectDecision(statusCode, ctx.attempt, ctx) });
  }
  return out;
}
