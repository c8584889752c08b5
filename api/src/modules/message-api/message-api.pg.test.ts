import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { ApiTokenInput, type SendMessageApiAnswer } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import Redis from 'ioredis';
import { createApp } from '../../app';
import { apiIdempotencyKeys, tickets } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { loadEnv } from '../../platform/env';
import { bootPlatform, shutdownPlatform } from '../../platform/index';
import { RedisRateLimiter, useRateLimiter } from '../../platform/ratelimit';
import { makeTenant } from '../../test/factories';
import { appRequester, TEST_ENV_VARS, type TestApp } from '../../test/harness';
import { createThrowawayDatabase, realPostgresUrl, realRedisUrl } from '../../test/services';
import { createApiTokenForCompany } from '../api-tokens/api-tokens.service';
import { markReady } from '../health/health.routes';
import { connectedSimulator, startChannels } from '../pipeline/pipeline.fixtures';
import { makeContact, makeTicket } from '../tickets/tickets.fixtures';

/**
 * The message API's key guarantees on real PostgreSQL (a throwaway database) and, when reachable, the per-token rate
 * limit on real Redis (own key prefix, deleted at the end): a send answered after WhatsApp accepted it, `destroy`,
 * concurrent duplicates of one Idempotency-Key sending once (the primary key under real concurrency), 429.
 */
const pgBase = await realPostgresUrl('message API (real Postgres)');
const redisUrl = pgBase ? await realRedisUrl('message API rate limit (real Redis)') : null;

if (!pgBase) {
  test.skip('message API on PostgreSQL (not reachable)', () => {});
} else {
  describe('message API on real PostgreSQL', () => {
    let tmp: Awaited<ReturnType<typeof createThrowawayDatabase>>;
    let redis: Redis | null = null;
    const prefix = `zapdesk-test-msgapi-${randomBytes(4).toString('hex')}:`;
    const t = {} as TestApp;

    beforeAll(async () => {
      tmp = await createThrowawayDatabase(pgBase, 'zapdesk_msgapi');
      const env = loadEnv({ ...TEST_ENV_VARS, DATABASE_URL: tmp.url });
      const platform = await bootPlatform({ env });
      invalidateActors();
      markReady(true);
      const app = createApp({ corsOrigins: [env.frontendUrl] });
      Object.assign(t, {
        platform,
        app,
        req: appRequester(app),
        close: async () => {},
      } satisfies TestApp);
      if (redisUrl) {
        redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
        useRateLimiter(new RedisRateLimiter(redis, prefix));
      }
      await startChannels(t);
    }, 120_000);

    afterAll(async () => {
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      }
      markReady(false);
      await shutdownPlatform();
      await tmp?.drop();
    }, 60_000);

    async function setup(settings: Record<string, unknown> = {}) {
      const x = await makeTenant();
      await connectedSimulator(t, x.admin.token, { name: 'Principal' });
      const apiConn = await connectedSimulator(t, x.admin.token, { name: 'API' });
      const tok = await createApiTokenForCompany(
        x.company.id,
        ApiTokenInput.parse({ name: 'pg', whatsappId: apiConn, ...settings }),
      );
      const outbox = async (n: string) =>
        (await (await t.req('GET', `/simulator/${apiConn}/outbox?to=${n}`, { token: x.admin.token })).json()) as {
          body: string;
        }[];
      return { x, apiConn, tok, outbox };
    }
    const send = (secret: string, json: unknown, headers: Record<string, string> = {}) =>
      t.req('POST', '/api/messages/send/text', { token: secret, json, headers });

    test('text sent and stored; update × destroy deletes the reused ticket after the send', async () => {
      const { x, apiConn, tok, outbox } = await setup({ ticketCreateOrUpdate: 'update', ticketSetStatus: 'destroy' });
      const number = '5511977700001';
      const contact = await makeContact(x.company.id, { number });
      const before = await makeTicket(x.company.id, { contactId: contact.id, status: 'open', whatsappId: apiConn });
      const res = await send(tok.plainToken, { contactNumber: number, body: 'no Postgres' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as SendMessageApiAnswer;
      expect(body).toMatchObject({ ticketStatus: 'destroy', contactNumber: number, ticketProtocol: before.protocol });
      expect((await outbox(number)).map((m) => m.body)).toEqual(['no Postgres']);
      expect(await db.select().from(tickets).where(eq(tickets.id, before.id))).toEqual([]);
    });

    test('five concurrent requests with one Idempotency-Key send once and answer alike', async () => {
      const { tok, outbox } = await setup();
      const number = '5511977700002';
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          send(tok.plainToken, { contactNumber: number, body: 'uma vez' }, { 'Idempotency-Key': 'pg-conc' }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const bodies = await Promise.all(answers.map((r) => r.json()));
      for (const b of bodies) expect(b).toEqual(bodies[0]);
      expect((await outbox(number)).map((m) => m.body)).toEqual(['uma vez']);
      const rows = await db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.tokenId, tok.id));
      expect(rows).toMatchObject([{ key: 'pg-conc', status: 200 }]);
    });

    test.skipIf(!redisUrl)(
      'rate limit on Redis: 429 with Retry-After for one token, another token unaffected',
      async () => {
        const { x, tok } = await setup();
        const other = await createApiTokenForCompany(
          x.company.id,
          ApiTokenInput.parse({ name: 'outro', whatsappId: tok.whatsappId }),
        );
        const env = t.platform.env;
        const saved = env.apiRateLimitPerMinute;
        env.apiRateLimitPerMinute = 2;
        try {
          for (let i = 0; i < 2; i++)
            expect((await send(tok.plainToken, { contactNumber: 'x', body: 'x' })).status).toBe(400);
          const limited = await send(tok.plainToken, { contactNumber: 'x', body: 'x' });
          expect(limited.status).toBe(429);
          expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect((await limited.json()).error).toBe('ERR_TOO_MANY_REQUESTS');
          expect((await send(other.plainToken, { contactNumber: 'x', body: 'x' })).status).toBe(400);
          expect(await redis?.keys(`${prefix}*api-token:${tok.id}`)).toHaveLength(1);
        } finally {
          env.apiRateLimitPerMinute = saved;
        }
      },
    );
  });
}
