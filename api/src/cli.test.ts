import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { CliError, parseOptions, runCommand } from './cli';
import { users } from './db/schema';
import { makeTenant } from './test/factories';
import { setupTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

const login = (email: string, password: string) => t.req('POST', '/auth/login', { json: { email, password } });

describe('cli commands (in process)', () => {
  test('create-master creates a master admin in a new company with defaults', async () => {
    const out = await runCommand([
      'create-master',
      '--email',
      'Root@Platform.test',
      '--password',
      'rootpass',
      '--name',
      'Root',
      '--company=Acme SaaS',
    ]);
    expect(out).toContain('root@platform.test');
    const res = await login('root@platform.test', 'rootpass');
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({ master: 1, payPanelAccess: true, profile: 'admin', company: { name: 'Acme SaaS' } });
    expect(user.userAuthorization.name).toBe('Administradores');
  });

  test('create-master into an existing company, and refuses a duplicate e-mail', async () => {
    await runCommand([
      'create-master',
      '--email',
      'two@platform.test',
      '--password',
      'rootpass',
      '--name',
      'Two',
      '--company',
      'Acme SaaS',
    ]);
    expect((await login('two@platform.test', 'rootpass')).status).toBe(200);
    await expect(
      runCommand(['create-master', '--email', 'two@platform.test', '--password', 'rootpass', '--name', 'Two']),
    ).rejects.toMatchObject({ code: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  test('reset-password sets the password and ends the sessions (tokenVersion bumped)', async () => {
    const { agent } = await makeTenant();
    await runCommand(['reset-password', '--email', agent.user.email, '--password', 'novinha']);
    expect((await login(agent.user.email, 'novinha')).status).toBe(200);
    // superseded: the client must refresh, and every refresh session is revoked
    expect((await t.req('GET', '/users/list', { token: agent.token })).status).toBe(403);
    const [u] = await t.platform.dbh.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(u.tokenVersion).toBe(agent.user.tokenVersion + 1);
    await expect(
      runCommand(['reset-password', '--email', 'ghost@x.test', '--password', 'novinha']),
    ).rejects.toMatchObject({
      code: 'ERR_NO_USER_FOUND',
    });
  });

  test('seed-demo and migrate', async () => {
    expect(await runCommand(['seed-demo'])).toContain('admin@demo.local');
    expect(await runCommand(['seed-demo'])).toContain('agent@demo.local');
    expect(await runCommand(['migrate'])).toBe('migrations applied');
  });

  test('validation and usage errors', async () => {
    await expect(runCommand(['reset-password', '--email', 'a@b.test', '--password', '123'])).rejects.toThrow(
      '--password: Too Short!',
    );
    await expect(
      runCommand(['create-master', '--email', 'bad', '--password', '12345', '--name', 'Xy']),
    ).rejects.toThrow('--email: Invalid email');
    await expect(runCommand(['nope'])).rejects.toBeInstanceOf(CliError);
    expect(() => parseOptions(['--bogus', 'x'])).toThrow(CliError);
    expect(() => parseOptions(['--email'])).toThrow('--email needs a value');
    expect(parseOptions(['--email=a@b.c', '--name', 'N'])).toEqual({ email: 'a@b.c', name: 'N' });
  });
});

describe('cli process', () => {
  const bun = process.execPath;
  const cli = join(import.meta.dir, 'cli.ts');

  test('unknown command exits non-zero without booting', () => {
    const r = Bun.spawnSync([bun, cli, 'nope'], { env: { ...process.env, LOG_LEVEL: 'silent' } });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.toString()).toContain('unknown command');
  });

  test('boots its own embedded database, seeds, resets a password, and exits 1 on a refused command', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'h3-cli-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      REDIS_URL: '',
    };
    try {
      const seed = Bun.spawnSync([bun, cli, 'seed-demo'], { env });
      expect(seed.stderr.toString()).toBe('');
      expect(seed.exitCode).toBe(0);
      const ok = Bun.spawnSync([bun, cli, 'reset-password', '--email', 'agent@demo.local', '--password', 'trocada'], {
        env,
      });
      expect(ok.exitCode).toBe(0);
      const bad = Bun.spawnSync([bun, cli, 'reset-password', '--email', 'ghost@demo.local', '--password', 'trocada'], {
        env,
      });
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr.toString()).toContain('ERR_NO_USER_FOUND');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
