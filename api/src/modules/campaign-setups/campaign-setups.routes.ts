import { CampaignListQuery, CampaignSetupInput, IdParam } from '@zapdesk/core';
import { Hono } from 'hono';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import {
  createCampaignSetup,
  deleteCampaignSetup,
  listCampaignSetups,
  showCampaignSetup,
  updateCampaignSetup,
} from './campaign-setups.service';

/**
 * Spec 2 §7 "Campaign setups": GET /CampaignSetup/ (list) and GET /CampaignSetup (the selector) are one route — the
 * app's `strict: false` cannot tell them apart — answering the paged shape for both; GET, PUT, DELETE
 * /campaignSetup/{id}; POST /CampaignSetup.
 */
export const campaignSetupsRoutes = new Hono<AppEnv>()
  .get('/CampaignSetup', requireAuth, validate('query', CampaignListQuery), async (c) =>
    c.json(await listCampaignSetups(c.get('ctx'), c.req.valid('query')), 200),
  )
  .post('/CampaignSetup', requireAuth, validate('json', CampaignSetupInput), async (c) =>
    c.json(await createCampaignSetup(c.get('ctx'), c.req.valid('json')), 200),
  )
  .get('/campaignSetup/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showCampaignSetup(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .put('/campaignSetup/:id', requireAuth, validate('param', IdParam), validate('json', CampaignSetupInput), async (c) =>
    c.json(await updateCampaignSetup(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/campaignSetup/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteCampaignSetup(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Configuração de campanha excluída' }, 200);
  });
