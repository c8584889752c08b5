#!/usr/bin/env node
// The browser journeys (`bun run test:e2e`), in E2E_SHARDS shards run side by side (default 2): each shard is its
// own `playwright test --shard=i/N` with its own server, ports and fresh embedded database, so the files of a shard
// run one after another exactly as in a single run. The machine's second core is otherwise idle while a journey waits
// on the browser. With file arguments (a developer running one journey) or E2E_SHARDS=1: one plain run.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const playwright = join(root, 'node_modules', '.bin', 'playwright');
const args = process.argv.slice(2);
const shards = args.some((a) => !a.startsWith('-')) ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const apiPort = Number(process.env.E2E_API_PORT ?? 18080);
const webPort = Number(process.env.E2E_WEB_PORT ?? 13000);

/** Playwright's closing block: the counts and the failed/flaky tests' names */
const SUMMARY = /^\s+\d+ (failed|flaky|passed|skipped|did not run|interrupted)\b/;

function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const env = {
    ...process.env,
    E2E_API_PORT: String(apiPort + index - 1),
    E2E_WEB_PORT: String(webPort + index - 1),
  };
  const tag = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  return new Promise((resolve) => {
    const child = spawn(playwright, ['test', ...shardArgs, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = [];
    const out = (stream, sink) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const text = rest + chunk.toString();
        const parts = text.split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          sink.write(`${tag}${line}\n`);
        }
      });
      stream.on('end', () => {
        if (rest) {
          lines.push(rest);
          sink.write(`${tag}${rest}\n`);
        }
      });
    };
    out(child.stdout, process.stdout);
    out(child.stderr, process.stderr);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('close', (code, signal) => resolve({ index, code: code ?? (signal ? 1 : 0), lines }));
  });
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
if (shards > 1) {
  // each shard's closing block again, together, so the end of the log tells the whole outcome
  console.log('\n=== browser journeys, all shards ===');
  for (const r of results) {
    const start = r.lines.findIndex((l) => SUMMARY.test(l));
    console.log(`[e2e ${r.index}/${shards}] exit ${r.code}`);
    for (const l of start >= 0 ? r.lines.slice(start) : r.lines.slice(-30)) console.log(`  ${l}`);
  }
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
