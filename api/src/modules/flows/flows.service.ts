import {
  DomainError,
  events,
  FLOW_TEXTS,
  type FlowActionDto,
  type FlowDto,
  type FlowEvent,
  FlowInput,
  type FlowList,
  flowTimeline,
  type ListFlowsQuery,
  MEDIA_TEXT,
  PAGE_SIZE,
  pageWindow,
  toFlowActions,
} from '@zapdesk/core';
import type { Ctx, UserCtx } from '../../platform/http/context';
import { emit } from '../../platform/index';
import { mediaIdFromUrl, readMediaFile, saveMediaFile } from '../media/media.service';
import { loadTicketDto } from '../tickets/tickets.service';
import * as repo from './flows.repo';
import { startFlowRun } from './flows.runtime';

/** A `mediaFile` part of the flow form. */
export type FlowUpload = { data: Uint8Array; mimeType?: string; fileName: string };

const notFound = () => new DomainError('ERR_NOT_FOUND', FLOW_TEXTS.notFound);

/** Plan flag `enableFlows`, enforced by the server (spec 2 §1): the list, a flow, running one from the chat. */
function assertPlan(ctx: UserCtx): void {
  if (!ctx.caps.useFlows) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
}

/** Building flows (the flow list and manager): administrators, with the plan flag. */
function assertManage(ctx: UserCtx): void {
  assertPlan(ctx);
  if (!ctx.caps.manageFlows) throw new DomainError('ERR_NO_PERMISSION');
}

function publish(companyId: number, data: FlowEvent): void {
  emit({ companyId, channel: events.flow.of(companyId), data });
}

