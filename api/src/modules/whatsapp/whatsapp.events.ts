import { events } from '@zapdesk/core';
import { emit } from '../../platform/index';
import { toWhatsappDto } from './whatsapp.dto';
import type { WhatsappWithQueues } from './whatsapp.repo';

/**
 * Live channels of connections (spec 1 §7): `whatsapp-{companyId}` update (everyone, no session data),
 * `whatsappSession` update (administrators: status, qrcode, retries…), `whatsapp` delete.
 */
export function emitWhatsappUpdate(w: WhatsappWithQueues): void {
  emit({
    companyId: w.companyId,
    channel: events.whatsapp.of(w.companyId),
    data: { action: 'update', whatsapp: toWhatsappDto(w, false) },
  });
  emit({
    companyId: w.companyId,
    channel: events.whatsappSession.of(),
    adminOnly: true,
    data: { action: 'update', session: toWhatsappDto(w, true) },
  });
}

/**
 * A session ended without anyone asking (phone logged out, number banned, session replaced, start failed): the
 * connections screen shows it for 15 s and then reloads (spec 1 §4). `reason` is a short machine code
 * (`logout`, `forbidden`, `connectionReplaced`, `qrTimeout`, `startFailed`…); the web words it.
 */
export function emitSessionError(companyId: number, whatsappId: number, name: string, reason: string): void {
  emit({
    companyId,
    channel: events.whatsappSession.of(),
    adminOnly: true,
    data: { action: 'error', whatsappId, name, reason },
  });
}

export function emitWhatsappDelete(companyId: number, whatsappId: number): void {
  emit({ companyId, channel: events.whatsappDelete.of(), data: { action: 'delete', whatsappId } });
  emit({ companyId, channel: events.whatsapp.of(companyId), data: { action: 'delete', whatsappId } });
}

export function emitImportProgress(
  companyId: number,
  status: { this: number; all: number; state: 'preparing' | 'running' | 'done' | 'failed'; whatsappId: number },
): void {
  emit({
    companyId,
    channel: events.importMessages.of(companyId),
    adminOnly: true,
    data: { action: 'update', status },
  });
}
