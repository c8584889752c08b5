import {
  applyTicketMove,
  breathe,
  type CreateTicketBody,
  canViewTicket as canView,
  DomainError,
  dayEnd,
  dayStart,
  type ErrorCode,
  events,
  instantsAfterChange,
  instantsWhenHandedOver,
  LAST_MESSAGE_MAX,
  type ListTicketsQuery,
  type MachineActor,
  moveFromUpdate,
  type OutboundTicketPolicy,
  PAGE_SIZE,
  pageOf,
  pageWindow,
  planTicketCreation,
  type TicketDto,
  type TicketEvent,
  type TicketSubject,
  type TicketTransferEvent,
  ticketListFilter,
  ticketStateAfterSend,
  ticketViewerOf,
  type UpdateTicketBody,
} from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { log } from '../../platform/log';
import {
  createInboundTickets,
  type InboundConversation,
  type TicketTouch,
  touchTickets,
  unfinishedTicketsOfContactKeys,
} from './tickets.batch.repo';
import * as repo from './tickets.repo';
import type { ReportFilter } from './tickets.report.repo';
import * as reportRepo from './tickets.report.repo';

export { toTicketDto } from './tickets.repo';
export type { ReportFilter };

/** Publishes `ticket-{companyId}` with the spec's actions (update, updateUnread, delete). */
export function emitTicketEvent(companyId: number, data: TicketEvent): void {
  emit({ companyId, channel: events.ticket.of(companyId), data });
}

/** The ticket in the API/SSE shape; 404 ERR_NO_TICKET_FOUND for a missing id or another company's id. */
export function loadTicketDto(companyId: number, ticketId: number): Promise<TicketDto> {
  return repo.getTicketDtoInCompany(companyId, ticketId);
}

/** The tickets in the API/SSE shape, those of the company among `ids` (any order). */
export function loadTicketDtos(companyId: number, ids: number[]): Promise<TicketDto[]> {
  return repo.ticketDtosByIds(companyId, ids);
}

/**
 * The unfinished (open/pending) tickets of the contacts known by these numbers or LIDs, newest first (the inbound
 * batch reads them with the contacts, in the same round trip).
 */
export function unfinishedTicketsOfContacts(
  companyId: number,
  keys: { numbers: string[]; lids: string[] },
): Promise<{ id: number; contactId: number; whatsappId: number | null }[]> {
  return unfinishedTicketsOfContactKeys(companyId, keys.numbers, keys.lids);
}

export type { TicketTouch };

/**
 * touchTicketOnMessage for many tickets in one statement (the inbound batch): each gets its preview, is bumped and
 * its unread count grows by `unread`; `known` are their DTOs read before (in parallel with the messages' insert),
 * patched with what the update stored and published. Answers the published DTOs by ticket id.
 */
export async function touchTicketsOnMessages(
  companyId: number,
  touches: TicketTouch[],
  known: TicketDto[],
): Promise<Map<number, TicketDto>> {
  const touched = await touchTickets(
    companyId,
    touches.map((t) => ({ ...t, lastMessage: t.lastMessage.slice(0, LAST_MESSAGE_MAX) })),
  );
  const dtoById = new Map(known.map((t) => [t.id, t]));
  const dtos = new Map<number, TicketDto>();
  for (const t of touched) {
    const dto = dtoById.get(t.id);
    if (dto) {
      dtos.set(t.id, {
        ...dto,
        lastMessage: t.lastMessage ?? dto.lastMessage,
        unreadMessages: t.unreadMessages,
        updatedAt: t.updatedAt.toISOString(),
      });
    }
  }
  let emitted = 0;
  for (const dto of dtos.values()) {
    emitTicketEvent(companyId, { action: 'update', ticket: dto });
    await breathe(++emitted);
  }
  return dtos;
}

/**
 * Inbound pipeline entry: the contact's unfinished (open or pending) ticket on this connection, or a new one.
 * A new ticket is `pending` without a user even when the first message is `fromMe` (typed on the phone itself):
 * nobody in the app has taken it, and a pending ticket never has a user (docs/DECISIONS.md, Tickets).
 * The connection's only queue is assigned when it has exactly one.
 */
