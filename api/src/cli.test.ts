import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { CliError, parseOptions, runCommand } from './cli';
import { users, whatsapps } from './db/schema';
import { tokenForSecret } from './modules/api-tokens/api-tokens.service';
import { makeWhatsapp } from './modules/tickets/tickets.fixtures';
import { createPGlite } from './platform/db';
import { makeQueue, makeTenant } from './test/factories';
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

describe('cli SaaS administration (in process, the same services as the screens)', () => {
  test('plan:create, company:create on it, companies:list, company:deactivate / activate', async () => {
    const planOut = await runCommand([
      'plan:create',
      '--name',
      'Plano CLI',
      '--attendants',
      '3',
      '--connections',
      '2',
      '--price',
      '79,90',
      '--public',
      '1',
    ]);
    expect(planOut).toMatch(/^plan #\d+ "Plano CLI" created: 3 attendants, 2 connections, R\$ 79,90\/month, public$/);
    const planId = Number(planOut.match(/#(\d+)/)![1]);
    const out = await runCommand([
      'company:create',
      '--name',
      'Empresa da CLI',
      '--email',
      'dona@cli.test',
      '--user-name',
      'Dona CLI',
      '--password',
      'senha123',
      '--plan',
      String(planId),
      '--document',
      '11.222.333/0001-81',
    ]);
    expect(out).toContain('Empresa da CLI — active, plan "Plano CLI", users 1/3, connections 0/2');
    const companyId = Number(out.match(/#(\d+)/)![1]);
    const first = await login('dona@cli.test', 'senha123');
    expect(first.status).toBe(200);
    const { token } = await first.json();

    expect(await runCommand(['companies:list', '--search', 'empresa da cli'])).toBe(
      `#${companyId} Empresa da CLI — active, plan "Plano CLI", users 1/3, connections 0/2\n1 company`,
    );
    expect(await runCommand(['company:deactivate', '--company', String(companyId)])).toContain('INACTIVE');
    expect((await login('dona@cli.test', 'senha123')).status).toBe(401);
    expect((await t.req('GET', '/users/list', { token })).status).toBe(403);
    // a connection its deactivation marked to resume: the CLI runs no sessions, so its activation leaves the mark
    // (no failed start reported, the mark kept for the admin's start or the next reactivation from the app)
    const marked = await makeWhatsapp(companyId, { status: 'DISCONNECTED', resumeOnReactivation: true });
    expect(await runCommand(['company:activate', '--company', String(companyId)])).toContain('— active');
    expect((await login('dona@cli.test', 'senha123')).status).toBe(200);
    const [after] = await t.platform.dbh.db.select().from(whatsapps).where(eq(whatsapps.id, marked.id));
    expect([after.status, after.resumeOnReactivation]).toEqual(['DISCONNECTED', true]);
  });

  test('refusals name the option', async () => {
    const base = ['company:create', '--name', 'Outra', '--email', 'outra@cli.test', '--password', 'senha123'];
    await expect(runCommand(base)).rejects.toThrow('--user-name: Nome é obrigatório');
    await expect(runCommand([...base, '--user-name', 'Ana', '--document', '123'])).rejects.toThrow(
      '--document: O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos',
    );
    await expect(runCommand([...base, '--user-name', 'Ana', '--plan', '999999'])).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    await expect(runCommand(['plan:create', '--name', 'P'])).rejects.toThrow('--name: Too Short!');
    await expect(runCommand(['plan:create', '--name', 'Plano', '--price', 'caro'])).rejects.toThrow('--price');
    await expect(runCommand(['company:deactivate', '--company', 'x'])).rejects.toThrow('--company');
    await expect(runCommand(['company:activate', '--company', '999999'])).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
  });
});

describe('cli api-token:create (in process)', () => {
  test('makes a token with the given settings and answers only the token', async () => {
    const { company, agent } = await makeTenant();
    const conn = await makeWhatsapp(company.id, { name: 'Conexão API' });
    const queue = await makeQueue(company.id);
    const out = await runCommand([
      'api-token:create',
      '--company',
      String(company.id),
      '--connection',
      String(conn.id),
      '--name',
      'ERP',
      '--status=open',
      '--mode',
      'update',
      '--queue',
      String(queue.id),
      '--user',
      String(agent.user.id),
    ]);
    expect(out).toMatch(/^zd_live_[A-Za-z0-9_-]{43}$/);
    expect(await tokenForSecret(out)).toMatchObject({
      companyId: company.id,
      name: 'ERP',
      whatsappId: conn.id,
      ticketSetStatus: 'open',
      ticketCreateOrUpdate: 'update',
      queueId: queue.id,
      userId: agent.user.id,
    });
    // defaults: closed, create, name 'Token da CLI'
    const plain = await runCommand([
      'api-token:create',
      '--company',
      String(company.id),
      '--connection',
      String(conn.id),
    ]);
    expect(await tokenForSecret(plain)).toMatchObject({
      name: 'Token da CLI',
      ticketSetStatus: 'closed',
      ticketCreateOrUpdate: 'create',
    });
  });

  test("refuses the default connection, another company's connection and bad options", async () => {
    const { company } = await makeTenant();
    const other = await makeTenant();
    const def = await makeWhatsapp(company.id, { isDefault: true });
    const foreign = await makeWhatsapp(other.company.id);
    const conn = await makeWhatsapp(company.id);
    const run = (...args: string[]) => runCommand(['api-token:create', '--company', String(company.id), ...args]);
    await expect(run('--connection', String(def.id))).rejects.toMatchObject({ code: 'ERR_API_DEFAULT_WHATSAPP' });
    await expect(run('--connection', String(foreign.id))).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    await expect(run('--connection', String(conn.id), '--status', 'deleted')).rejects.toThrow('--status: ');
    await expect(run('--connection', String(conn.id), '--mode', 'x')).rejects.toThrow('--mode: ');
    await expect(run('--connection', 'abc')).rejects.toThrow('--connection: ');
    await expect(runCommand(['api-token:create', '--connection', String(conn.id)])).rejects.toThrow('--company: ');
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

  test('boots its own embedded database, seeds, resets a password, and exits 1 on a refused command', async () => {
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

      // the SaaS commands in a real process
      const plan = Bun.spawnSync([bun, cli, 'plan:create', '--name', 'Plano Processo', '--price', '10'], { env });
      expect(plan.exitCode).toBe(0);
      expect(plan.stdout.toString()).toContain('"Plano Processo" created');
      const list = Bun.spawnSync([bun, cli, 'companies:list', '--search', 'demo'], { env });
      expect(list.exitCode).toBe(0);
      expect(list.stdout.toString()).toMatch(/#\d+ Demo — active/);

      // api-token:create prints the token alone on stdout (TOKEN=$(bun run cli api-token:create …))
      const noConn = Bun.spawnSync([bun, cli, 'api-token:create', '--company', '1', '--connection', '99'], { env });
      expect(noConn.exitCode).toBe(1);
      expect(noConn.stdout.toString()).toBe('');
      expect(noConn.stderr.toString()).toContain('ERR_NO_WAPP_FOUND');
      const pg = createPGlite({ dataDir: join(dataDir, 'pglite') });
      const inserted = await pg.query<{ id: number }>(
        "insert into whatsapps (company_id, name, lib) select id, 'API', 'simulator' from companies where name = 'Demo' returning id",
      );
      const company = await pg.query<{ company_id: number }>('select company_id from whatsapps where id = $1', [
        inserted.rows[0].id,
      ]);
      await pg.close();
      const made = Bun.spawnSync(
        [
          bun,
          cli,
          'api-token:create',
          '--company',
          String(company.rows[0].company_id),
          '--connection',
          String(inserted.rows[0].id),
        ],
        { env: { ...env, LOG_LEVEL: 'info' } },
      );
      expect(made.stderr.toString()).toBe('');
      expect(made.exitCode).toBe(0);
      expect(made.stdout.toString()).toMatch(/^zd_live_[A-Za-z0-9_-]{43}\n$/);

      // while another live process (a running server) holds the embedded database, the CLI refuses to open it
      writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
      const busy = Bun.spawnSync([bun, cli, 'api-token:create', '--company', '1', '--connection', '1'], { env });
      expect(busy.exitCode).toBe(1);
      expect(busy.stdout.toString()).toBe('');
      expect(busy.stderr.toString()).toContain(`in use by process ${process.pid}`);
      // a dead owner's lock is taken over
      writeFileSync(join(dataDir, 'pglite.lock'), '2147483646');
      expect(Bun.spawnSync([bun, cli, 'migrate'], { env }).exitCode).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
