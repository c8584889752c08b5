import { CreateQuickAnswer, IdParam, PageQuery, UpdateQuickAnswer } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  createQuickAnswer,
  deleteQuickAnswer,
  listQuickAnswers,
  showQuickAnswer,
  updateQuickAnswer,
} from './quick-answers.service';

/** Spec 1 §7: GET /quickAnswers/ (searchParam, pageNumber; the app ignores the trailing slash); GET, PUT, DELETE /quickAnswers/{id}; POST /quickAnswers. */
export const quickAnswersRoutes = new Hono<AppEnv>()
  .get('/quickAnswers', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listQuickAnswers(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/quickAnswers/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showQuickAnswer(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/quickAnswers', requireAuth, validate('json', CreateQuickAnswer), async (c) =>
    c.json(await createQuickAnswer(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/quickAnswers/:id', requireAuth, validate('param', IdParam), validate('json', UpdateQuickAnswer), async (c) =>
    c.json(await updateQuickAnswer(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/quickAnswers/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteQuickAnswer(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Resposta rápida excluída' }, 200);
  });
