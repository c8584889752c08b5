import { CAMPAIGN_PROCESS_ACTIONS, type CampaignProcessAction, IdParam, IdValue } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { describeRoute } from '../../platform/http/route-docs';
import { validate } from '../../platform/http/validate';
import { processCampaign, resendDispatch } from './campaign-engine.service';

const ProcessParams = z.object({
  campaignId: IdValue,
  action: z.enum(Object.keys(CAMPAIGN_PROCESS_ACTIONS) as [CampaignProcessAction, ...CampaignProcessAction[]], {
    error: 'Ação inválida: use start, pause ou finalized',
  }),
});

/**
 * Spec 2 §7 Campaigns: POST /CampaignProcess/{campaignId}/{start|pause|finalized} answers the campaign. Ours:
 * POST /CampaignDispatch/{id}/resend (administrators) puts an uncertain dispatch back in the list.
 */
export const campaignEngineRoutes = new Hono<AppEnv>()
  .post(
    '/CampaignProcess/:campaignId/:action',
    describeRoute({
      audience: 'internal',
      summary: 'Iniciar, pausar ou concluir uma campanha',
      description:
        'start: inicia ou retoma (de criada, agendada ou pausada); pause: pausa antes da próxima saudação; finalized: conclui, cancela os envios pendentes e chama o webhookUrlConcluded uma vez. Um movimento que o estado não permite responde 409 ERR_INVALID_CAMPAIGN_TRANSITION.',
      tags: ['Campanhas'],
      responses: {
        200: { description: 'A campanha depois do movimento' },
        403: { description: 'Sem permissão ou campanhas desativadas no plano' },
        404: { description: 'Campanha não encontrada' },
        409: { description: 'ERR_INVALID_CAMPAIGN_TRANSITION' },
      },
    }),
    requireAuth,
    validate('param', ProcessParams),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await processCampaign(c.get('ctx'), p.campaignId, p.action), 200);
    },
  )
  .post(
    '/CampaignDispatch/:id/resend',
    describeRoute({
      audience: 'internal',
      summary: 'Reenviar um envio incerto',
      description:
        'Somente administradores. Um envio "incerto" (o processo caiu durante o envio: não sabemos se chegou) volta para a fila (pendente) e é enviado quando a campanha estiver em andamento. Recusado (409) quando o envio não está incerto ou a campanha já foi concluída.',
      tags: ['Campanhas'],
      responses: {
        200: { description: 'O envio, pendente de novo' },
        403: { description: 'Sem permissão ou campanhas desativadas no plano' },
        404: { description: 'Envio não encontrado' },
        409: { description: 'ERR_INVALID_CAMPAIGN_TRANSITION' },
      },
    }),
    requireAuth,
    validate('param', IdParam),
    async (c) => c.json(await resendDispatch(c.get('ctx'), c.req.valid('param').id), 200),
  );
