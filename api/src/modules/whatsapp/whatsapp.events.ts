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
    channel: `whatsapp-${w.companyId}`,
    data: { action: 'update', whatsapp: toWhatsappDto(w, false) },
  });
  emit({
    companyId: w.companyId,
    channel: 'whatsappSession',
    adminOnly: true,
    data: { action: 'update', session: toWhatsappDto(w, true) },
  });
}

export function emitWhatsappDelete(companyId: number, whatsappId: number): void {
  emit({ companyId, channel: 'whatsapp', data: { action: 'delete', whatsappId } });
  emit({ companyId, channel: `whatsapp-${companyId}`, data: { action: 'delete', whatsappId } });
}

export function emitImportProgress(
  companyId: number,
  status: { this: number; all: number; state: 'preparing' | 'running' | 'done' | 'failed'; whatsappId: number },
): void {
  emit({ companyId, channel: `importMessages-${companyId}`, adminOnly: true, data: { action: 'update', status } });
}
