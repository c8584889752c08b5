import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys (e2e/*.e2e.ts) against the built web app served by the API process, on a fresh embedded database
 * each run. `bun run test:e2e` builds the web first. Debian's Chromium; browsers are never downloaded.
 */
// overridable so several runs (CI, a developer's fresh clone, helpers) can coexist on one machine
const API_PORT = Number(process.env.E2E_API_PORT ?? 18080);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 13000);
export const E2E_API_URL = `http://localhost:${API_PORT}`;
export const E2E_WEB_URL = `http://localhost:${WEB_PORT}`;
// one data dir per API port: a run on other ports must not wipe the data of a run in progress
const DATA_DIR = API_PORT === 18080 ? '.e2e-data' : `.e2e-data-${API_PORT}`;
// and one artefacts dir: Playwright empties it at start, which must not wipe a shard running beside it
const OUTPUT_DIR = API_PORT === 18080 ? 'test-results' : `test-results-${API_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: OUTPUT_DIR,
  reporter: [['list']],
  use: {
    baseURL: E2E_WEB_URL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // a fresh data dir per run (the demo company is seeded on first start); supervised like `npm start`, so a
    // restart asked from /systemcontrol brings the server back
    command: `rm -rf ${DATA_DIR} && node scripts/supervise.mjs -- node_modules/.bin/bun api/src/server.ts`,
    url: `${E2E_API_URL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(API_PORT),
      WEB_PORT: String(WEB_PORT),
      BACKEND_URL: E2E_API_URL,
      FRONTEND_URL: E2E_WEB_URL,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // embedded database and jobs, whatever the shell has
      DATABASE_URL: '',
      REDIS_URL: '',
      // campaigns: the setups' seconds run 20× faster, so a journey sees a campaign send, pause and finish
      CAMPAIGN_PACING_SCALE: '0.05',
    },
  },
});
