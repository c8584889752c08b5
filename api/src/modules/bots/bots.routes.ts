import { BOT_TEXTS, BotCommandListQuery, BotSetupListQuery, DomainError, IdParam, IdValue } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { formRequest } from '../../platform/http/form-request';
import { assertNoNul, readJsonBody, validate } from '../../platform/http/validate';
import {
  type BotUpload,
  createBotCommand,
  createBotSetup,
  deleteBotCommand,
  deleteBotSetup,
  listBotCommands,
  listBotSetups,
  listSetupCommands,
  showBotCommand,
  showBotSetup,
  updateBotCommand,
  updateBotSetup,
} from './bots.service';

const CompanyParam = z.object({ companyId: IdValue });
const CompanyIdParams = z.object({ companyId: IdValue, id: IdValue });
const SetupParam = z.object({ botSetupId: IdValue });

const formInvalid = () => new DomainError('ERR_VALIDATION', BOT_TEXTS.formInvalid);

async function jsonBody(req: Request): Promise<unknown> {
  const body = await readJsonBody(req);
  assertNoNul(body);
  return body;
}

/**
 * The command form as sent (spec 2 §7): multipart with `body` (the command as JSON text), `media` (a file, the
 * first of `media`/`medias`) and `mediaName`; or the command itself as a JSON body (no file).
 */
async function commandRequest(req: Request): Promise<{ body: unknown; media: BotUpload | null }> {
  return formRequest(req, formInvalid, ['media', 'medias']);
}

/**
 * Spec 2 §7 "Bot setups": GET /BotSetup/ (searchParam, pageNumber → botSetups, hasMore) — also the selector, the
 * same route (the app's `strict: false` cannot tell the trailing slash apart); GET /BotSetup/{id}; POST /BotSetup;
 * PUT /BotSetup/{id}; DELETE /botSetup/{id}.
 * "Bot commands": GET /botBySetup/{botSetupId}; GET /bot/; GET /bot/{id}; DELETE /bot/{id}; POST /bot/{companyId}
 * and PUT /bot/{companyId}/{id} (multipart: body JSON, media, mediaName). Contract: docs/DECISIONS.md "Chatbots".
 */
export const botsRoutes = new Hono<AppEnv>()
  .get('/BotSetup', requireAuth, validate('query', BotSetupListQuery), async (c) =>
    c.json(await listBotSetups(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/BotSetup/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showBotSetup(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/BotSetup', requireAuth, async (c) =>
    c.json(await createBotSetup(c.get('ctx'), await jsonBody(c.req.raw)), 200),
  )
  .put('/BotSetup/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await updateBotSetup(c.get('ctx'), c.req.valid('param').id, await jsonBody(c.req.raw)), 200),
  )
  .delete('/botSetup/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteBotSetup(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Configuração de bot excluída' }, 200);
  })
  .get('/botBySetup/:botSetupId', requireAuth, validate('param', SetupParam), async (c) =>
    c.json(await listSetupCommands(c.get('ctx'), c.req.valid('param').botSetupId), 200),
  )
  .get('/bot', requireAuth, validate('query', BotCommandListQuery), async (c) =>
    c.json(await listBotCommands(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/bot/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showBotCommand(c.get('ctx'), c.req.valid('param').id), 200),
  )
  // bodies capped at the media cap by the app's requestBodyLimits (platform/http/body-limit.ts)
  .post('/bot/:companyId', requireAuth, validate('param', CompanyParam), async (c) => {
    const { body, media } = await commandRequest(c.req.raw);
    return c.json(await createBotCommand(c.get('ctx'), c.req.valid('param').companyId, body, media), 200);
  })
  .put('/bot/:companyId/:id', requireAuth, validate('param', CompanyIdParams), async (c) => {
    const p = c.req.valid('param');
    const { body, media } = await commandRequest(c.req.raw);
    return c.json(await updateBotCommand(c.get('ctx'), p.companyId, p.id, body, media), 200);
  })
  .delete('/bot/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteBotCommand(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Comando excluído' }, 200);
  });
