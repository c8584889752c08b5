import { eq } from 'drizzle-orm';
import { companies, plans, queues, userAuthorizations, userQueues, users } from '../db/schema';
import { signAccessToken } from '../platform/auth/tokens';
import { db } from '../platform/db';
import { platform } from '../platform/index';

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

/** The plan test companies are on (a company without a plan may not add users or connections: ERR_NO_COMPANY_PLAN). */
export async function testPlanId(): Promise<number> {
  const [p] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Plano de teste')).limit(1);
  if (p) return p.id;
  const [created] = await db
    .insert(plans)
    .values({ name: 'Plano de teste', numberAttendants: 100, numberConnections: 100, isPublic: false })
    .returning({ id: plans.id });
  return created.id;
}

export async function makeCompany(overrides: Partial<typeof companies.$inferInsert> = {}) {
  const planId = 'planId' in overrides ? overrides.planId : await testPlanId();
  const [c] = await db
    .insert(companies)
    .values({ name: `Company ${uniq()}`, numberAttendants: 100, numberConections: 100, planId, ...overrides })
    .returning();
  return c;
}

export async function makeQueue(companyId: number, overrides: Partial<typeof queues.$inferInsert> = {}) {
  const [q] = await db
    .insert(queues)
    .values({
      companyId,
      name: `Queue ${uniq()}`,
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
      ...overrides,
    })
    .returning();
  return q;
}

export async function makeGroup(companyId: number, overrides: Partial<typeof userAuthorizations.$inferInsert> = {}) {
  const [g] = await db
    .insert(userAuthorizations)
    .values({ companyId, name: `Group ${uniq()}`, ...overrides })
    .returning();
  return g;
}

/** A user with a valid access token. Password hash is of 'secret123'. */
export async function makeUser(
  companyId: number,
  overrides: Partial<typeof users.$inferInsert> & { queueIds?: number[] } = {},
) {
  const { queueIds = [], ...rest } = overrides;
  const [u] = await db
    .insert(users)
    .values({
      companyId,
      name: `User ${uniq()}`,
      email: `user-${uniq()}@test.local`,
      passwordHash: await Bun.password.hash('secret123', { algorithm: 'argon2id', memoryCost: 4096, timeCost: 2 }),
      profile: 'user',
      ...rest,
    })
    .returning();
  if (queueIds.length)
    await db.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId: u.id, queueId })));
  const token = await signAccessToken(platform().env, u);
  return { user: u, token };
}

/** A company with an admin and an agent, the usual starting point of a route test. */
export async function makeTenant(companyOverrides: Partial<typeof companies.$inferInsert> = {}) {
  const company = await makeCompany(companyOverrides);
  const admin = await makeUser(company.id, { profile: 'admin' });
  const agent = await makeUser(company.id, { profile: 'user' });
  return { company, admin, agent };
}

export async function reloadUser(id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}
