import { CreateCategoryContact, IdParam, PageQuery, SyncContactCategories, UpdateCategoryContact } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  categoryContactsList,
  createCategoryContact,
  deleteCategoryContact,
  listCategoryContacts,
  showCategoryContact,
  syncContactCategories,
  updateCategoryContact,
} from './category-contacts.service';

/** Spec 1 §7 (`/categoryContacts/list`, `/categoryContacts/sync`) and spec 2 §7 (`/categorycontacts` CRUD). */
export const categoryContactsRoutes = new Hono<AppEnv>()
  .get('/categoryContacts/list', requireAuth, async (c) => c.json(await categoryContactsList(c.get('ctx')), 200))
  .post('/categoryContacts/sync', requireAuth, validate('json', SyncContactCategories), async (c) =>
    c.json(await syncContactCategories(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/categorycontacts', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listCategoryContacts(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/categorycontacts/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showCategoryContact(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/categorycontacts', requireAuth, validate('json', CreateCategoryContact), async (c) =>
    c.json(await createCategoryContact(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put(
    '/categorycontacts/:id',
    requireAuth,
    validate('param', IdParam),
    validate('json', UpdateCategoryContact),
    async (c) => c.json(await updateCategoryContact(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/categorycontacts/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteCategoryContact(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Categoria excluída' }, 200);
  });