/** GET /flows/ (searchParam, pageNumber, type) → { flows, count, hasMore }. */
export async function listFlows(ctx: UserCtx, q: ListFlowsQuery): Promise<FlowList> {
  assertPlan(ctx);
  const page = await repo.listFlows(
    ctx.companyId,
    { search: q.searchParam, type: q.type },
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { flows: page.rows, count: page.count, hasMore: page.hasMore };
}

/** GET /flows/{id} → the flow with its actions. */
export async function showFlow(ctx: UserCtx, id: number): Promise<FlowDto> {
  assertPlan(ctx);
  const row = await repo.findFlow(ctx.companyId, id);
  if (!row) throw notFound();
  return repo.toFlowDto(row);
}

const mediaRequired = (i: number) =>
  new DomainError('ERR_VALIDATION', FLOW_TEXTS.mediaRequired, {
    fields: { [`flowActions.${i}.media`]: FLOW_TEXTS.mediaRequired },
  });

/**
 * The actions to save: each SendMedia keeps its stored file (`media`, a file of this company) or takes the
 * `mediaFile` part its `mediaFileName` names (stored now; png, jpg, jpeg, pdf, mp4, mp3, ogg, docx — decided from
 * the bytes). A media action with neither is refused with the spec's rule (a chosen file).
 */
async function actionsOf(ctx: UserCtx, input: FlowInput, files: FlowUpload[]): Promise<FlowActionDto[]> {
  const unused = [...files];
  const media: (string | null)[] = [];
  const names: (string | null)[] = [];
  for (const [i, a] of input.flowActions.entries()) {
    media.push(null);
    names.push(null);
    if (a.actionType !== 'SendMedia') continue;
    const at = a.mediaFileName ? unused.findIndex((f) => f.fileName === a.mediaFileName) : -1;
    if (at >= 0) {
      const [file] = unused.splice(at, 1);
      try {
        const saved = await saveMediaFile(ctx.companyId, file, { docx: true });
        media[i] = saved.url;
        names[i] = a.mediaFileName;
      } catch (err) {
        if (err instanceof DomainError && err.message === MEDIA_TEXT.typeNotAllowed) {
          throw new DomainError('ERR_VALIDATION', FLOW_TEXTS.fileType, {
            fields: { [`flowActions.${i}.media`]: FLOW_TEXTS.fileType },
          });
        }
        throw err;
      }
      continue;
    }
    const id = mediaIdFromUrl(a.media);
    if (!id) throw mediaRequired(i);
    // a file of another company (or none) is no file of this flow
    const found = await readMediaFile(ctx.companyId, id).catch(() => null);
    if (!found) throw mediaRequired(i);
    media[i] = a.media;
    names[i] = a.mediaFileName ?? found.file.fileName;
  }
  return toFlowActions(input.flowActions, (i) => media[i]).map((a, i) =>
    a.actionType === 'SendMedia' ? { ...a, mediaFileName: names[i] } : a,
  );
}

/** POST /flows: multipart (name, type, flowActions JSON, mediaFile parts) or JSON. */
export async function createFlow(ctx: UserCtx, body: unknown, files: FlowUpload[]): Promise<FlowDto> {
  assertManage(ctx);
  const input = FlowInput.parse(body);
  const actions = await actionsOf(ctx, input, files);
  const row = await repo.insertFlow(ctx.companyId, { name: input.name, type: input.type, actions });
  publish(ctx.companyId, { action: 'create', flow: repo.toFlowSummary(row) });
  return repo.toFlowDto(row);
}

/** PUT /flows/{id}: the whole flow again (name, type, the actions in their new order). */
export async function updateFlow(ctx: UserCtx, id: number, body: unknown, files: FlowUpload[]): Promise<FlowDto> {
  assertManage(ctx);
  if (!(await repo.findFlow(ctx.companyId, id))) throw notFound();
  const input = FlowInput.parse(body);
  const actions = await actionsOf(ctx, input, files);
  const row = await repo.updateFlow(ctx.companyId, id, { name: input.name, type: input.type, actions });
  if (!row) throw notFound();
  publish(ctx.companyId, { action: 'update', flow: repo.toFlowSummary(row) });
  return repo.toFlowDto(row);
}

/** DELETE /flows/{id}. Runs under way finish with the actions they started with. */
export async function deleteFlow(ctx: UserCtx, id: number): Promise<void> {
  assertManage(ctx);
  if (!(await repo.deleteFlow(ctx.companyId, id))) throw notFound();
  publish(ctx.companyId, { action: 'delete', flowId: id });
}

/** `durationMs`: when the run's last step is due, from its start (core flowTimeline's totalMs) */
export type FlowRunStarted = { runId: number; flowId: number; ticketId: number; created: boolean; durationMs: number };

/**
 * Runs a flow on a ticket (a bot command, the chat input's ';'): its steps become typed jobs on the shared clock
 * (flows.runtime.ts), each sent through the outbound seam at its timeline instant. The flow and the ticket must be
 * the company's (404 otherwise) and the company's plan must have flows. `runKey` makes the start idempotent (the
 * same key starts one run). No attendant rule here: the chat input's route checks it; a bot may run a flow on any
 * ticket of its connection.
 */
export async function runFlowOnTicket(
  ctx: Ctx,
  input: { flowId: number; ticketId: number; runKey?: string | null },
): Promise<FlowRunStarted> {
  const allowed = await repo.companyFlowsAllowed(ctx.companyId);
  if (!allowed.enableFlows || !allowed.active) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
  const flow = await repo.findFlow(ctx.companyId, input.flowId);
  if (!flow) throw notFound();
  const ticket = await loadTicketDto(ctx.companyId, input.ticketId);
  const { run, created } = await startFlowRun(ctx.companyId, {
    flowId: flow.id,
    ticketId: ticket.id,
    userId: ctx.kind === 'user' ? ctx.user.id : null,
    runKey: input.runKey ?? null,
    actions: flow.actions,
  });
  const durationMs = flowTimeline(flow.actions).totalMs;
  return { runId: run.id, flowId: flow.id, ticketId: ticket.id, created, durationMs };
}

/**
 * POST /flows/{id}/run { ticketId }: the chat input's ';' — the attendant of the ticket (or an admin), the ticket
 * open and on a connection, like sending a message in it (spec 1 §2).
 */
export async function runFlowFromChat(ctx: UserCtx, flowId: number, ticketId: number): Promise<FlowRunStarted> {
  assertPlan(ctx);
  // another company's flow or ticket: not found, before any rule says more about it
  if (!(await repo.findFlow(ctx.companyId, flowId))) throw notFound();
  const ticket = await loadTicketDto(ctx.companyId, ticketId);
  if (ticket.userId !== ctx.user.id && !ctx.caps.isAdmin) throw new DomainError('ERR_NO_PERMISSION');
  if (ticket.status !== 'open') throw new DomainError('ERR_VALIDATION', FLOW_TEXTS.ticketNotOpen);
  if (!ticket.whatsappId) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  return runFlowOnTicket(ctx, { flowId, ticketId });
}
