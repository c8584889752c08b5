import { CreateWhatsapp, coercedId, UpdateWhatsapp } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  createWhatsapp,
  deleteWhatsapp,
  disconnectSession,
  listWhatsapps,
  renewQrCode,
  showWhatsapp,
  startSession,
  updateWhatsapp,
} from './whatsapp.service';

const IdParam = z.object({ id: coercedId('Registro não encontrado.') });

export const whatsappRoutes = new Hono<AppEnv>()
  .get('/whatsapp', requireAuth, async (c) => c.json(await listWhatsapps(c.get('ctx')), 200))
  .get('/whatsapp/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showWhatsapp(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/whatsapp', requireAuth, validate('json', CreateWhatsapp), async (c) =>
    c.json(await createWhatsapp(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/whatsapp/:id', requireAuth, validate('param', IdParam), validate('json', UpdateWhatsapp), async (c) =>
    c.json(await updateWhatsapp(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/whatsapp/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteWhatsapp(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Whatsapp deleted.' }, 200);
  })
  .post('/whatsappsession/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await startSession(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .put('/whatsappsession/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await renewQrCode(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .delete('/whatsappsession/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await disconnectSession(c.get('ctx'), c.req.valid('param').id), 200),
  );
