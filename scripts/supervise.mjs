#!/usr/bin/env node
// The supervisor of `npm start` (issue 22): runs the server and starts it again when it exits with the restart code
// (a restart asked from the system control: it drained and exited on purpose) or when it crashes (with backoff).
// Scaled deployments use compose's restart policy instead. Usable alone: node scripts/supervise.mjs -- <cmd> <args…>
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** api/src/platform/processes/reporter.ts RESTART_EXIT_CODE */
export const RESTART_EXIT_CODE = 75;

const num = (v, d) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

/**
 * Runs `cmd args` until it exits for good; resolves with the exit code to use.
 * - exit RESTART_EXIT_CODE → started again at once (ZAPDESK_RESTARTS + 1 tells the process its restarts);
 * - exit 0, or a stop asked of the supervisor (SIGINT/SIGTERM, forwarded to the child) → done;
 * - a crash → started again after a backoff (1 s, 2 s, 4 s … 30 s; back to 1 s after a run longer than the
 *   minimum uptime). A crash of the first run before the minimum uptime is a start-up error (port taken, bad
 *   configuration): no restart. So are 5 crashes in a row, each before the minimum uptime.
 */
export function supervise(cmd, args, opts = {}) {
  const backoffMs = num(process.env.SUPERVISE_BACKOFF_MS, 1_000);
  const maxBackoffMs = num(process.env.SUPERVISE_MAX_BACKOFF_MS, 30_000);
  const minUptimeMs = num(process.env.SUPERVISE_MIN_UPTIME_MS, 10_000);
  const maxUnstable = 5;
  const log = opts.log ?? ((m) => console.error(`[supervisor] ${m}`));
  let restarts = 0;
  let unstable = 0;
  let delay = backoffMs;
  let stopping = false;
  let child;
  const forward = (signal) => {
    stopping = true;
    child?.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);

  return new Promise((resolve) => {
    const done = (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code);
    };
    const start = () => {
      const startedAt = Date.now();
      child = spawn(cmd, args, {
        cwd: opts.cwd,
        stdio: 'inherit',
        env: { ...process.env, ...opts.env, ZAPDESK_RESTARTS: String(restarts) },
      });
      child.on('error', (err) => {
        log(`failed to run ${cmd}: ${err.message}`);
        done(1);
      });
      child.on('exit', (code, signal) => {
        const ranMs = Date.now() - startedAt;
        if (stopping) return done(code ?? (signal ? 0 : 1));
        if (code === 0) return done(0);
        if (code === RESTART_EXIT_CODE) {
          restarts++;
          delay = backoffMs;
          unstable = 0;
          log(`restart requested: starting again (restart ${restarts})`);
          return start();
        }
        const why = signal ? `signal ${signal}` : `code ${code}`;
        if (ranMs < minUptimeMs) {
          unstable++;
          if (restarts === 0 || unstable >= maxUnstable) {
            log(`exited (${why}) ${Math.round(ranMs / 1000)} s after starting: not restarting`);
            return done(code ?? 1);
          }
        } else {
          unstable = 0;
          delay = backoffMs;
        }
        restarts++;
        log(`crashed (${why}): starting again in ${delay} ms (restart ${restarts})`);
        const wait = delay;
        delay = Math.min(maxBackoffMs, delay * 2);
        setTimeout(() => (stopping ? done(code ?? 1) : start()), wait);
      });
    };
    start();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sep = process.argv.indexOf('--');
  const [cmd, ...args] = process.argv.slice(sep >= 0 ? sep + 1 : 2);
  if (!cmd) {
    console.error('usage: node scripts/supervise.mjs -- <command> [args…]');
    process.exit(2);
  }
  supervise(cmd, args).then((code) => process.exit(code));
}
