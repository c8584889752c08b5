import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { createApp } from '../../app';
import { users, whatsapps } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { loadEnv } from '../../platform/env';
import { bootPlatform, shutdownPlatform } from '../../platform/index';
import { makeTenant } from '../../test/factories';
import { appRequester, TEST_ENV_VARS, type TestApp } from '../../test/harness';
import { createThrowawayDatabase, realPostgresUrl } from '../../test/services';
import { startChannels } from '../pipeline/pipeline.fixtures';

/**
 * The plan limits under real concurrency (PostgreSQL, a throwaway database; PGlite runs one transaction at a time,
 * see users.test / whatsapp.test): N simultaneous creations when the company is one below its limit → exactly one
 * succeeds, the others get the spec's limit error. Before the count moved under a per-company lock inside the insert's
 * transaction, several passed.
 */
const pgBase = await realPostgresUrl('plan limits (real Postgres)');
const N = 6;

if (!pgBase) {
  test.skip('plan limits on PostgreSQL (not reachable)', () => {});
} else {
  describe('plan limits on real PostgreSQL', () => {
    let tmp: Awaited<ReturnType<typeof createThrowawayDatabase>>;
    const t = {} as TestApp;

    beforeAll(async () => {
      tmp = await createThrowawayDatabase(pgBase, 'zapdesk_limits');
      const env = loadEnv({ ...TEST_ENV_VARS, DATABASE_URL: tmp.url });
      const platform = await bootPlatform({ env });
      invalidateActors();
      const app = createApp({ corsOrigins: [env.frontendUrl] });
      Object.assign(t, {
        platform,
        app,
        req: appRequester(app),
        close: async () => {},
      } satisfies TestApp);
      await startChannels(t);
    }, 120_000);

    afterAll(async () => {
      await shutdownPlatform();
      await tmp?.drop();
    }, 60_000);

    test(`users: ${N} concurrent creations at limit−1 → one 201, the others 403 ERR_NO_LIMIT_USER`, async () => {
      // makeTenant makes 2 users (admin + agent): a limit of 3 leaves room for one
      const { company, admin } = await makeTenant({ numberAttendants: 3 });
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          t
            .req('POST', '/users', {
              token: admin.token,
              json: { name: `Concorrente ${i}`, email: `race-${company.id}-${i}@limits.test`, password: '12345' },
            })
            .then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string; message?: string } })),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused).toHaveLength(N - 1);
      for (const r of refused) {
        expect(r).toEqual({
          status: 403,
          body: { error: 'ERR_NO_LIMIT_USER', message: 'Limite de usuários do plano atingido.' },
        });
      }
      const [n] = await db.select({ n: count() }).from(users).where(eq(users.companyId, company.id));
      expect(Number(n.n)).toBe(3);
    });

    test(`connections: ${N} concurrent creations at limit−1 → one 200, the others 403 ERR_NO_LIMIT_WHATSAPP`, async () => {
      const { company, admin } = await makeTenant({ numberConections: 2 });
      const first = await t.req('POST', '/whatsapp', {
        token: admin.token,
        json: { name: 'Primeira', lib: 'simulator' },
      });
      expect(first.status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          t
            .req('POST', '/whatsapp', { token: admin.token, json: { name: `Concorrente ${i}`, lib: 'simulator' } })
            .then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string; message?: string } })),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(N - 1);
      for (const r of refused) {
        expect(r).toEqual({
          status: 403,
          body: { error: 'ERR_NO_LIMIT_WHATSAPP', message: 'Limite de conexões do plano atingido.' },
        });
      }
      const rows = await db
        .select({ isDefault: whatsapps.isDefault })
        .from(whatsapps)
        .where(eq(whatsapps.companyId, company.id));
      expect(rows).toHaveLength(2);
      expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    });

    test(`connections: ${N} concurrent first creations → exactly one default`, async () => {
      const { company, admin } = await makeTenant();
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          t.req('POST', '/whatsapp', { token: admin.token, json: { name: `Primeira ${i}`, lib: 'simulator' } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
      const rows = await db
        .select({ isDefault: whatsapps.isDefault })
        .from(whatsapps)
        .where(eq(whatsapps.companyId, company.id));
      expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    });
  });
}
