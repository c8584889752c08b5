import type { ContactRef, TicketDto } from '../tickets/ticket.types';

export type MediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'document'
  | 'location'
  | 'vcard'
  | 'call_log'
  | 'sticker'
  | 'reaction';

export type MessageDto = {
  id: number;
  /** WhatsApp message id */
  wid: string;
  ticketId: number;
  contactId: number | null;
  contact: ContactRef | null;
  userId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  /** 0 pending … 4 read (≤2 one check, 3 two checks, ≥4 read) */
  ack: number;
  mediaType: MediaType | string | null;
  /** authenticated download path on the API (append ?token= for <img>/<audio>) */
  mediaUrl: string | null;
  quotedMsgId: number | null;
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string | null } | null;
  isDeleted: boolean;
  deletedByContact: boolean;
  isEdited: boolean;
  /** location {latitude, longitude}, call {at}, reactions… */
  dataJson: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
};

/** SSE `appMessage-{companyId}`: { action: 'create' | 'update', message, ticket, contact } */
export type AppMessageEvent = {
  action: 'create' | 'update';
  message: MessageDto;
  ticket: TicketDto;
  contact: ContactRef | null;
};

/** A raw inbound log row (spec 3 §3 field names: details0 = body, details1 = time spent (ms), JsonValue = the raw event). */
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

/** SSE `messagesBruteLog` (masters only) */
export type MessageBruteLogEvent =
  | { action: 'create' | 'update'; messagesBruteLog: MessageBruteLogDto }
  | { action: 'delete'; messagesBruteLogId?: number; message?: string };
