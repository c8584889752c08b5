import {
  type CreateQuickAnswer,
  DomainError,
  events,
  PAGE_SIZE,
  type PageQuery,
  pageWindow,
  type QuickAnswerDto,
  type QuickAnswerEvent,
  type UpdateQuickAnswer,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { emit } from '../../platform/index';
import * as repo from './quick-answers.repo';

/**
 * Quick answers are shared by the whole company: every user reads them (the chat's '/' picker) and, as the spec
 * gives every user the screen with add/edit/delete, may manage them (see DECISIONS, Directory).
 */
function emitQuickAnswerEvent(companyId: number, data: QuickAnswerEvent): void {
  emit({ companyId, channel: events.quickAnswer.of(companyId), data });
}

const notFound = () => new DomainError('ERR_NOT_FOUND', 'Resposta rápida não encontrada.');

/** GET /quickAnswers/ → { quickAnswers, hasMore, count } */
export async function listQuickAnswers(ctx: UserCtx, q: PageQuery) {
  const { rows, hasMore, count } = await repo.listQuickAnswers(
    ctx.companyId,
    q.searchParam,
    pageWindow(q.pageNumber, PAGE_SIZE.records),
  );
  return { quickAnswers: rows, hasMore, count };
}

export async function showQuickAnswer(ctx: UserCtx, id: number): Promise<QuickAnswerDto> {
  const qa = await repo.findQuickAnswer(ctx.companyId, id);
  if (!qa) throw notFound();
  return qa;
}

export async function createQuickAnswer(ctx: UserCtx, input: CreateQuickAnswer): Promise<QuickAnswerDto> {
  if (await repo.shortcutTaken(ctx.companyId, input.shortcut)) throw new DomainError('ERR_NAME_EXISTS');
  const qa = await repo.insertQuickAnswer(ctx.companyId, input);
  emitQuickAnswerEvent(ctx.companyId, { action: 'create', quickAnswer: qa });
  return qa;
}

export async function updateQuickAnswer(ctx: UserCtx, id: number, input: UpdateQuickAnswer): Promise<QuickAnswerDto> {
  await showQuickAnswer(ctx, id);
  if (input.shortcut !== undefined && (await repo.shortcutTaken(ctx.companyId, input.shortcut, id))) {
    throw new DomainError('ERR_NAME_EXISTS');
  }
  const qa = await repo.updateQuickAnswer(ctx.companyId, id, input);
  if (!qa) throw notFound();
  emitQuickAnswerEvent(ctx.companyId, { action: 'update', quickAnswer: qa });
  return qa;
}

export async function deleteQuickAnswer(ctx: UserCtx, id: number): Promise<void> {
  if (!(await repo.deleteQuickAnswer(ctx.companyId, id))) throw notFound();
  emitQuickAnswerEvent(ctx.companyId, { action: 'delete', quickAnswerId: id });
}
