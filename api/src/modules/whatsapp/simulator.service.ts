import { DomainError, normalizeNumber, type SimulatorEvent, type SimulatorInbound } from '@zapdesk/core';
import { sessionManager } from '../../platform/channels/session-manager';
import * as simRepo from '../../platform/channels/simulator/simulator.repo';
import { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import type { UserCtx } from '../../platform/http/context';
import { platform } from '../../platform/index';
import { getWhatsappInCompany } from './whatsapp.service';
import { connectionSettled } from './whatsapp.sessions';

/**
 * The simulator's HTTP interface (docs/SIMULATOR.md). Any user of the connection's company may play the phone
 * (it is how attendants demo and test); another company's connection answers 404.
 */
async function simulatorConnection(ctx: UserCtx, id: number) {
  if (!platform().env.simulatorEnabled) throw new DomainError('ERR_NOT_FOUND');
  const w = await getWhatsappInCompany(ctx.companyId, id);
  if (w.lib !== 'simulator') throw new DomainError('ERR_VALIDATION', 'Esta conexão não é do simulador.');
  return w;
}

async function liveSession(ctx: UserCtx, id: number): Promise<SimulatorSession> {
  await simulatorConnection(ctx, id);
  const s = sessionManager().get(id);
  if (!(s instanceof SimulatorSession)) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  return s;
}

export async function simulatorState(ctx: UserCtx, id: number) {
  const w = await simulatorConnection(ctx, id);
  const s = sessionManager().get(id);
  return {
    id: w.id,
    name: w.name,
    status: w.status,
    number: w.number,
    qrcode: s instanceof SimulatorSession ? s.qr : null,
    running: s instanceof SimulatorSession && s.state !== 'stopped',
  };
}

export async function simulatorScan(ctx: UserCtx, id: number) {
  const s = await liveSession(ctx, id);
  await s.scan();
  await connectionSettled(id);
  return simulatorState(ctx, id);
}

export async function simulatorDisconnect(ctx: UserCtx, id: number) {
  const s = await liveSession(ctx, id);
  await s.phoneLogout();
  await connectionSettled(id);
  return simulatorState(ctx, id);
}

export async function simulatorInbound(ctx: UserCtx, id: number, input: SimulatorInbound): Promise<{ id: string }> {
  const s = await liveSession(ctx, id);
  const wid = await s.inbound(input);
  // the raw log is written before answering: the event is safe even if processing happens later
  await connectionSettled(id);
  return { id: wid };
}

export async function simulatorEvent(ctx: UserCtx, id: number, input: SimulatorEvent): Promise<{ ok: true }> {
  const s = await liveSession(ctx, id);
  await s.event(input);
  await connectionSettled(id);
  return { ok: true };
}

export async function simulatorAck(
  ctx: UserCtx,
  id: number,
  input: { id: string; ack: number },
): Promise<{ ok: true }> {
  const s = await liveSession(ctx, id);
  await s.ack(input.id, input.ack);
  await connectionSettled(id);
  return { ok: true };
}

export async function simulatorCheck(ctx: UserCtx, id: number, number: string) {
  const s = await liveSession(ctx, id);
  const found = await s.checkNumber(number);
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
};

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
