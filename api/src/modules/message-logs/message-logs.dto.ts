import type { RawLogRow } from './message-logs.repo';

/** spec 3 §3 field names: details0 = body, details1 = time spent (ms), JsonValue = the raw event */
export type MessageBruteLogDto = {
  id: number;
  createdAt: string;
  remoteJid: string | null;
  messageId: string | null;
  fromMe: boolean;
  ticketId: number | null;
  type: string | null;
  companyId: number;
  whatsappId: number | null;
  details0: string | null;
  details1: number | null;
  JsonValue: unknown;
  status: string;
  error: string | null;
};

export function toMessageBruteLogDto(r: RawLogRow): MessageBruteLogDto {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    remoteJid: r.remoteJid,
    messageId: r.messageId,
    fromMe: r.fromMe,
    ticketId: r.ticketId,
    type: r.type,
    companyId: r.companyId,
    whatsappId: r.whatsappId,
    details0: r.body,
    details1: r.timeSpent,
    JsonValue: r.jsonValue,
    status: r.status,
    error: r.error,
  };
}