export async function findOrCreateTicketForInbound(
  companyId: number,
  input: { contactId: number; whatsappId: number; isGroup: boolean; fromMe: boolean },
): Promise<{ ticket: TicketDto; created: boolean }> {
  // fast path, one statement: the contact's unfinished ticket on this connection already exists (every message of a
  // conversation but the first). The lock only matters when a ticket may be created (bench:ingest).
  const current = await repo.findUnfinishedTicketDto(companyId, input.contactId, input.whatsappId);
  if (current) return { ticket: current, created: false };
  // a new conversation: the same locked creation as an inbound batch's (one home for the rule)
  const key = `${input.contactId}:${input.whatsappId}`;
  const result = (await createInboundTickets(companyId, [input])).get(key);
  if (!result) throw new Error(`inbound ticket not created for ${key}`);
  const ticket = await repo.getTicketDtoInCompany(companyId, result.id);
  if (result.created) emitTicketEvent(companyId, { action: 'update', ticket });
  return { ticket, created: result.created };
}

/**
 * findOrCreateTicketForInbound for a batch of conversations (the inbound batch): the missing tickets are created
 * together under their contacts' locks; each created one is announced like a single creation. Answers per
 * `contactId:whatsappId` the ticket id and whether this call created it.
 */
export async function findOrCreateTicketsForInbound(
  companyId: number,
  wanted: InboundConversation[],
): Promise<Map<string, { id: number; created: boolean }>> {
  const result = await createInboundTickets(companyId, wanted);
  const createdIds = [...result.values()].filter((r) => r.created).map((r) => r.id);
  for (const ticket of await repo.ticketDtosByIds(companyId, createdIds)) {
    emitTicketEvent(companyId, { action: 'update', ticket });
  }
  return result;
}

/**
 * A message was stored on the ticket: update its preview, bump it to the top, optionally count it unread,
 * then publish `ticket-{companyId}` `{ action: 'update', ticket }`.
 */
export async function touchTicketOnMessage(
  companyId: number,
  ticketId: number,
  input: { lastMessage: string; incrementUnread: boolean },
): Promise<TicketDto> {
  const id = await repo.touchTicket(companyId, ticketId, {
    lastMessage: input.lastMessage.slice(0, LAST_MESSAGE_MAX),
    incrementUnread: input.incrementUnread,
  });
  if (id === null) throw new DomainError('ERR_NO_TICKET_FOUND');
  const ticket = await repo.getTicketDtoInCompany(companyId, id);
  emitTicketEvent(companyId, { action: 'update', ticket });
  return ticket;
}

// ---------------------------------------------------------------------------------------------------------------
// attendant calls (spec 1 §7)

const actorOf = (ctx: UserCtx): MachineActor => ({ userId: ctx.user.id, queueIds: ctx.user.queueIds, caps: ctx.caps });

function refused(r: { error: ErrorCode; message?: string }): never {
  throw new DomainError(r.error, r.message);
}

export async function listTickets(ctx: UserCtx, q: ListTicketsQuery) {
  const w = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
  const page = await repo.listTicketDtos(ctx.companyId, ticketListFilter(ticketViewerOf(ctx), q), w);
  const { rows: tickets, hasMore, count } = pageOf(w, page.tickets, page.count);
  return { tickets, hasMore, count };
}

/** Whether the user may open this ticket at all (chat, messages, GET /tickets/{id}): core's rule. */
export function canViewTicket(ctx: UserCtx, t: TicketSubject): boolean {
  return canView(ticketViewerOf(ctx), t);
}

/** GET /tickets/{id}: 404 for another company's id, 403 for a ticket the user may not open. */
export async function showTicket(ctx: UserCtx, id: number): Promise<TicketDto> {
  const t = await repo.getTicketDtoInCompany(ctx.companyId, id);
  if (!canViewTicket(ctx, t)) throw new DomainError('ERR_NO_PERMISSION');
  return t;
}

