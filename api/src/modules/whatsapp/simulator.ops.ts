import { DomainError, type SimulatorEvent, type SimulatorInbound } from '@zapdesk/core';
import { defineSessionOp } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { connectionSettled } from './whatsapp.sessions';

/**
 * The simulated phone's actions, run by the process that owns the simulator session (relayed there from any
 * process). Each answers once the events it caused are handled, so the caller's next read sees them.
 */
function simulatorSession(connId: number): SimulatorSession {
  const s = sessionManager().get(connId);
  if (!(s instanceof SimulatorSession)) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  return s;
}

/** the live QR code and whether the session runs (nothing runs anywhere → no code, not running) */
export const simulatorLiveState = defineSessionOp('simulator.state', async (connId, _a: Record<string, never>) => {
  const s = sessionManager().get(connId);
  return s instanceof SimulatorSession
    ? { qrcode: s.qr, running: s.state !== 'stopped' }
    : { qrcode: null as string | null, running: false };
});

export const simulatorScanOp = defineSessionOp('simulator.scan', async (connId, _a: Record<string, never>) => {
  await simulatorSession(connId).scan();
  await connectionSettled(connId);
});

export const simulatorLogoutOp = defineSessionOp('simulator.disconnect', async (connId, _a: Record<string, never>) => {
  await simulatorSession(connId).phoneLogout();
  await connectionSettled(connId);
});

export const simulatorInboundOp = defineSessionOp('simulator.inbound', async (connId, a: SimulatorInbound) => {
  const id = await simulatorSession(connId).inbound(a);
  // the raw log is written before answering: the event is safe even if processing happens later
  await connectionSettled(connId);
  return id;
});

export const simulatorEventOp = defineSessionOp('simulator.event', async (connId, a: SimulatorEvent) => {
  await simulatorSession(connId).event(a);
  await connectionSettled(connId);
});

export const simulatorAckOp = defineSessionOp('simulator.ack', async (connId, a: { id: string; ack: number }) => {
  await simulatorSession(connId).ack(a.id, a.ack);
  await connectionSettled(connId);
});
