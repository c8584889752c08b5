import type { WhatsappDto } from '@zapdesk/core';
import type { WhatsappWithQueues } from './whatsapp.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The connection in the API/SSE shape (spec 1 §3 field names). Non-administrators get no session data: no QR code,
 * no retry count, no import state (spec 1 §6: the session and actions columns are admin-only).
 */
export function toWhatsappDto(w: WhatsappWithQueues, admin: boolean): WhatsappDto {
  return {
    id: w.id,
    name: w.name,
    whatsappNumber: w.number,
    status: w.status,
    qrcode: admin ? w.qrcode : null,
    retries: admin ? w.retries : 0,
    isDefault: w.isDefault,
    lib: w.lib,
    greetingMessage: w.greetingMessage ?? '',
    farewellMessage: w.farewellMessage ?? '',
    disableGroupMessages: w.disableGroupMessages,
    queueIds: w.queues.map((q) => q.id),
    queues: w.queues,
    companyId: w.companyId,
    company: { id: w.companyId, name: w.companyName },
    saasNotificationCenter: w.isNotificationCenter,
    importOldMessages: admin ? iso(w.importOldMessages) : null,
    importRecentMessages: admin ? iso(w.importRecentMessages) : null,
    importOldMessagesGroups: w.importOldMessagesGroups,
    closedTicketsPostImported: w.closedTicketsPostImported,
    statusImportMessages: admin ? w.statusImportMessages : null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}