/** GET /tickets/u/{uuid}: the same as GET /tickets/{id}, found by the ticket's uuid (links to /tickets/{uuid}). */
export async function showTicketByUuid(ctx: UserCtx, uuid: string): Promise<TicketDto> {
  const id = await repo.ticketIdByUuid(ctx.companyId, uuid);
  if (id === null) throw new DomainError('ERR_NO_TICKET_FOUND');
  return showTicket(ctx, id);
}

/** The queue, user and connection named by a write exist in the company (404 with their texts otherwise). */
export async function assertTicketRefs(
  companyId: number,
  refs: { queueId?: number | null; userId?: number | null; whatsappId?: number | null },
): Promise<void> {
  if (refs.queueId != null && !(await repo.queueInCompany(companyId, refs.queueId))) {
    throw new DomainError('ERR_NOT_FOUND', 'Fila não encontrada.');
  }
  if (refs.userId != null && !(await repo.userInCompany(companyId, refs.userId))) {
    throw new DomainError('ERR_NO_USER_FOUND');
  }
  if (refs.whatsappId != null && !(await repo.whatsappInCompany(companyId, refs.whatsappId))) {
    throw new DomainError('ERR_NO_WAPP_FOUND');
  }
}

/** POST /tickets: an attendant starts a conversation (source 1). ERR_OTHER_OPEN_TICKET on a conflict (spec 1 §4). */
export async function createTicket(ctx: UserCtx, input: CreateTicketBody): Promise<TicketDto> {
  const companyId = ctx.companyId;
  if (!(await repo.contactInCompany(companyId, input.contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
  await assertTicketRefs(companyId, input);
  const whatsappId =
    input.whatsappId !== undefined
      ? input.whatsappId
      : ctx.user.whatsappId && (await repo.whatsappInCompany(companyId, ctx.user.whatsappId))
        ? ctx.user.whatsappId
        : await repo.defaultWhatsappId(companyId);
  const id = await repo.withContactLock(companyId, input.contactId, async (tx) => {
    const contact = await repo.contactInCompany(companyId, input.contactId, tx);
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    const others = await repo.findUnfinishedTickets(companyId, input.contactId, {}, tx);
    const plan = planTicketCreation({ ...input, whatsappId }, actorOf(ctx), others);
    if (!plan.ok) refused(plan);
    return repo.insertTicket(companyId, { ...plan.value, isGroup: contact.isGroup }, tx);
  });
  const ticket = await repo.getTicketDtoInCompany(companyId, id);
  emitTicketEvent(companyId, { action: 'update', ticket });
  return ticket;
}

/** POST /tickets/checkcontactopen: the contact's unfinished ticket (on the connection, when given), if any. */
export async function checkContactOpen(
  ctx: UserCtx,
  input: { contactId: number; whatsappId?: number | null },
): Promise<TicketDto | null> {
  if (!(await repo.contactInCompany(ctx.companyId, input.contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
  const opts = input.whatsappId !== undefined ? { whatsappId: input.whatsappId } : {};
  const [existing] = await repo.findUnfinishedTickets(ctx.companyId, input.contactId, opts);
  return existing ? repo.getTicketDtoInCompany(ctx.companyId, existing.id) : null;
}

/**
 * PUT /tickets/{id}: the body is mapped to one machine move (accept, return, resolve, transfer, reopen), checked
 * against the user's capabilities, written under the contact lock, then published. Answers the updated ticket.
 */
export async function updateTicket(ctx: UserCtx, id: number, body: UpdateTicketBody): Promise<TicketDto> {
  const companyId = ctx.companyId;
  const current = await repo.getTicketRowInCompany(companyId, id);
  if (!canViewTicket(ctx, current)) throw new DomainError('ERR_NO_PERMISSION');
  await assertTicketRefs(companyId, body);
  const outcome = await repo.withContactLock(companyId, current.contactId, async (tx) => {
    // re-read under the lock: another attendant may have moved it meanwhile
    const t = await repo.getTicketRowInCompany(companyId, id, tx);
    const move = moveFromUpdate(t, body, ctx.user.id);
    if (!move.ok) throw new DomainError('ERR_VALIDATION', 'Nenhuma alteração informada.');
    const others = await repo.findUnfinishedTickets(companyId, t.contactId, { excludeTicketId: t.id }, tx);
    const r = applyTicketMove(t, move.value, actorOf(ctx), { otherUnfinished: others });
    if (!r.ok) refused(r);
    const { patch, effects } = r.value;
    if (!patch) throw new DomainError('ERR_VALIDATION');
    const markRead = effects.includes('markRead');
    const instants = instantsAfterChange(repo.instantsOfRow(t), t, patch, 'person', nowDate());
    await repo.updateTicketState(companyId, id, { ...patch, instants, markRead }, tx);
    if (effects.includes('clearContactCommandBot')) await repo.clearContactsCommandBot(companyId, [t.contactId], tx);
    return { ...r.value, read: markRead && t.unreadMessages > 0 };
  });
  const ticket = await repo.getTicketDtoInCompany(companyId, id);
  emitTicketEvent(companyId, { action: 'update', ticket });
  if (outcome.read) emitTicketEvent(companyId, { action: 'updateUnread', ticketId: id });
  if (outcome.effects.includes('notifyTransferTarget') && ticket.userId !== null) {
    // only the new attendant hears it: the web shows a persistent 'Visualizar ticket' notification (spec 1 §4)
    const data: TicketTransferEvent = {
      action: 'transfer',
      ticket,
      fromUser: { id: ctx.user.id, name: ctx.user.name },
    };
    emit({ companyId, channel: events.ticketTransfer.of(companyId), userId: ticket.userId, data });
  }
  if (outcome.effects.includes('sendFarewell')) await sendFarewell(ticket, ctx.user.name);
  return ticket;
}

/**
 * Resolve sends the connection's farewell message. The ticket area does not send messages: the messages area
 * installs the sender at startup (messages.farewell.ts, through the outbound seam). The ticket is already closed: a
 * connection that is down or a send failure is logged, never undoes the resolve.
 */
export type FarewellSender = (ticket: TicketDto, attendantName: string) => Promise<void>;
let farewellSender: FarewellSender | null = null;
export function setFarewellSender(sender: FarewellSender | null): void {
  farewellSender = sender;
}

async function sendFarewell(ticket: TicketDto, attendant: string): Promise<void> {
  if (!farewellSender) {
    log.warn({ companyId: ticket.companyId, ticketId: ticket.id }, 'no farewell sender installed');
    return;
  }
  try {
    await farewellSender(ticket, attendant);
  } catch (err) {
    log.warn({ err, companyId: ticket.companyId, ticketId: ticket.id }, 'farewell message not sent');
  }
}

/**
 * The conversation a platform send to a contact goes in (the outbound seam, policy `reuse` or `create`): the
 * contact's unfinished ticket on the connection, or a new pending one (the same locked creation as an inbound
 * conversation's). `create` first closes that unfinished ticket, silently (no farewell), so the send opens a new one.
 */
export async function ticketForOutbound(
  companyId: number,
  input: { contactId: number; whatsappId: number; isGroup: boolean; mode: 'reuse' | 'create' },
): Promise<{ ticket: TicketDto; created: boolean }> {
  if (input.mode === 'create') {
    const current = await repo.findUnfinishedTickets(companyId, input.contactId, { whatsappId: input.whatsappId });
    if (current.length) {
      await closeTicketsOf(
        companyId,
        current.map((t) => t.id),
        null,
      );
    }
  }
  return findOrCreateTicketForInbound(companyId, { ...input, fromMe: true });
}

/**
 * The ticket's status, queue and user after a platform send (core ticketStateAfterSend), written under the contact
 * lock and published. Answers the ticket as it is now.
 */
export async function applyTicketStateAfterSend(
  companyId: number,
  ticketId: number,
  policy: Pick<OutboundTicketPolicy, 'status' | 'queueId' | 'userId'>,
  opts: { handOver?: boolean } = {},
): Promise<TicketDto> {
  const current = await repo.getTicketRowInCompany(companyId, ticketId);
  const changed = await repo.withContactLock(companyId, current.contactId, async (tx) => {
    const t = await repo.getTicketRowInCompany(companyId, ticketId, tx);
    const next = ticketStateAfterSend(t, policy);
    if (!next && !opts.handOver) return false;
    const state = next ?? { status: t.status, userId: t.userId, queueId: t.queueId };
    // the platform's move: a bot/AI/send handing a waiting ticket to a queue starts the wait (core ticket-instants)
    let instants = instantsAfterChange(repo.instantsOfRow(t), t, state, 'platform', nowDate());
    // the AI hands the conversation to a person: the wait starts now, even in the same queue
    if (opts.handOver && state.status === 'pending' && state.userId === null) {
      instants = instantsWhenHandedOver(instants, nowDate());
    }
    if (!next && instants.queuedAt?.getTime() === t.queuedAt?.getTime()) return false;
    await repo.updateTicketState(
      companyId,
      ticketId,
      { status: state.status, userId: state.userId, queueId: state.queueId, whatsappId: t.whatsappId, instants },
      tx,
    );
    if (next?.markClosed) await repo.clearContactsCommandBot(companyId, [t.contactId], tx);
    return true;
  });
  const ticket = await repo.getTicketDtoInCompany(companyId, ticketId);
  if (changed) emitTicketEvent(companyId, { action: 'update', ticket });
  return ticket;
}

/**
 * The platform deletes a ticket it just wrote in (message API token status `destroy`: the ticket is deleted after the
 * send, with its messages). No user rule: the token's settings are the company admin's decision. Published like an
 * attendant's delete.
 */
export async function deleteTicketAfterSend(companyId: number, ticketId: number): Promise<void> {
  if (!(await repo.deleteTicketRow(companyId, ticketId))) throw new DomainError('ERR_NO_TICKET_FOUND');
  emitTicketEvent(companyId, { action: 'delete', ticketId });
}

/** DELETE /tickets/{id}: admin only (ticket-options:deleteTicket). */
export async function deleteTicket(ctx: UserCtx, id: number): Promise<void> {
  const t = await repo.getTicketRowInCompany(ctx.companyId, id);
  const r = applyTicketMove(t, { type: 'delete' }, actorOf(ctx));
  if (!r.ok) refused(r);
  if (!(await repo.deleteTicketRow(ctx.companyId, id))) throw new DomainError('ERR_NO_TICKET_FOUND');
  emitTicketEvent(ctx.companyId, { action: 'delete', ticketId: id });
}

/**
 * POST /ticketsclosed {Tickets}: bulk resolve, admin only. Any id of another company → 404 and nothing changes.
 * Closes silently (no farewell): a bulk close of hundreds of chats must not fire hundreds of WhatsApp messages.
 */
export async function closeTicketsInBulk(ctx: UserCtx, ids: number[]): Promise<{ count: number }> {
  assertCan(ctx, 'bulkResolve');
  const unique = [...new Set(ids)];
  const found = await repo.ticketIdsInCompany(ctx.companyId, unique);
  if (found.length !== unique.length) throw new DomainError('ERR_NO_TICKET_FOUND');
  return closeTicketsOf(ctx.companyId, unique, ctx.user.id);
}

/**
 * Resolves the company's tickets among `ids` that are not closed yet (no farewell: a bulk close is housekeeping),
 * clears their contacts' bot position and publishes each. `byUserId` null: the platform itself closes them (the
 * tickets keep their attendant).
 */
export async function closeTicketsOf(
  companyId: number,
  ids: number[],
  byUserId: number | null,
): Promise<{ count: number }> {
  const closed = await repo.closeTickets(companyId, ids, byUserId);
  await repo.clearContactsCommandBot(companyId, [...new Set(closed.map((c) => c.contactId))]);
  const dtos = await repo.ticketDtosByIds(
    companyId,
    closed.map((c) => c.id),
  );
  for (const ticket of dtos) emitTicketEvent(companyId, { action: 'update', ticket });
  return { count: closed.length };
}

export const TICKETS_QUERY_LIMIT = 10_000;

/** GET /ticketsquery: ids of unfinished tickets for the bulk resolve dialog (admin only). */
export async function queryTicketIds(
  ctx: UserCtx,
  q: { initialDate: string; finalDate: string; selectedQueueIds: number[]; selectedUserIds: number[] },
): Promise<{ reportData: { tickets: number[] } }> {
  assertCan(ctx, 'bulkResolve');
  const ids = await repo.unfinishedTicketIds(
    ctx.companyId,
    {
      from: dayStart(q.initialDate),
      to: dayEnd(q.finalDate),
      queueIds: q.selectedQueueIds,
      userIds: q.selectedUserIds,
    },
    TICKETS_QUERY_LIMIT,
  );
  return { reportData: { tickets: ids } };
}

/** The attendant read the chat: unread count back to 0, published as `updateUnread`. */
export async function markTicketRead(companyId: number, ticketId: number): Promise<void> {
  if (await repo.clearUnread(companyId, ticketId)) emitTicketEvent(companyId, { action: 'updateUnread', ticketId });
}

/**
 * The chatbot engages a ticket (issue 16): marks it driven by the bot unless a person moved it meanwhile. Every later
 * move of the ticket (accept, transfer, return, resolve, reopen, a send's policy, a bulk close) clears the mark: the
 * bot reads it to stop as soon as a person acts. Not published (no visible change).
 */
export function markTicketChatbot(
  companyId: number,
  ticketId: number,
  seen: { queueId: number | null },
  exec?: repo.Exec,
) {
  return repo.markTicketChatbot(companyId, ticketId, seen, exec);
}

/** Whether the chatbot still drives the ticket (nobody moved it since the bot took it); `exec`: the caller's tx. */
export function ticketChatbotMark(companyId: number, ticketId: number, exec?: repo.Exec): Promise<boolean> {
  return repo.ticketChatbotMark(companyId, ticketId, exec);
}

/** When the contact's previous conversation was closed (a chatbot's reopenBotAfterHours, spec 2 issue 16), or null. */
export function lastClosedAtOfContact(
  companyId: number,
  contactId: number,
  exceptTicketId: number,
): Promise<Date | null> {
  return repo.lastClosedAtOfContact(companyId, contactId, exceptTicketId);
}

/**
 * The dashboard and reports figures of the tickets created in a range (issue 19): core's sums per attendant and per
 * queue with their names, and the counted tickets' ids (newest first, at most `idsLimit`), read in parallel.
 */
export async function ticketReport(companyId: number, f: ReportFilter, idsLimit: number) {
  const [aggregate, ids] = await Promise.all([
    reportRepo.reportAggregate(companyId, f),
    reportRepo.reportTicketIds(companyId, f, idsLimit),
  ]);
  return { ...aggregate, ids };
}

/** 404 unless every queue and user id of a report filter is the company's (ERR_NOT_FOUND 'Fila não encontrada.'). */
export async function assertReportRefs(companyId: number, refs: { queueIds: number[]; userIds: number[] }) {
  if (!refs.queueIds.length && !refs.userIds.length) return;
  const found = await reportRepo.reportRefsInCompany(companyId, refs);
  if (!found.queues) throw new DomainError('ERR_NOT_FOUND', 'Fila não encontrada.');
  if (!found.users) throw new DomainError('ERR_NO_USER_FOUND');
}

/** The demo's references for its past conversations (company by name, users by e-mail, queues, connection). */
export const unsafeDemoTicketRefs = reportRepo.unsafeDemoTicketRefs;

/** Stores conversations that already happened (the demo's history), with their instants; not published. */
export async function insertPastTickets(companyId: number, rows: repo.PastTicket[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) ids.push(await repo.insertPastTicket(companyId, r));
  return ids;
}
export type { PastTicket } from './tickets.repo';
