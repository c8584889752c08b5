import { AI_TEXTS, BotConfigInput, BotSimulatorInput, IdParam, IntegrationInput, PageQuery } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  createBotConfig,
  createIntegration,
  deleteBotConfig,
  deleteIntegration,
  listBotConfigs,
  listIntegrations,
  showBotConfig,
  showIntegration,
  updateBotConfig,
  updateIntegration,
} from './ai.service';
import { postBotSimulator, showBotSimulator } from './ai.simulator';

const BotConfigIdParam = z.object({ botConfigId: IdParam.shape.id });

/**
 * Spec 2 §7 "AI prompts and integrations": GET /botConfigs (searchParam, pageNumber), GET/PUT/DELETE
 * /botConfigs/{id}, POST /botConfigs; GET /botSimulator/{botConfigId}, POST /botSimulator; GET /integration
 * (searchParam, pageNumber), GET/PUT/DELETE /integration/{id}, POST /integration/.
 */
export const aiRoutes = new Hono<AppEnv>()
  .get('/botConfigs', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listBotConfigs(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/botConfigs/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showBotConfig(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/botConfigs', requireAuth, validate('json', BotConfigInput), async (c) =>
    c.json(await createBotConfig(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/botConfigs/:id', requireAuth, validate('param', IdParam), validate('json', BotConfigInput), async (c) =>
    c.json(await updateBotConfig(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/botConfigs/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteBotConfig(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: AI_TEXTS.deleted }, 200);
  })
  .get('/botSimulator/:botConfigId', requireAuth, validate('param', BotConfigIdParam), async (c) =>
    c.json(await showBotSimulator(c.get('ctx'), c.req.valid('param').botConfigId), 200),
  )
  .post('/botSimulator', requireAuth, validate('json', BotSimulatorInput), async (c) =>
    c.json(await postBotSimulator(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/integration', requireAuth, validate('query', PageQuery), async (c) =>
    c.json(await listIntegrations(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/integration/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showIntegration(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/integration', requireAuth, validate('json', IntegrationInput), async (c) =>
    c.json(await createIntegration(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/integration/:id', requireAuth, validate('param', IdParam), validate('json', IntegrationInput), async (c) =>
    c.json(await updateIntegration(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/integration/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteIntegration(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: AI_TEXTS.integrationDeleted }, 200);
  });
