import type { CreateQuickAnswer, QuickAnswerDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** `GET /quickAnswers/` (searchParam, pageNumber) → `{ quickAnswers, hasMore }`. */
export async function fetchQuickAnswersPage(searchParam: string, pageNumber: number): Promise<Page<QuickAnswerDto>> {
  const res = (await parseResponse(
    api.quickAnswers.$get({ query: { searchParam, pageNumber: String(pageNumber) } }),
  )) as { quickAnswers: QuickAnswerDto[]; hasMore: boolean };
  return { items: res.quickAnswers, hasMore: res.hasMore };
}

export async function createQuickAnswer(input: CreateQuickAnswer): Promise<QuickAnswerDto> {
  return (await parseResponse(api.quickAnswers.$post({ json: input }))) as QuickAnswerDto;
}

export async function updateQuickAnswer(id: number, input: CreateQuickAnswer): Promise<QuickAnswerDto> {
  return (await parseResponse(
    api.quickAnswers[':id'].$put({ param: { id: String(id) }, json: input }),
  )) as QuickAnswerDto;
}

export async function deleteQuickAnswer(id: number): Promise<void> {
  await parseResponse(api.quickAnswers[':id'].$delete({ param: { id: String(id) } }));
}
