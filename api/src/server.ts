import { createApp } from './app';
import { markReady } from './modules/health/health.routes';
import { selectAdapters } from './platform/adapters';
import { startupBanner } from './platform/banner';
import { loadEnv } from './platform/env';
import { LARGEST_BODY_MAX } from './platform/http/body-limit';
import { webFetchHandler } from './platform/http/web-static';
import { bootPlatform } from './platform/index';
import { log } from './platform/log';
import { RESTART_EXIT_CODE, shutdownReportingProcess, startProcessReporter } from './platform/processes/reporter';
import { runStartupTasks } from './startup';

async function main() {
  const env = loadEnv();
  const { events, jobs } = await selectAdapters(env);
  const p = await bootPlatform({ env, events, jobs });
  const app = createApp({ corsOrigins: [env.frontendUrl, `http://127.0.0.1:${env.webPort}`] });

  // Bun's own ceiling (default 128 MB) at the largest route cap; each route's smaller cap is requestBodyLimits'
  const api = Bun.serve({ port: env.port, fetch: app.fetch, idleTimeout: 120, maxRequestBodySize: LARGEST_BODY_MAX });
  const web = Bun.serve({ port: env.webPort, fetch: webFetchHandler(env), idleTimeout: 60 });
  p.onShutdown.push(() => {
    api.stop(true);
    web.stop(true);
  });

  await runStartupTasks({ role: 'api' });
  if (env.workersInApi) await p.jobs.startWorkers();

  let stopping = false;
  // exit code 0 on SIGINT/SIGTERM; RESTART_EXIT_CODE when the system control asks for a restart (the supervisor,
  // scripts/run.mjs or compose, starts the process again)
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ code }, 'shutting down');
    markReady(false);
    // stops the servers and the areas, then the jobs runner (waits for the jobs in flight), removes this process from
    // the registry, then closes the database
    await shutdownReportingProcess(reporter);
    process.exit(code);
  };
  // process monitor (issue 22): this process reports itself every PROCESS_REPORT_MS
  const reporter = await startProcessReporter({
    role: env.databaseUrl ? 'api' : 'embedded',
    port: env.port,
    onRestart: () => void stop(RESTART_EXIT_CODE),
  });
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // ready and announced only now: from here a signal stops the server gracefully
  markReady(true);
  console.log(startupBanner(env).join('\n'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
