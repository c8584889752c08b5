import { coercedId, SimulatorAck, SimulatorEvent, SimulatorInbound } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  simulatorAck,
  simulatorChats,
  simulatorCheck,
  simulatorConversation,
  simulatorDisconnect,
  simulatorEvent,
  simulatorInbound,
  simulatorOutbox,
  simulatorScan,
  simulatorState,
} from './simulator.service';

const IdParam = z.object({ whatsappId: coercedId('Registro não encontrado.') });
const NumberParam = IdParam.extend({ number: z.string().trim().min(1).max(80) });
const OutboxQuery = z.object({ to: z.string().trim().max(80).optional() });

/** The simulator's HTTP interface; see docs/SIMULATOR.md. */
export const simulatorRoutes = new Hono<AppEnv>()
  .get('/simulator/:whatsappId', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await simulatorState(c.get('ctx'), c.req.valid('param').whatsappId), 200),
  )
  .post('/simulator/:whatsappId/scan', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await simulatorScan(c.get('ctx'), c.req.valid('param').whatsappId), 200),
  )
  .post('/simulator/:whatsappId/disconnect', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await simulatorDisconnect(c.get('ctx'), c.req.valid('param').whatsappId), 200),
  )
  .post(
    '/simulator/:whatsappId/inbound',
    requireAuth,
    validate('param', IdParam),
    validate('json', SimulatorInbound),
    async (c) =>
      c.json(await simulatorInbound(c.get('ctx'), c.req.valid('param').whatsappId, c.req.valid('json')), 200),
  )
  .post(
    '/simulator/:whatsappId/event',
    requireAuth,
    validate('param', IdParam),
    validate('json', SimulatorEvent),
    async (c) => c.json(await simulatorEvent(c.get('ctx'), c.req.valid('param').whatsappId, c.req.valid('json')), 200),
  )
  .post(
    '/simulator/:whatsappId/ack',
    requireAuth,
    validate('param', IdParam),
    validate('json', SimulatorAck),
    async (c) => c.json(await simulatorAck(c.get('ctx'), c.req.valid('param').whatsappId, c.req.valid('json')), 200),
  )
  .get(
    '/simulator/:whatsappId/outbox',
    requireAuth,
    validate('param', IdParam),
    validate('query', OutboxQuery),
    async (c) =>
      c.json(await simulatorOutbox(c.get('ctx'), c.req.valid('param').whatsappId, c.req.valid('query').to), 200),
  )
  .get('/simulator/:whatsappId/chats', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await simulatorChats(c.get('ctx'), c.req.valid('param').whatsappId), 200),
  )
  .get('/simulator/:whatsappId/conversation/:number', requireAuth, validate('param', NumberParam), async (c) => {
    const p = c.req.valid('param');
    return c.json(await simulatorConversation(c.get('ctx'), p.whatsappId, p.number), 200);
  })
  .get('/simulator/:whatsappId/check/:number', requireAuth, validate('param', NumberParam), async (c) => {
    const p = c.req.valid('param');
    return c.json(await simulatorCheck(c.get('ctx'), p.whatsappId, p.number), 200);
  });
