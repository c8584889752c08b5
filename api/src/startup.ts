import { seedDemoAi } from './modules/ai/ai.demo';
import { startAiArea } from './modules/ai/ai.runtime';
import { seedDemoInvoices } from './modules/billing/billing.demo';
import { startBillingArea } from './modules/billing/billing.jobs';
import { seedDemoBillingNotices } from './modules/billing-notices/billing-notices.demo';
import { startBillingNoticesArea } from './modules/billing-notices/billing-notices.startup';
import { seedDemoAiBot, seedDemoBot } from './modules/bots/bots.demo';
import { startBotsArea } from './modules/bots/bots.runtime';
import { startCampaignEngineArea } from './modules/campaign-engine/campaign-engine.startup';
import { seedDemoCampaignSetup } from './modules/campaign-setups/campaign-setups.demo';
import { seedDemoCampaign } from './modules/campaigns/campaigns.demo';
import { startCompaniesArea } from './modules/companies/companies.startup';
import { DEMO, seedDemoOnFirstStart } from './modules/companies/demo-seed';
import { seedDemoFlows } from './modules/flows/flows.demo';
import { startFlowsArea } from './modules/flows/flows.startup';
import { seedDemoKanban } from './modules/kanban/kanban.demo';
import { seedDemoLocations } from './modules/locations/locations.demo';
import { installFarewell } from './modules/messages/messages.farewell';
import { startPipelineArea } from './modules/pipeline/pipeline.startup';
import { seedDemoReports } from './modules/reports/reports.demo';
import { startScheduleActionsArea } from './modules/schedule-actions/schedule-actions.startup';
import { seedDemoSchedules } from './modules/schedules/schedules.demo';
import { startSchedulesArea } from './modules/schedules/schedules.startup';
import { seedDemoConnection, startWhatsappArea } from './modules/whatsapp/whatsapp.startup';
import { registerBaileysAdapter } from './platform/channels/baileys';
import { installSessionOwnership, startSessionRelay } from './platform/channels/lease';
import { startSseHub } from './platform/events/sse';
import { platform } from './platform/index';

/**
 * Work every process does after the platform is up: register job handlers, seed the demo (first embedded start),
 * restore channel sessions… Each area adds its step here.
 */
export async function runStartupTasks(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  void platform();
  void opts;
  // realtime: the SSE hub subscribes to the bus now so its resume buffer covers events before the first client
  if (opts.role === 'api') startSseHub();
  // auth/users: the first non-production start seeds the demo company (admin@demo.local / agent@demo.local)
  if (opts.role === 'api') await seedDemoOnFirstStart({ production: platform().env.production });
  // channels: Baileys for real numbers; with REDIS_URL the Redis session lease (before the first session starts)
  installSessionOwnership();
  registerBaileysAdapter();
  // scale (REDIS_URL): channel commands reach the process owning each session (before any session starts here)
  await startSessionRelay();
  // connections: channel adapters, inbound pipeline jobs, restored sessions and (REDIS_URL) takeover of sessions
  // whose owner died; then the demo's simulator 'Principal'
  // messages: the ticket area's resolve sends the farewell through the outbound seam
  installFarewell();
  // SaaS administration: the company deletion job
  startCompaniesArea();
  startPipelineArea(opts);
  // scheduled actions: the job's handler and the live update of its cards
  startScheduleActionsArea(opts);
  // schedules: the delivery job, and the catch-up of occurrences that came due while nothing ran
  await startSchedulesArea(opts);
  // flows: the step job, and the runs under way planned again
  await startFlowsArea(opts);
  // chatbots: the reply, silence and webhook jobs, and the reaction at the after-inbound hook (stage chatbot)
  startBotsArea(opts);
  // AI: the turn, send and inactivity jobs, the reaction at the after-inbound hook (stage ai), the bots' AI port
  startAiArea(opts);
  // campaigns: the engine's jobs, the scheduled action updateCampaign, and the rebuild of running campaigns
  await startCampaignEngineArea(opts);
  // billing notices: the dispatch and daily jobs, the default templates and today's sweep
  await startBillingNoticesArea(opts);
  await startWhatsappArea(opts);
  if (opts.role === 'api') await seedDemoConnection(DEMO.companyName);
  // dashboard and reports: four weeks of resolved conversations with their instants (after the connection)
  if (opts.role === 'api') await seedDemoReports(DEMO.companyName, [DEMO.admin.email, DEMO.agent.email]);
  // schedules: a pending weekly one and one sent through the demo connection (after it exists)
  if (opts.role === 'api') await seedDemoSchedules(DEMO.companyName, DEMO.admin.email);
  // locations: four saved places to send in a chat (the places search answers from the embedded fake geocoder)
  if (opts.role === 'api') await seedDemoLocations(DEMO.companyName);
  // flows: one Chat flow to run with ';' in a chat
  if (opts.role === 'api') await seedDemoFlows(DEMO.companyName);
  // campaign setups: one on the demo's non-default connection (after it exists)
  // campaigns: 'Campanha Demo' (3 contacts) on that setup, sent by the engine (after the setup, first start only)
  if (opts.role === 'api') await seedDemoCampaign(await seedDemoCampaignSetup(DEMO.companyName, DEMO.admin.email));
  // chatbots: 'Atendimento Demo' on its own connection 'Demo Bot' (after the campaign setup, which takes the
  // non-default connections it finds)
  if (opts.role === 'api') await seedDemoBot(DEMO.companyName, DEMO.admin.email);
  // AI: the embedded fake model, the demo's integration pointing at it and a prompt; the prompt answers on the
  // connection 'Demo IA' (a chatbot setup of botType prompt)
  if (opts.role === 'api') {
    const demoPromptId = await seedDemoAi(DEMO.companyName);
    await seedDemoAiBot(DEMO.companyName, DEMO.admin.email, demoPromptId);
  }
  // kanban: three kanban tags and six customers on 'Principal', four of them on tag lanes (after the connection)
  if (opts.role === 'api') await seedDemoKanban(DEMO.companyName, DEMO.admin.email);
  // billing: the demo's invoices (paid, pending with a pay link, overdue) on its client companies, then the daily run
  // (automatic invoices, overdue, grace) queued for today
  if (opts.role === 'api') await seedDemoInvoices();
  await startBillingArea(opts);
  // billing notices: the notification connection, a subscription on 'Clínica Sorriso' and today's notices
  if (opts.role === 'api') await seedDemoBillingNotices();
}
