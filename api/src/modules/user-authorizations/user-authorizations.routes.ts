import { IdParam, PageQuery, UserAuthorizationInput, UserAuthorizationUpdateInput } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import * as groups from './user-authorizations.service';

export const userAuthorizationsRoutes = new Hono<AppEnv>()
  .get('/usersAuthorizations', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await groups.listGroups(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/usersAuthorizations/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await groups.getGroup(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/usersAuthorizations', requireAuth, validate('json', UserAuthorizationInput), async (c) =>
    c.json(await groups.createGroup(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put(
    '/usersAuthorizations/:id',
    requireAuth,
    validate('param', IdParam),
    validate('json', UserAuthorizationUpdateInput),
    async (c) => c.json(await groups.updateGroup(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/usersAuthorizations/:id', requireAuth, validate('param', IdParam), async (c) => {
    await groups.deleteGroup(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'User authorization deleted' }, 200);
  });
