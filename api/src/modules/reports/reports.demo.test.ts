import { describe, expect, test } from 'bun:test';
import type { ReportData } from '@zapdesk/core';
import { signAccessToken } from '../../platform/auth/tokens';
import { platform } from '../../platform/index';
import { useTestApp } from '../../test/use-test-app';
import { DEMO, seedDemo } from '../companies/demo-seed';
import { seedDemoReports } from './reports.demo';

const { t } = useTestApp();

describe('demo report history', () => {
  test('the demo dashboard shows four weeks of figures at once; seeding twice adds nothing', async () => {
    await seedDemo();
    await seedDemoReports(DEMO.companyName, [DEMO.admin.email, DEMO.agent.email]);
    await seedDemoReports(DEMO.companyName, [DEMO.admin.email, DEMO.agent.email]);
    const { db } = await import('../../platform/db');
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const token = await signAccessToken(platform().env, admin);
    const res = await t.req('GET', '/report/attendances', { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReportData;
    expect(body.totalTickets).toBeGreaterThanOrEqual(40);
    expect(body.totalTickets).toBeLessThanOrEqual(48);
    expect(body.countClosed).toBe(body.totalTickets);
    expect(body.countTma).toBeGreaterThan(30);
    expect(body.tmaTotalMedioMoment).toBeGreaterThan(4 * 60);
    expect(body.tmeTotalMedioMoment).toBeGreaterThan(60);
    expect(body.dataUsers.map((u) => u.name).sort()).toEqual([DEMO.admin.name, DEMO.agent.name].sort());
    expect(body.dataQueuesWitchPercent.length).toBeGreaterThan(1);
  });
});
