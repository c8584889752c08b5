import { renderGreeting, type TicketDto } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import { setFarewellSender } from '../tickets/tickets.service';
import { findConnection } from '../whatsapp/whatsapp.pipeline';
import { sendOutbound } from './messages.outbound';

/**
 * The farewell: resolving a ticket sends its connection's farewell message, when it has one (placeholders as in
 * greetings, {{user}} the attendant who resolved it), through the outbound seam — in any ticket status, unsigned.
 */
export async function sendFarewell(ticket: TicketDto, attendant: string): Promise<void> {
  if (!ticket.whatsappId) return;
  const conn = await findConnection(ticket.companyId, ticket.whatsappId);
  const template = conn?.farewellMessage?.trim();
  if (!template) return;
  const body = renderGreeting(template, {
    name: ticket.contact.name,
    protocol: ticket.protocol,
    user: attendant,
    now: nowDate(),
  });
  await sendOutbound(ticket.companyId, { to: { ticketId: ticket.id, ticket }, content: { kind: 'text', body } });
}

/** startup: the ticket area's resolve sends the farewell through this area */
export function installFarewell(): void {
  setFarewellSender(sendFarewell);
}
