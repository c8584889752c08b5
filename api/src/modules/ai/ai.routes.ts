import {
  AI_SIMULATOR_RULE,
  AI_TEXTS,
  BotConfigInput,
  BotSimulatorInput,
  IdParam,
  IntegrationInput,
  PageQuery,
} from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { validate } from '../../platform/http/validate';
import { rateLimiter } from '../../platform/ratelimit';
import {
  createBotConfig,
  createIntegration,
  deleteBotConfig,
  deleteIntegration,
  listBotConfigs,
  listIntegrations,
  showAiUsage,
  showBotConfig,
  showIntegration,
  updateBotConfig,
  updateIntegration,
} from './ai.service';
import { postBotSimulator, showBotSimulator } from './ai.simulator';

const BotConfigIdParam = z.object({ botConfigId: IdParam.shape.id });
const simulatorKey = (companyId: number) => `ai:simulator:${companyId}`;

/**
 * Spec 2 §7 "AI prompts and integrations": GET /botConfigs (searchParam, pageNumber), GET/PUT/DELETE
 * /botConfigs/{id}, POST /botConfigs; GET /botSimulator/{botConfigId}, POST /botSimulator; GET /integration
 * (searchParam, pageNumber), GET/PUT/DELETE /integration/{id}, POST /integration/. Ours: GET /aiUsage (the tokens of
 * the month). A simulator message that goes to the model counts against AI_SIMULATOR_RULE per company (429).
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
  .post('/botSimulator', requireAuth, validate('json', BotSimulatorInput), async (c) => {
    const ctx = c.get('ctx');
    const input = c.req.valid('json');
    // only a customer's message reaches the model (a clear, or an answer typed as the bot, does not count)
    if (input.message && !input.message.fromMe && input.message.body.trim()) {
      const s = await rateLimiter().peek(simulatorKey(ctx.companyId), AI_SIMULATOR_RULE);
      if (s.limited) {
        c.header('Retry-After', String(s.retryAfterS));
        return c.json(errorBody('ERR_TOO_MANY_REQUESTS', AI_TEXTS.simulatorLimited), 429);
      }
      const dto = await postBotSimulator(ctx, input);
      await rateLimiter().hit(simulatorKey(ctx.companyId), AI_SIMULATOR_RULE);
      return c.json(dto, 200);
    }
    return c.json(await postBotSimulator(ctx, input), 200);
  })
  .get('/aiUsage', requireAuth, async (c) => c.json(await showAiUsage(c.get('ctx')), 200))
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
