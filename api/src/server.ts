import { createApp } from './app';
import { markReady } from './modules/health/health.routes';
import { selectAdapters } from './platform/adapters';
import { startupBanner } from './platform/banner';
import { loadEnv } from './platform/env';
import { LARGEST_BODY_MAX } from './platform/http/body-limit';
import { webFetchHandler } from './platform/http/web-static';
import { bootPlatform, shutdownPlatform } from './platform/index';
import { log } from './platform/log';
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
  markReady(true);

  console.log(startupBanner(env).join('\n'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down');
    markReady(false);
    await shutdownPlatform();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
