import type { CreateQuickAnswer, QuickAnswerDto } from '@zapdesk/core';
import { api } from '../../lib/api';
import { recordsApi } from '../../lib/records-api';

/** `GET /quickAnswers/` (searchParam, pageNumber) → `{ quickAnswers, hasMore }`; POST, PUT, DELETE. */
const quickAnswers = recordsApi<QuickAnswerDto, CreateQuickAnswer>(api.quickAnswers, 'quickAnswers');
export const {
  fetchPage: fetchQuickAnswersPage,
  create: createQuickAnswer,
  update: updateQuickAnswer,
  remove: deleteQuickAnswer,
} = quickAnswers;
