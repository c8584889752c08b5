import { loadActorRow, userCtxOf } from '../../platform/auth/actor';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import type { DemoSetupSeeded } from '../campaign-setups/campaign-setups.demo';
import { createCampaign } from './campaigns.service';

export const DEMO_CAMPAIGN_NAME = 'Campanha Demo';

/** The demo list: two simulator numbers with WhatsApp and one `000…` number without it (ends sentFail). */
export const DEMO_CAMPAIGN_SEND_LIST = [
  { number: '5511977770001', name: 'Cliente Campanha 1' },
  { number: '5511977770002', name: 'Cliente Campanha 2' },
  { number: '0001177770003', name: 'Número sem WhatsApp' },
] as const;

/**
 * The demo's campaign (first embedded start, right after the demo setup was seeded, on it): 'Campanha Demo', one
 * message, three contacts, created through the campaigns service like the creator does, so the engine takes it at
 * once (the setup's autoStart): within a minute or two — inside the setup's sending window — the manager shows two
 * dispatches sent and one sentFail (the number without WhatsApp), and the campaign finalized. Never in production.
 */
export async function seedDemoCampaign(seeded: DemoSetupSeeded | null): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled || seeded === null || seeded.ownerId === null) return;
  const row = await loadActorRow(seeded.ownerId);
  if (!row) return;
  const ctx = userCtxOf(row);
  if (ctx.companyId !== seeded.companyId || !ctx.caps.useCampaigns) return;
  // a demo extra: a refusal is logged, never a failed start
  const created = await createCampaign(ctx, {
    name: DEMO_CAMPAIGN_NAME,
    campaignSetupId: seeded.setupId,
    schedule: null,
    messages: [
      {
        greeting: 'Olá! Tudo bem?',
        body: 'Esta é uma campanha de demonstração do ZapDesk: novidades da semana para os nossos clientes.',
      },
    ],
    sendList: DEMO_CAMPAIGN_SEND_LIST.map((c) => ({ ...c })),
  }).catch((err) => {
    log.warn({ err, companyId: seeded.companyId }, 'demo campaign not seeded');
    return null;
  });
  if (created) log.info({ companyId: seeded.companyId, campaignId: created.id }, 'demo campaign seeded');
}
