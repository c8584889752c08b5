import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { catchUpFlowRuns, flowStepJob } from './flows.runtime';

/** Startup step of flows: the step job's handler and, where jobs run, the catch-up of runs under way. */
export async function startFlowsArea(opts: { role: 'api' | 'worker' | 'cli' }): Promise<void> {
  const env = platform().env;
  if (opts.role === 'cli' || (opts.role === 'worker' && env.databaseUrl && !env.redisUrl)) return;
  flowStepJob.register();
  if (opts.role === 'worker' || (opts.role === 'api' && env.workersInApi)) {
    const seen = await catchUpFlowRuns();
    if (seen) log.info({ runs: seen }, 'flows: runs under way planned again');
  }
}
