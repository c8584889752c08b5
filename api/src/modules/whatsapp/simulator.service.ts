import { DomainError, normalizeNumber, type SimulatorEvent, type SimulatorInbound } from '@zapdesk/core';
import { sessionCall } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import * as simRepo from '../../platform/channels/simulator/simulator.repo';
import { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { platform } from '../../platform/index';
import {
  simulatorAckOp,
  simulatorEventOp,
  simulatorInboundOp,
  simulatorLiveState,
  simulatorLogoutOp,
  simulatorScanOp,
} from './simulator.ops';
import { getWhatsappInCompany } from './whatsapp.service';

/**
 * The simulator's HTTP interface (docs/SIMULATOR.md). Any user of the connection's company may play the phone
 * (it is how attendants demo and test); the connection's own actions (reading the QR code, logging the phone out)
 * need what the connections screen needs (manageConnections). Another company's connection answers 404.
 */
async function simulatorConnection(ctx: UserCtx, id: number) {
  if (!platform().env.simulatorEnabled) throw new DomainError('ERR_NOT_FOUND');
  const w = await getWhatsappInCompany(ctx.companyId, id);
  if (w.lib !== 'simulator') throw new DomainError('ERR_VALIDATION', 'Esta conexão não é do simulador.');
  return w;
}

/**
 * The same check for the phone's actions (inbound, event, ack), answered from memory when this process runs the
 * connection's simulator session — a running session means the connection exists, in the session's company (a
 * deleted connection stops its session). Otherwise (session elsewhere or stopped) the database answers.
 */
async function checkSimulatorConnection(ctx: UserCtx, id: number): Promise<void> {
  if (!platform().env.simulatorEnabled) throw new DomainError('ERR_NOT_FOUND');
  const local = sessionManager().get(id);
  if (local instanceof SimulatorSession && local.conn.companyId === ctx.companyId) return;
  await simulatorConnection(ctx, id);
}

export async function simulatorState(ctx: UserCtx, id: number) {
  const w = await simulatorConnection(ctx, id);
  const live = await simulatorLiveState(id, {});
  return { id: w.id, name: w.name, status: w.status, number: w.number, qrcode: live.qrcode, running: live.running };
}

export async function simulatorScan(ctx: UserCtx, id: number) {
  await simulatorConnection(ctx, id);
  assertCan(ctx, 'manageConnections');
  await simulatorScanOp(id, {});
  return simulatorState(ctx, id);
}

export async function simulatorDisconnect(ctx: UserCtx, id: number) {
  await simulatorConnection(ctx, id);
  assertCan(ctx, 'manageConnections');
  await simulatorLogoutOp(id, {});
  return simulatorState(ctx, id);
}

export async function simulatorInbound(ctx: UserCtx, id: number, input: SimulatorInbound): Promise<{ id: string }> {
  await checkSimulatorConnection(ctx, id);
  return { id: await simulatorInboundOp(id, input) };
}

export async function simulatorEvent(ctx: UserCtx, id: number, input: SimulatorEvent): Promise<{ ok: true }> {
  await checkSimulatorConnection(ctx, id);
  await simulatorEventOp(id, input);
  return { ok: true };
}

export async function simulatorAck(
  ctx: UserCtx,
  id: number,
  input: { id: string; ack: number },
): Promise<{ ok: true }> {
  await checkSimulatorConnection(ctx, id);
  await simulatorAckOp(id, input);
  return { ok: true };
}

export async function simulatorCheck(ctx: UserCtx, id: number, number: string) {
  await simulatorConnection(ctx, id);
  const found = await sessionCall(id, 'checkNumber', { number });
  return {
    number: normalizeNumber(number),
    exists: found !== null,
    jid: found ? `${found}@s.whatsapp.net` : null,
    normalized: found,
  };
}

type SimOut = {
  id: string;
  to: string;
  body: string;
  mediaType: string | null;
  createdAt: string;
  ack: number;
  deleted: boolean;
  fileName: string | null;
  quotedId: string | null;
  /** reply buttons sent with the text (campaign buttons), null for other messages */
  buttons: { id: string; text: string }[] | null;
  /** a location sent (WhatsApp pin): its coordinates, name and address; null for other messages */
  location: SimLocation | null;
};

type SimLocation = { latitude: number; longitude: number; name?: string; address?: string };

function locationOf(mediaType: string | null, dataJson: unknown): SimLocation | null {
  if (mediaType !== 'location' || !dataJson || typeof dataJson !== 'object') return null;
  const d = dataJson as Record<string, unknown>;
  if (typeof d.latitude !== 'number' || typeof d.longitude !== 'number') return null;
  return {
    latitude: d.latitude,
    longitude: d.longitude,
    ...(typeof d.name === 'string' ? { name: d.name } : {}),
    ...(typeof d.address === 'string' ? { address: d.address } : {}),
  };
}

/** the reply buttons a sent message carried (OutboundContent `buttons`), from the simulator row */
function buttonsOf(dataJson: unknown): { id: string; text: string }[] | null {
  const b = (dataJson as { buttons?: unknown } | null)?.buttons;
  return Array.isArray(b) ? (b as { id: string; text: string }[]) : null;
}

/** what the platform sent (to one number, or all) — oldest first */
export async function simulatorOutbox(ctx: UserCtx, id: number, to?: string): Promise<SimOut[]> {
  const w = await simulatorConnection(ctx, id);
  const rows = await simRepo.listSimMessages(ctx.companyId, w.id, {
    direction: 'out',
    number: to ? normalizeNumber(to) || to : undefined,
    limit: 1000,
  });
  return rows
    .filter((r) => !r.fromMe)
    .map((r) => ({
      id: r.wid,
      to: r.number,
      body: r.body,
      mediaType: r.mediaType,
      createdAt: r.createdAt.toISOString(),
      ack: r.ack,
      deleted: r.deleted,
      fileName: r.fileName,
      quotedId: r.quotedId,
      buttons: buttonsOf(r.dataJson),
      location: locationOf(r.mediaType, r.dataJson),
    }));
}

/** the conversation of one number with the connection, both directions, oldest first (the phone mock-up) */
export async function simulatorConversation(ctx: UserCtx, id: number, number: string) {
  const w = await simulatorConnection(ctx, id);
  const rows = await simRepo.listSimMessages(ctx.companyId, w.id, {
    number: normalizeNumber(number) || number,
    limit: 1000,
  });
  return rows.map((r) => ({
    id: r.wid,
    direction: r.direction,
    fromMe: r.fromMe,
    number: r.number,
    name: r.name,
    body: r.body,
    mediaType: r.mediaType,
    fileName: r.fileName,
    ack: r.ack,
    deleted: r.deleted,
    quotedId: r.quotedId,
    dataJson: r.dataJson,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function simulatorChats(ctx: UserCtx, id: number) {
  const w = await simulatorConnection(ctx, id);
  const rows = await simRepo.listSimChats(ctx.companyId, w.id);
  return rows.map((r) => ({
    number: r.number,
    name: r.name,
    lastAt: new Date(r.lastAt).toISOString(),
    count: r.count,
  }));
}
