/**
 * Kanban (spec 2 §2, §3 'Ticket (kanban)', §4, §7 'Tags and kanban'): the wire shapes of `GET /ticketkanban`,
 * `DELETE /ticket-tags/{ticketId}` and `PUT /ticket-tags/{ticketId}/{tagId}`, and who sees which tickets on the board.
 *
 * The board is paged per lane (docs/DECISIONS.md, Kanban): without `lane` the answer is the first page of every lane
 * ('Em aberto' and each kanban tag) with each lane's count; with `lane` (and the `cursor` that lane's last page
 * answered) it is that lane's next page. A company with 10,000 open tickets never sends them all at once.
 */
import { z } from 'zod';
import { coercedId } from '../ids/ids';
import { IdList, LIST_TEXTS } from '../lists/page-query';
import type { TicketDto, TicketStatus } from '../tickets/ticket.types';
import type { TicketSubject, TicketViewer } from '../tickets/ticket-visibility';

/** Tickets per lane page (a card is ~110 px: one page fills four screens of a lane). */
export const KANBAN_PAGE_SIZE = 30;

export const KANBAN_TEXTS = {
  invalidLane: 'Coluna inválida',
  invalidCursor: 'Cursor inválido',
  /** spec 2 §8: the success message of a move */
  moved: 'Alteração realizada com Sucesso!',
} as const;

/** spec 2 §9: the move confirmation follows the cursor for 3 s */
export const KANBAN_MESSAGE_MS = 3000;

/** 'open' = the 'Em aberto' lane (tickets without a kanban tag); a number = the lane of that kanban tag. */
export type KanbanLaneKey = 'open' | number;

const LaneId = coercedId(KANBAN_TEXTS.invalidLane);
export const KanbanLane = z.union([z.literal('open'), LaneId], { error: KANBAN_TEXTS.invalidLane });

/** Where a lane's next page starts: after (updatedAt, id) of the last ticket of the previous page. */
export type KanbanCursor = { at: string; id: number };

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

const toBase64Url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'));

/** Opaque to the client (base64url of `[at, id]`); `at` is the database's own text of the timestamp (microseconds). */
export function encodeKanbanCursor(c: KanbanCursor): string {
  return toBase64Url(JSON.stringify([c.at, c.id]));
}

export function decodeKanbanCursor(s: string): KanbanCursor | null {
  try {
    const v = JSON.parse(fromBase64Url(s));
    if (!Array.isArray(v) || v.length !== 2) return null;
    const [at, id] = v;
    if (typeof at !== 'string' || !CURSOR_AT.test(at)) return null;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    return { at, id };
  } catch {
    return null;
  }
}

const Cursor = z
  .string({ error: KANBAN_TEXTS.invalidCursor })
  .max(200, KANBAN_TEXTS.invalidCursor)
  .transform((s, ctx) => {
    const c = decodeKanbanCursor(s);
    if (!c) {
      ctx.addIssue({ code: 'custom', message: KANBAN_TEXTS.invalidCursor });
      return z.NEVER;
    }
    return c;
  });

/**
 * `GET /ticketkanban`: queueIds (JSON array of the user's queue ids: it can only narrow the board, never widen it past
 * the user's own queues) and the spec's `test` flag (accepted and ignored); ours: `lane` + `cursor` for a lane's
 * next page.
 */
export const KanbanQuery = z.object({
  queueIds: IdList,
  test: z.unknown().optional(),
  lane: KanbanLane.optional(),
  cursor: Cursor.optional(),
});
export type KanbanQuery = z.output<typeof KanbanQuery>;

/** `DELETE /ticket-tags/{ticketId}` */
export const TicketTagsParam = z.object({ ticketId: coercedId(LIST_TEXTS.invalidId) });
/** `PUT /ticket-tags/{ticketId}/{tagId}` */
export const TicketTagParams = z.object({
  ticketId: coercedId(LIST_TEXTS.invalidId),
  tagId: coercedId(LIST_TEXTS.invalidId),
});

export type KanbanLanePage = {
  lane: KanbanLaneKey;
  /** the page's tickets, newest activity first (updatedAt desc, id desc) */
  ticketIds: number[];
  /** every ticket of the lane on this user's board */
  count: number;
  hasMore: boolean;
  /** pass back as `cursor` with `lane` for the next page; null when there is none */
  cursor: string | null;
};

/** `GET /ticketkanban` → the tickets of the pages (each once) and the lanes' pages. */
export type KanbanAnswer = { tickets: TicketDto[]; lanes: KanbanLanePage[] };

/** Which tickets the user's board holds (the server applies it in SQL, the web to live events). */
export type KanbanScope = {
  statuses: TicketStatus[];
  /** the user's queues (narrowed by the queueIds the client sent, never widened) */
  queueIds: number[];
  /** tickets without a queue, when the user's group allows them (allowNoQueue), as in the ticket list */
  includeNoQueue: boolean;
};

/**
 * Spec 2 §6: the board holds the open and pending tickets of the queues the user belongs to — admins included (their
 * own queues, not every queue). Pending tickets need allowViewPendingTickets, queueless ones allowNoQueue, like
 * every other ticket view (ticket-visibility.ts). `requested` (the client's queueIds) only narrows.
 */
export function kanbanScope(v: TicketViewer, requested: readonly number[]): KanbanScope {
  const own = [...new Set(v.queueIds)].sort((a, b) => a - b);
  const queueIds = requested.length ? own.filter((id) => requested.includes(id)) : own;
  const pending = v.isAdmin || v.viewPendingTickets;
  return {
    statuses: pending ? ['open', 'pending'] : ['open'],
    queueIds,
    includeNoQueue: v.isAdmin || v.allowNoQueue,
  };
}

/** Whether a ticket belongs on the board of this scope. */
export function onKanban(t: TicketSubject, s: KanbanScope): boolean {
  if (!s.statuses.includes(t.status)) return false;
  return t.queueId === null ? s.includeNoQueue : s.queueIds.includes(t.queueId);
}

/** The lanes a ticket shows in: one per kanban tag it carries, or 'Em aberto' when it carries none. */
export function kanbanLanesOf(t: Pick<TicketDto, 'tags'>, kanbanTagIds: ReadonlySet<number>): KanbanLaneKey[] {
  const lanes = t.tags.filter((tag) => kanbanTagIds.has(tag.id)).map((tag) => tag.id);
  return lanes.length ? [...new Set(lanes)] : ['open'];
}

/** The ticket's tags after a move to `to`: its kanban tags replaced by the target's (none for 'Em aberto'). */
export function tagsAfterMove(
  t: Pick<TicketDto, 'tags'>,
  kanbanTagIds: ReadonlySet<number>,
  to: { id: number; name: string; color: string } | 'open',
): TicketDto['tags'] {
  const kept = t.tags.filter((tag) => !kanbanTagIds.has(tag.id));
  return to === 'open' ? kept : [...kept, to];
}
