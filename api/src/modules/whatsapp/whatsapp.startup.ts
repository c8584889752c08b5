import { registerChannelAdapter } from '../../platform/channels/registry';
import { sessionManager } from '../../platform/channels/session-manager';
import { SimulatorAdapter, SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { definePipelineJobs } from '../pipeline/pipeline.jobs';
import { defineImportJobs, maybeStartImport } from './whatsapp.import';
import * as repo from './whatsapp.repo';
import { ensureDefaultConnection } from './whatsapp.service';
import {
  channelSink,
  connectionSettled,
  restoreSessions,
  setOnConnected,
  startConnectionSession,
} from './whatsapp.sessions';

/**
 * Startup step of connections and the inbound pipeline: adapters, job handlers, the channel sink, then (API
 * process) the sessions that were connected before the restart.
 */
export async function startWhatsappArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  if (platform().env.simulatorEnabled) registerChannelAdapter(new SimulatorAdapter());
  definePipelineJobs();
  defineImportJobs();
  setOnConnected(maybeStartImport);
  sessionManager().setSink(channelSink);
  if (opts.role === 'api') {
    await restoreSessions().catch((err) => log.error({ err }, 'session restore failed'));
  }
}

export const DEMO_GREETING =
  '{{ms}}, {{name}}! Bem-vindo(a) ao atendimento da Demo. Seu protocolo é {{protocol}}. Em instantes um atendente vai falar com você.';

/**
 * Demo: the demo company gets a simulator connection 'Principal' (default, every queue), connected, when it has
 * no connection (first start). Idempotent: existing connections are left alone. Never in production.
 */
export async function seedDemoConnection(demoCompanyName: string): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return;
  const companyId = await repo.unsafeFindCompanyIdByName(demoCompanyName);
  if (companyId === null) return;
  if ((await repo.countWhatsapps(companyId)) > 0) return;
  const queueIds = await repo.listCompanyQueueIds(companyId);
  const w = await ensureDefaultConnection(companyId, { lib: 'simulator', queueIds, greetingMessage: DEMO_GREETING });
  await startConnectionSession(w);
  const session = sessionManager().get(w.id);
  if (session instanceof SimulatorSession) {
    await session.scan();
    await connectionSettled(w.id);
  }
}
