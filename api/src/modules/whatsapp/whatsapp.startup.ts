import { registerChannelAdapter } from '../../platform/channels/registry';
import { sessionManager } from '../../platform/channels/session-manager';
import { SimulatorAdapter } from '../../platform/channels/simulator/simulator-adapter';
import { onCompanyLifecycle } from '../../platform/company-lifecycle';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { simulatorScanOp } from './simulator.ops';
import * as repo from './whatsapp.repo';
import { ensureDefaultConnection } from './whatsapp.service';
import {
  channelSink,
  restoreSessions,
  resumeCompanySessions,
  startConnectionSession,
  stopCompanySessions,
  suspendCompanySessions,
  watchConnectionOrphans,
} from './whatsapp.sessions';

/**
 * Startup step of connections (after the pipeline's, which installs the inbound sink and the on-connected hook):
 * adapters, the channel sink, then (session owners) the sessions that were connected before the restart.
 */
export async function startWhatsappArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  if (platform().env.simulatorEnabled)
    registerChannelAdapter(new SimulatorAdapter(platform().env.simulatorMediaOrigins));
  sessionManager().setSink(channelSink);
  installCompanyHooks();
  if (ownsSessions(opts.role)) {
    await restoreSessions().catch((err) => log.error({ err }, 'session restore failed'));
    watchConnectionOrphans();
  }
}

/**
 * A deactivated or deleted company's WhatsApp sessions stop (issue 20); a reactivated company's sessions that its
 * deactivation stopped start again.
 */
export function installCompanyHooks(): void {
  onCompanyLifecycle('deactivated', 'whatsapp.stopSessions', suspendCompanySessions);
  onCompanyLifecycle('reactivated', 'whatsapp.resumeSessions', resumeCompanySessions);
  onCompanyLifecycle('deleting', 'whatsapp.stopSessions', stopCompanySessions);
}

/**
 * Which processes run WhatsApp sessions: API processes always; workers too when Redis is there (the lease makes
 * each session run in exactly one of them, the relay lets every process reach it). Without Redis a worker would be
 * a second owner of every session: it runs none.
 */
export function ownsSessions(role: 'api' | 'worker' | 'cli'): boolean {
  return role === 'api' || (role === 'worker' && !!platform().env.redisUrl);
}

/** A list in Portuguese: 'A', 'A e B', 'A, B e C'. */
function joinPt(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? '');
}

/** The demo connection's greeting: who answers, the protocol, and the company's queues (sectors). */
export function demoGreeting(queueNames: string[]): string {
  const sectors = queueNames.length ? ` Nossos setores: ${joinPt(queueNames)}.` : '';
  return `{{ms}}, {{name}}! Bem-vindo(a) ao atendimento da Demo. Seu protocolo é {{protocol}}.${sectors} Em instantes um atendente vai falar com você.`;
}

/**
 * Demo: the demo company gets a simulator connection 'Principal' (default, every queue) and a second one 'Demo API'
 * (no queue, for the message API), both connected, when it has no connection (first start); the greeting names the queues. Its tickets arrive without a queue (several queues, no
 * queue choice yet): the demo's attendant group sees them (demo-seed). Idempotent: existing connections are left
 * alone. Never in production.
 */
export async function seedDemoConnection(demoCompanyName: string): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return;
  const companyId = await repo.unsafeFindCompanyIdByName(demoCompanyName);
  if (companyId === null) return;
  if ((await repo.countWhatsapps(companyId)) > 0) return;
  const queues = await repo.listCompanyQueues(companyId);
  const w = await ensureDefaultConnection(companyId, {
    lib: 'simulator',
    queueIds: queues.map((q) => q.id),
    greetingMessage: demoGreeting(queues.map((q) => q.name)),
  });
  // the message API sends through a connection that is not the default (spec 2 §5): 'Demo API', so an API token
  // can be made at once (README, "Message API")
  const apiId = await repo.insertWhatsapp(
    companyId,
    { name: DEMO_API_CONNECTION, lib: 'simulator', isDefault: false, disableGroupMessages: true, greetingMessage: '' },
    [],
  );
  const api = await repo.findWhatsappRow(companyId, apiId);
  for (const conn of [w, api]) {
    if (!conn) continue;
    await startConnectionSession(conn);
    await simulatorScanOp(conn.id, {}).catch((err) =>
      log.warn({ err, connId: conn.id }, 'demo connection not scanned'),
    );
  }
}

/** The demo's second simulator connection, for the message API. */
export const DEMO_API_CONNECTION = 'Demo API';

/**
 * A further demo simulator connection of another area's demo (e.g. the chatbot's 'Demo Bot'): not default, no
 * greeting, no queues, started and scanned. An existing connection of that name is reused. Answers its id, or null
 * outside the demo (production, simulator off, no such company).
 */
export async function seedDemoSimulatorConnection(companyId: number, name: string): Promise<number | null> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return null;
  const existing = (await repo.listWhatsapps(companyId)).find((w) => w.name === name);
  if (existing) return existing.id;
  const id = await repo.insertWhatsapp(
    companyId,
    { name, lib: 'simulator', isDefault: false, disableGroupMessages: true, greetingMessage: '' },
    [],
  );
  const conn = await repo.findWhatsappRow(companyId, id);
  if (conn) {
    await startConnectionSession(conn);
    await simulatorScanOp(conn.id, {}).catch((err) =>
      log.warn({ err, connId: conn.id }, 'demo connection not scanned'),
    );
  }
  return id;
}
