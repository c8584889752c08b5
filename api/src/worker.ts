import { selectAdapters } from './platform/adapters';
import { loadEnv } from './platform/env';
import { bootPlatform } from './platform/index';
import { log } from './platform/log';
import { startWorkerMetricsServer } from './platform/observability/metrics-server';
import { RESTART_EXIT_CODE, shutdownReportingProcess, startProcessReporter } from './platform/processes/reporter';
import { runStartupTasks } from './startup';

/**
 * `bun run worker`: a process that only consumes jobs (production with REDIS_URL; the API then does not consume
 * unless WORKERS_IN_API=1). With DATABASE_URL and no Redis it consumes the jobs table next to the API (claims are
 * safe across processes). With the embedded PGlite database it refuses: PGlite belongs to one process, and in that
 * mode jobs already run inside the server.
 */
async function main() {
  const env = loadEnv();
  if (!env.databaseUrl) {
    throw new Error(
      'The worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database cannot be shared between ' +
        'processes, and in embedded mode the jobs already run inside the server (bun run dev / start).',
    );
  }
  const { events, jobs } = await selectAdapters(env);
  const p = await bootPlatform({ env, events, jobs });
  await runStartupTasks({ role: 'worker' });
  await p.jobs.startWorkers();
  startWorkerMetricsServer(env, p);

  let stopping = false;
  // SIGINT/SIGTERM exit 0; a restart asked from the system control exits RESTART_EXIT_CODE (compose restarts it)
  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down: waiting for running jobs');
    try {
      await shutdownReportingProcess(reporter);
      process.exit(code);
    } catch (err) {
      log.error({ err }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  // process monitor (issue 22): this process reports itself every PROCESS_REPORT_MS
  const reporter = await startProcessReporter({
    role: 'worker',
    onRestart: () => void stop('restart', RESTART_EXIT_CODE),
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // announced only now: from this line on a signal stops the worker gracefully (exit 0)
  log.info({ jobs: env.redisUrl ? 'BullMQ (Redis)' : 'jobs table (PostgreSQL)' }, 'worker started');
  console.log(`  Worker consuming jobs from ${env.redisUrl ? 'Redis (BullMQ)' : 'the PostgreSQL jobs table'}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
