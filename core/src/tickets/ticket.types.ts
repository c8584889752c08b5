/**
 * JSON shapes shared by the API (answers and SSE payloads) and the web. Contract between areas:
 * the tickets area serialises tickets, the connections/pipeline area serialises messages, both in these shapes.
 */
export type TicketStatus = 'pending' | 'open' | 'closed';

export type ContactRef = {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  isGroup: boolean;
};

export type TicketDto = {
  id: number;
  uuid: string;
  protocol: string;
  status: TicketStatus;
  contactId: number;
  contact: ContactRef;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string; status: string } | null;
  /** 1 active (started by an attendant), 0 receptive */
  source: number;
  unreadMessages: number;
  lastMessage: string;
  isGroup: boolean;
  chatbot: boolean;
  tags: { id: number; name: string; color: string }[];
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** SSE `ticket-{companyId}`: { action: 'update', ticket } | { action: 'updateUnread', ticketId } | { action: 'delete', ticketId } */
export type TicketEvent =
  | { action: 'update'; ticket: TicketDto }
  | { action: 'updateUnread'; ticketId: number }
  | { action: 'delete'; ticketId: number };

/**
 * SSE `ticketTransfer-{companyId}`, delivered only to the user a ticket was transferred to (by someone else):
 * the web shows a persistent notification with 'Visualizar ticket'.
 */
export type TicketTransferEvent = { action: 'transfer'; ticket: TicketDto; fromUser: { id: number; name: string } };
