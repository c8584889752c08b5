import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { scheduleActionJob } from './schedule-actions.jobs';
import { publishSettled } from './schedule-actions.service';

/**
 * Startup step of the scheduled actions: the job's handler, and the live update of a card when an attempt of this
 * process settles (`scheduleAction-{companyId}` update, after the outcome is recorded).
 */
export function startScheduleActionsArea(opts: { role: 'api' | 'worker' | 'cli' }): void {
  // a worker sharing PostgreSQL without Redis cannot reach the sessions (sendMessage): the API process runs them
  const env = platform().env;
  if (opts.role === 'worker' && env.databaseUrl && !env.redisUrl) return;
  scheduleActionJob.register();
  platform().jobs.onSettled((e) => {
    publishSettled(e).catch((err) => log.error({ err, id: e.id }, 'scheduled action: live update failed'));
  });
}
