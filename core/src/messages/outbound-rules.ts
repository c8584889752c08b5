import type { TicketStatus } from '../tickets/ticket.types';

/**
 * The outbound seam's ticket policy (api `messages.outbound.ts`): what happens to the conversation a platform send
 * belongs to. Schedules, campaigns, bots, the message API and billing notices each pick one.
 * - `reuse`: the contact's unfinished (open or pending) ticket on the connection, else a new one
 * - `create`: always a new ticket (the message API's default): an unfinished ticket of the contact on that connection
 *   is closed first, silently (one unfinished ticket per contact and connection)
 * - `none`: the message is sent, not stored in any ticket (no ticket is created)
 * `status`, `queueId`, `userId`: written on the ticket after the send (absent: left as they are).
 */
export type OutboundTicketMode = 'reuse' | 'create' | 'none';
export type OutboundTicketPolicy = {
  mode: OutboundTicketMode;
  status?: TicketStatus;
  queueId?: number | null;
  userId?: number | null;
};

export type TicketStateAfterSend = {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  markAccepted: boolean;
  markClosed: boolean;
};

/**
 * The ticket's state once a platform send applied its policy, or null when nothing changes. A pending ticket never
 * has a user (docs/DECISIONS.md, Tickets): `pending` drops it; `open` with a user counts as accepted; `closed` keeps
 * the attendant and stamps the closing time.
 */
export function ticketStateAfterSend(
  current: { status: TicketStatus; userId: number | null; queueId: number | null },
  policy: Pick<OutboundTicketPolicy, 'status' | 'queueId' | 'userId'>,
): TicketStateAfterSend | null {
  const status = policy.status ?? current.status;
  const queueId = policy.queueId !== undefined ? policy.queueId : current.queueId;
  const wantedUser = policy.userId !== undefined ? policy.userId : current.userId;
  const userId = status === 'pending' ? null : wantedUser;
  if (status === current.status && userId === current.userId && queueId === current.queueId) return null;
  return {
    status,
    userId,
    queueId,
    markAccepted: status === 'open' && userId !== null && current.status !== 'open',
    markClosed: status === 'closed' && current.status !== 'closed',
  };
}
