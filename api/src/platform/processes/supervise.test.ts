import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESTART_EXIT_CODE } from './reporter';

/**
 * `npm start`'s supervisor (scripts/supervise.mjs, run by Node as in scripts/run.mjs): a child exiting with the
 * restart code is started again at once with ZAPDESK_RESTARTS + 1; a crash after a stable run is restarted after a
 * backoff; exit 0 ends; a crash of the first run at start-up is not restarted.
 */
const SUPERVISE = join(import.meta.dir, '../../../../scripts/supervise.mjs');
const NODE = Bun.which('node') ?? process.execPath;

/** a child that exits with codes[run] (run = how many times it ran before), recording ZAPDESK_RESTARTS */
function childScript(dir: string, codes: number[]): string {
  const file = join(dir, 'child.cjs');
  writeFileSync(
    file,
    `const fs = require('fs'); const f = ${JSON.stringify(join(dir, 'runs'))};
     const runs = fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\\n').filter(Boolean) : [];
     fs.appendFileSync(f, (process.env.ZAPDESK_RESTARTS ?? '-') + '\\n');
     process.exit(${JSON.stringify(codes)}[runs.length] ?? 0);`,
  );
  return file;
}

async function runSupervisor(codes: number[], env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'zapdesk-supervise-'));
  const child = childScript(dir, codes);
  const p = Bun.spawn([NODE, SUPERVISE, '--', NODE, child], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const code = await p.exited;
  const runs = readFileSync(join(dir, 'runs'), 'utf8').split('\n').filter(Boolean);
  return { code, runs, stderr: await new Response(p.stderr).text() };
}

describe('scripts/supervise.mjs', () => {
  test('restart code → started again at once; crash after a stable run → again after the backoff; 0 ends', async () => {
    const r = await runSupervisor([RESTART_EXIT_CODE, 3, 0], {
      SUPERVISE_BACKOFF_MS: '50',
      SUPERVISE_MIN_UPTIME_MS: '0',
    });
    expect(r.code).toBe(0);
    expect(r.runs).toEqual(['0', '1', '2']);
    expect(r.stderr).toContain('restart requested');
    expect(r.stderr).toContain('crashed (code 3)');
  });

  test('a crash of the first run at start-up is a start-up error: not restarted', async () => {
    const r = await runSupervisor([3, 0], { SUPERVISE_MIN_UPTIME_MS: '60000' });
    expect(r.code).toBe(3);
    expect(r.runs).toEqual(['0']);
  });
});
