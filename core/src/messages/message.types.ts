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

/**
 * What processing a raw log came to (the row colour of the message-logs screen, spec 3 §2):
 * - `ok`: produced (or updated) its ticket/message;
 * - `warning`: handled with a note (duplicate, ignored, connection removed, message not found) — ticketId negative;
 * - `unknown`: processed, no ticket and no note (an event type the pipeline does not turn into a message);
 * - `error`: processing failed (the error is kept; reprocess it);
 * - `pending`: not processed yet.
 */
export type RawLogOutcome = 'ok' | 'warning' | 'unknown' | 'error' | 'pending';

/** A raw inbound log row (spec 3 §3 field names: details0 = body, details1 = time spent (ms), JsonValue = the raw event). */
export type MessageBruteLogDto = {
  id: number;
  createdAt: string;
  remoteJid: string | null;
  messageId: string | null;
  fromMe: boolean;
  /**
   * Spec 3 §2 semantics: the ticket it produced (positive); negative on a warning (minus the ticket concerned, -1
   * when none); null when no ticket (unknown type, failed, pending). `outcome` says which.
   */
  ticketId: number | null;
  type: string | null;
  companyId: number;
  whatsappId: number | null;
  details0: string | null;
  details1: number | null;
  JsonValue: unknown;
  status: string;
  error: string | null;
  outcome: RawLogOutcome;
};

/** SSE `messagesBruteLog` (masters only) */
export type MessageBruteLogEvent =
  | { action: 'create' | 'update'; messagesBruteLog: MessageBruteLogDto }
  | { action: 'delete'; messagesBruteLogId?: number; message?: string };
