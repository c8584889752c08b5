import type { TicketSubject } from '@zapdesk/core';

/** A payload on the wire: JSON with the spec's `action` (typed per channel by core's catalogue). */
export type WireData = { action: string; [k: string]: unknown };

/**
 * Events port. A published event goes to every API process (in-process bus, or Redis pub/sub with REDIS_URL);
 * the SSE layer forwards it only to connected users of `companyId` (and only to `userId` when set).
 */
export type AppEvent = {
  /** assigned by the bus on publish; monotonic per publisher, unique across processes */
  id: string;
  companyId: number;
  /** the spec's channel name, e.g. `ticket-${companyId}`, `appMessage-${companyId}`, `whatsapp`, `user` */
  channel: string;
  /** JSON payload with the spec's `action` */
  data: WireData;
  /** restrict delivery to one user of the company */
  userId?: number;
  /**
   * restrict delivery to these users of the company (computed by the publishing area, which owns the visibility
   * rule, e.g. the users of a ticket's queue)
   */
  userIds?: number[];
  /** restrict delivery to admins (profile admin) of the company. Restrictions combine: all given must hold. */
  adminOnly?: boolean;
  /**
   * the ticket the event is about (set by `emit` from the core catalogue): only users allowed to see it by core's
   * `canViewTicket` receive `data`; the others receive `hidden`, or nothing when it is absent. Carried across
   * processes with the event, so every process decides alike.
   */
  ticket?: TicketSubject;
  hidden?: WireData;
};

export type NewEvent = Omit<AppEvent, 'id'>;

export interface EventBus {
  publish(event: NewEvent): Promise<AppEvent>;
  /** every event published by any process; returns an unsubscribe function */
  subscribe(listener: (event: AppEvent) => void): () => void;
  close(): Promise<void>;
}
