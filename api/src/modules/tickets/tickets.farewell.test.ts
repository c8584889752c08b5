import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { messages, tickets, whatsapps } from '../../db/schema';
import { db } from '../../platform/db';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';

const { t } = useTestApp(startChannels);

type Outbox = { id: string; to: string; body: string }[];

async function openTicketOn(farewellMessage: string) {
  const tenant = await makeTenant();
  const w = await connectedSimulator(t, tenant.admin.token, { farewellMessage });
  const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const wid = `IN-${Math.random().toString(36).slice(2)}`;
  await t.req('POST', `/simulator/${w}/inbound`, {
    token: tenant.admin.token,
    json: { from: number, name: 'Cliente Feliz', body: 'oi', id: wid },
  });
  const inbound = await waitFor(async () => (await db.select().from(messages).where(eq(messages.wid, wid)))[0]);
  await db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.user.id })
    .where(eq(tickets.id, inbound.ticketId));
  return { ...tenant, w, number, ticketId: inbound.ticketId };
}

describe('resolve sends the farewell message', () => {
  test('rendered with placeholders, stored in the ticket and sent on the connection', async () => {
    const s = await openTicketOn('Obrigado {{firstName}}! Protocolo {{protocol}}.');
    const r = await t.req('PUT', `/tickets/${s.ticketId}`, { token: s.admin.token, json: { status: 'closed' } });
    expect(r.status).toBe(200);
    const tk = (await r.json()) as { status: string; protocol: string };
    expect(tk.status).toBe('closed');
    const text = `Obrigado Cliente! Protocolo ${tk.protocol}.`;
    const box = (await (
      await t.req('GET', `/simulator/${s.w}/outbox?to=${s.number}`, { token: s.admin.token })
    ).json()) as Outbox;
    expect(box.map((m) => m.body)).toContain(text);
    const rows = await db.select().from(messages).where(eq(messages.ticketId, s.ticketId));
    expect(rows.some((m) => m.fromMe && m.body === text)).toBe(true);
  });

  test('no farewell configured → nothing sent; a connection that is down does not undo the resolve', async () => {
    const s = await openTicketOn('');
    const r = await t.req('PUT', `/tickets/${s.ticketId}`, { token: s.admin.token, json: { status: 'closed' } });
    expect(r.status).toBe(200);
    const box = (await (
      await t.req('GET', `/simulator/${s.w}/outbox?to=${s.number}`, { token: s.admin.token })
    ).json()) as Outbox;
    expect(box).toHaveLength(0);

    const d = await openTicketOn('Tchau');
    await db.update(whatsapps).set({ status: 'DISCONNECTED' }).where(eq(whatsapps.id, d.w));
    await t.req('DELETE', `/whatsappsession/${d.w}`, { token: d.admin.token });
    const r2 = await t.req('PUT', `/tickets/${d.ticketId}`, { token: d.admin.token, json: { status: 'closed' } });
    expect(r2.status).toBe(200);
    expect(((await r2.json()) as { status: string }).status).toBe('closed');
  });
});
