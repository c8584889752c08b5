import type { TicketDto } from './ticket.types';

/** A complete TicketDto for unit tests: open, attendant 7, queue 1, nothing unread — override what the test is about. */
export const ticketDto = (id: number, over: Partial<TicketDto> = {}): TicketDto => ({
  id,
  uuid: `u${id}`,
  protocol: String(id),
  status: 'open',
  contactId: id,
  contact: { id, name: `C${id}`, number: `55${id}`, email: '', profilePicUrl: null, isGroup: false },
  queueId: 1,
  queue: { id: 1, name: 'Q', color: '#000' },
  userId: 7,
  user: { id: 7, name: 'Me' },
  whatsappId: 1,
  whatsapp: null,
  source: 0,
  unreadMessages: 0,
  lastMessage: '',
  isGroup: false,
  chatbot: false,
  tags: [],
  companyId: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...over,
});
