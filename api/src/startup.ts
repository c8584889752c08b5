import { DEMO, seedDemoOnFirstStart } from './modules/companies/demo-seed';
import { unsafeListConnectionsToRestore } from './modules/whatsapp/whatsapp.repo';
import { startConnectionSession } from './modules/whatsapp/whatsapp.sessions';
import { seedDemoConnection, startWhatsappArea } from './modules/whatsapp/whatsapp.startup';
import { registerBaileysAdapter } from './platform/channels/baileys';
import { installSessionOwnership, watchSessionOrphans } from './platform/channels/lease';
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
  // connections: channel adapters, inbound pipeline jobs, restored sessions; then the demo's simulator 'Principal'
  await startWhatsappArea(opts);
  // scale (REDIS_URL): sessions of an API process that died are claimed and restarted here within lease + scan
  if (opts.role === 'api') {
    const running = async () =>
      (await unsafeListConnectionsToRestore()).filter((w) => w.status === 'CONNECTED' || w.status === 'OPENING');
    watchSessionOrphans(
      async () => (await running()).map((w) => w.id),
      async (connId) => {
        const w = (await running()).find((r) => r.id === connId);
        if (w) await startConnectionSession(w);
        // not found: the lease is released by watchSessionOrphans (nothing started)
      },
    );
  }
  if (opts.role === 'api') await seedDemoConnection(DEMO.companyName);
}
