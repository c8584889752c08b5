import { describe, expect, test } from 'bun:test';
import type { TicketDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { whatsapps } from '../../db/schema';
import { db } from '../../platform/db';
import { useTestApp } from '../../test/use-test-app';
import { startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { seedDemoConnection } from '../whatsapp/whatsapp.startup';
import { DEMO, seedDemo } from './demo-seed';

const { t } = useTestApp(startChannels);

async function loginAs(who: { email: string; password: string }): Promise<string> {
  const res = await t.req('POST', '/auth/login', { json: { email: who.email, password: who.password } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe("the demo's first try (issue 12 point 12)", () => {
  test('a simulator customer is greeted with the queues and the demo attendant sees the ticket', async () => {
    const { company } = await seedDemo();
    await seedDemoConnection(DEMO.companyName);
    const [conn] = await db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id)).orderBy(whatsapps.id);
    expect(conn).toMatchObject({ name: 'Principal', status: 'CONNECTED' });

    // the attendant writes as a customer through the simulator, as the README's walkthrough says
    const agent = await loginAs(DEMO.agent);
    const number = '5511977770001';
    const sent = await t.req('POST', `/simulator/${conn.id}/inbound`, {
      token: agent,
      json: { from: number, name: 'Maria Demo', body: 'Olá, preciso de ajuda' },
    });
    expect(sent.status).toBe(200);

    // the ticket is in the attendant's pending list and opens for them
    const ticket = await waitFor(async () => {
      const res = await t.req('GET', '/tickets?status=pending&showAll=false', { token: agent });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { tickets: TicketDto[] };
      return page.tickets.find((x) => x.contact.number === number);
    });
    expect((await t.req('GET', `/tickets/${ticket.id}`, { token: agent })).status).toBe(200);

    // the customer got the greeting naming the queues
    const outbox = await waitFor(async () => {
      const res = await t.req('GET', `/simulator/${conn.id}/outbox?to=${number}`, { token: agent });
      const list = (await res.json()) as { body: string }[];
      return list.length ? list : null;
    });
    expect(outbox[0].body).toContain('Bem-vindo(a) ao atendimento da Demo');
    expect(outbox[0].body).toContain('Nossos setores: Financeiro, Vendas e Suporte.');
    expect(outbox[0].body).not.toContain('{{');
  });
});
