import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { registerScheduleActionHandler } from '../schedule-actions/schedule-actions.jobs';
import {
  enqueueResend,
  enqueueTick,
  enqueueWebhook,
  resendJob,
  runEngine,
  scheduleStart,
  startJob,
  stopEngine,
  tickJob,
  webhookJob,
} from './campaign-engine.engine';
import { holdLiveness, isWorkerAlive } from './campaign-engine.liveness';
import * as repo from './campaign-engine.repo';
import { updateCampaignAction } from './campaign-engine.service';

/**
 * Startup step of the campaign engine: the jobs' handlers and the scheduled action `updateCampaign` everywhere jobs
 * may run; where they run, the rebuild from the rows (Redis keeps nothing): claimed dispatches of dead processes →
 * uncertain (never re-sent), one tick per running campaign, the start job of each scheduled campaign, and the
 * webhook job of a finalized campaign whose claimed call never finished.
 */
export async function startCampaignEngineArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  registerScheduleActionHandler('updateCampaign', ({ actor, data }) => updateCampaignAction(actor, data));
  const env = platform().env;
  if (opts.role === 'cli' || (opts.role === 'worker' && env.databaseUrl && !env.redisUrl)) return;
  runEngine();
  platform().onShutdown.push(() => stopEngine());
  tickJob.register();
  startJob.register();
  webhookJob.register();
  resendJob.register();
  if (opts.role === 'worker' || (opts.role === 'api' && env.workersInApi)) {
    await holdLiveness();
    const n = await rebuildCampaignQueues();
    if (n.running || n.uncertain) log.info(n, 'campaigns: queues rebuilt from the rows');
  }
}

/** The start-up rebuild (also callable by tests). */
export async function rebuildCampaignQueues(): Promise<{ uncertain: number; running: number; scheduled: number }> {
  let uncertain = 0;
  for (const cl of await repo.unsafeAllClaimed()) {
    const moved = await repo.inTransaction(async (tx) => {
      if (await isWorkerAlive(tx, cl.claimedBy)) return false;
      return (await repo.interruptClaimed(tx, cl.companyId, cl.id, cl.claimedBy)) !== null;
    });
    if (moved) uncertain++;
  }
  const running = await repo.unsafeCampaignsIn('start');
  for (const c of running) await enqueueTick(c.companyId, c.id);
  const scheduled = await repo.unsafeCampaignsIn('scheduled');
  for (const c of scheduled) if (c.schedule) await scheduleStart(c.companyId, c.id, c.schedule.getTime());
  for (const c of await repo.unsafeWebhooksUnfinished()) await enqueueWebhook(c.companyId, c.id);
  // admin resends on finalized campaigns not sent yet (their job may have ended with the previous process)
  for (const r of await repo.unsafeResendsPending()) await enqueueResend(r.companyId, r.campaignId, r.id);
  return { uncertain, running: running.length, scheduled: scheduled.length };
}
