import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { catchUpSchedules, scheduleSendJob } from './schedules.delivery';

/**
 * Startup step of schedules: the delivery job's handler, and — where jobs run — the catch-up: every pending
 * schedule gets the job of its next occurrence (the server was down: due ones run at once, the latest within the
 * grace is sent, older ones are marked missed). A worker sharing PostgreSQL without Redis cannot reach the sessions
 * (they run in the API process): the job then stays with the API, like the pipeline's.
 */
export async function startSchedulesArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  const env = platform().env;
  if (opts.role === 'cli' || (opts.role === 'worker' && env.databaseUrl && !env.redisUrl)) return;
  scheduleSendJob.register();
  if (opts.role === 'worker' || (opts.role === 'api' && env.workersInApi)) {
    const seen = await catchUpSchedules();
    if (seen) log.info({ schedules: seen }, 'schedules: next occurrences planned');
  }
}
