import { renderGreeting, shouldGreet, type TicketDto } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import { sendOutbound } from '../messages/messages.outbound';
import type { PipelineConnection } from '../whatsapp/whatsapp.pipeline';
import type { InboundReaction } from './pipeline.reactions';

/** the connection's greeting; else, for a ticket routed to a queue, that queue's greeting */
export function greetingFor(conn: PipelineConnection, ticket: TicketDto): string | null {
  const template =
    conn.greetingMessage?.trim() ||
    (ticket.queueId ? conn.queueGreetings.get(ticket.queueId)?.trim() : undefined) ||
    null;
  if (!template) return null;
  return renderGreeting(template, { name: ticket.contact.name, protocol: ticket.protocol, now: nowDate() });
}

/**
 * The first after-inbound reaction: the message that opened a new one-to-one conversation gets the connection's
 * (or its queue's) greeting. Never stops the reactions after it. A failed send is logged by the hook.
 */
export const greetingReaction: InboundReaction = {
  stage: 'greeting',
  name: 'greeting',
  async run({ companyId, message, ticket, connection, createdTicket, isGroup }) {
    if (!shouldGreet({ createdTicket, fromMe: message.fromMe, isGroup })) return 'continue';
    const greeting = greetingFor(connection, ticket);
    if (greeting) {
      await sendOutbound(companyId, { to: { ticketId: ticket.id, ticket }, content: { kind: 'text', body: greeting } });
    }
    return 'continue';
  },
};
