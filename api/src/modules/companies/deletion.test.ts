import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, ne } from 'drizzle-orm';
import { companies, jobs } from '../../db/schema';
import { sessionManager } from '../../platform/channels/session-manager';
import { setupTestApp, type TestApp } from '../../test/harness';
import { buildRichTenant, type RichTenant } from '../../test/route-sweep.fixtures';
import { startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { deleteCompanyJob } from './deletion.jobs';
import { tenantTables } from './deletion.repo';

let t: TestApp;
let A: RichTenant;
let B: RichTenant;

beforeAll(async () => {
  t = await setupTestApp();
  deleteCompanyJob.register();
  await startChannels(t);
  A = await buildRichTenant(t, 'DelA');
  B = await buildRichTenant(t, 'DelB');
}, 120_000);
afterAll(() => t.close());

const db = () => t.platform.dbh.db;

/** Rows of the company in every table with a company_id (the schema's, iterated), and the company row. */
async function rowCounts(companyId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { name, table, companyId: col } of tenantTables()) {
    const [r] = await db().select({ n: count() }).from(table).where(eq(col, companyId));
    out[name] = Number(r.n);
  }
  // the deletion job itself belongs to the acting master's company
  const [j] = await db()
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), ne(jobs.name, deleteCompanyJob.name)));
  out.jobs = Number(j.n);
  const [c] = await db().select({ n: count() }).from(companies).where(eq(companies.id, companyId));
  out.companies = Number(c.n);
  return out;
}

const mediaDir = (companyId: number) => join(t.platform.env.dataDir, 'media', String(companyId));

describe('DELETE /company/{id}', () => {
  test('answers at once; the job removes every row and file of the company and nothing of another', async () => {
    const before = await rowCounts(A.companyId);
    const beforeB = await rowCounts(B.companyId);
    // the fixture filled most tables (a test that proves little would pass on empty tables)
    expect(Object.values(before).filter((n) => n > 0).length).toBeGreaterThan(25);
    expect(existsSync(mediaDir(A.companyId))).toBe(true);
    expect(sessionManager().get(A.whatsappId)).toBeTruthy();

    const res = await t.req('DELETE', `/company/${A.companyId}`, { token: B.master.token });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toEqual({
      message: 'A exclusão da empresa foi iniciada e pode levar alguns minutos.',
      companyId: A.companyId,
    });
    // out of service at once: its users are refused while the job runs
    expect((await t.req('GET', '/tickets', { token: A.admin.token })).status).toBe(403);

    await waitFor(async () => (await rowCounts(A.companyId)).companies === 0, 60_000);
    const after = await rowCounts(A.companyId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(existsSync(mediaDir(A.companyId))).toBe(false);
    // its WhatsApp session stopped (the other company's runs on)
    expect(sessionManager().get(A.whatsappId)).toBeFalsy();
    expect(sessionManager().get(B.whatsappId)).toBeTruthy();
    expect(await rowCounts(B.companyId)).toEqual(beforeB);
    expect(existsSync(mediaDir(B.companyId))).toBe(true);
  }, 120_000);

  test('a master cannot delete their own company; an unknown id is a 404', async () => {
    const own = await t.req('DELETE', `/company/${B.companyId}`, { token: B.master.token });
    expect(own.status).toBe(403);
    expect((await t.req('DELETE', '/company/999999', { token: B.master.token })).status).toBe(404);
  });
});
