import { IdParam, PageQuery, UserCreateInput, UserUpdateInput } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import * as users from './users.service';

/** The spec calls `GET /users/` (with the slash): the app ignores a trailing slash, `/users` answers both. */
export const usersRoutes = new Hono<AppEnv>()
  .get('/users', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await users.listUsers(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/users/list', requireAuth, async (c) => c.json(await users.listAllUsers(c.get('ctx')), 200))
  .get('/users/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await users.getUser(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/users', requireAuth, validate('json', UserCreateInput), async (c) =>
    c.json(await users.createUser(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/users/:id', requireAuth, validate('param', IdParam), validate('json', UserUpdateInput), async (c) =>
    c.json(await users.updateUser(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/users/:id', requireAuth, validate('param', IdParam), async (c) => {
    await users.deleteUser(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'User deleted' }, 200);
  });
