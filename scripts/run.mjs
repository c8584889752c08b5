#!/usr/bin/env node
// Entry of `npm start` / `npm test` on a machine with only Node + npm: installs the pinned Bun and the
// workspace dependencies (frozen lockfile), then hands over to Bun.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const BUN_VERSION = pkg.devDependencies.bun;
const bunBin = join(root, 'node_modules', '.bin', 'bun');

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.error) {
    console.error(`failed to run ${cmd}: ${r.error.message}`);
    process.exit(1);
  }
  return r.status ?? 1;
}

function install() {
  const useLocal = existsSync(bunBin);
  const status = useLocal
    ? run(bunBin, ['install', '--frozen-lockfile'])
    : run('npx', ['-y', `bun@${BUN_VERSION}`, 'install', '--frozen-lockfile']);
  if (status !== 0) process.exit(status);
}

const task = process.argv[2];
install();
if (task === 'start') {
  if (run(bunBin, ['run', 'build:web']) !== 0) process.exit(1);
  // supervised: a restart asked from the system control (exit 75) or a crash starts the server again
  process.exit(await supervise(bunBin, ['api/src/server.ts'], { cwd: root }));
} else if (task === 'test') {
  process.exit(run(bunBin, ['run', 'test:all']));
} else {
  console.error('usage: node scripts/run.mjs start|test');
  process.exit(2);
}
