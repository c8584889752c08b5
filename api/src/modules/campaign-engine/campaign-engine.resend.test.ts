import { describe, expect, spyOn, test } from 'bun:test';
import { DEFAULT_BUTTON_LIST } from '@zapdesk/core';
import * as platformIndex from '../../platform/index';
import { makeTenant } from '../../test/factories';
import { connectedSimulator } from '../pipeline/pipeline.fixtures';
import { settleInflight } from './campaign-engine.engine';
import {
  campaignRow,
  dispatchRows,
  makeCampaign,
  makeSetup,
  numbersFor,
  useEngineTestApp,
} from './campaign-engine.fixtures';
import * as repo from './campaign-engine.repo';

/**
 * The campaign message's reply buttons (through the simulator's outbox) and an admin's resend of an uncertain dispatch
 * after the campaign completed (a one-off job; the campaign stays finalized, its webhook is not called again).
 */
const { t, clock } = useEngineTestApp();

async function run(ms: number, stepMs = 250) {
  for (let done = 0; done < ms; done += stepMs) {
    await clock.advance(stepMs);
    await Bun.sleep(8);
  }
}

type OutRow = { id: string; to: string; body: string; buttons: { id: string; text: string }[] | null };
const outboxOf = async (token: string, whatsappId: number, to: string): Promise<OutRow[]> => {
  const res = await t.req('GET', `/simulator/${whatsappId}/outbox?to=${to}`, { token });
  expect(res.status).toBe(200);
  return res.json();
};

const SNT = [
  { id: '1', text: 'Sim' },
  { id: '2', text: 'Não' },
  { id: '3', text: 'Talvez' },
];

describe('the campaign message carries the setup buttons', () => {
  test('text message: one message with the title and Sim / Não / Talvez; the greeting has none; a tap answers', async () => {
    const tenant = await makeTenant({ enableCampaigns: true });
    const w = await connectedSimulator(t, tenant.admin.token);
    const setup = await makeSetup(tenant.company.id, [w], {
      intervalSeconds: 5,
      tMin: 1,
      tMax: 2,
      jsonButtonOrList: JSON.stringify(DEFAULT_BUTTON_LIST),
    });
    const [number] = numbersFor(1, 5511994000000);
    const c = await makeCampaign(tenant.company.id, setup.id, [number!]);
    expect((await t.req('POST', `/CampaignProcess/${c.id}/start`, { token: tenant.admin.token })).status).toBe(200);
    for (let i = 0; i < 80 && (await campaignRow(tenant.company.id, c.id)).status !== 'finalized'; i++) await run(500);
    const [row] = await dispatchRows(tenant.company.id, c.id);
    expect(row!.status).toBe('sent');
    const box = await outboxOf(tenant.admin.token, w, number!);
    expect(box.map((m) => [m.body, m.buttons])).toEqual([
      ['Olá!', null],
      ['Temos uma oferta para você\n\nVocê tem interesse?', SNT],
    ]);
    // the ticket keeps what a WhatsApp without the Business API shows: numbered options
    const msgs = await t.req('GET', `/messages/${row!.ticketId}`, { token: tenant.admin.token });
    expect(msgs.status).toBe(200);
    const bodies = ((await msgs.json()) as { messages: { body: string }[] }).messages.map((m) => m.body);
    expect(bodies).toContain('Temos uma oferta para você\n\nVocê tem interesse?\n\n1 - Sim\n2 - Não\n3 - Talvez');
    // the simulator's phone taps "Sim": an inbound reply quoting the message, into the same ticket
    const tap = await t.req('POST', `/simulator/${w}/inbound`, {
      token: tenant.admin.token,
      json: { from: number, body: 'Sim', quotedId: box[1]!.id },
    });
    expect(tap.status).toBe(200);
  });
});

describe('resend of an uncertain dispatch after the campaign completed', () => {
  test('sent by its own job: the campaign stays finalized, counters published, the webhook not called again', async () => {
    const hits: unknown[] = [];
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (req) => {
        hits.push(await req.json());
        return new Response('ok');
      },
    });
    process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS = `127.0.0.1:${server.port}`;
    const emitted = spyOn(platformIndex, 'emit');
    try {
      const tenant = await makeTenant({ enableCampaigns: true });
      const other = await makeTenant({ enableCampaigns: true });
      const w = await connectedSimulator(t, tenant.admin.token);
      const setup = await makeSetup(tenant.company.id, [w], {
        intervalSeconds: 5,
        tMin: 1,
        tMax: 2,
        webhookUrlConcluded: `http://127.0.0.1:${server.port}/done`,
      });
      const numbers = numbersFor(3, 5511995000000);
      const c = await makeCampaign(tenant.company.id, setup.id, numbers, { status: 'pause' });
      // the first row's outcome is unknown (its process died mid-send): uncertain, never sent automatically
      const [first] = await dispatchRows(tenant.company.id, c.id);
      await repo.moveDispatch(tenant.company.id, first!.id, 'pending', null, { status: 'uncertain' });
      expect((await t.req('POST', `/CampaignProcess/${c.id}/start`, { token: tenant.admin.token })).status).toBe(200);
      for (let i = 0; i < 80 && (await campaignRow(tenant.company.id, c.id)).status !== 'finalized'; i++) {
        await run(500);
      }
      await settleInflight();
      for (let i = 0; i < 40 && hits.length === 0; i++) await run(250);
      const done = await campaignRow(tenant.company.id, c.id);
      expect(done.status).toBe('finalized');
      expect(hits).toHaveLength(1);
      let rows = await dispatchRows(tenant.company.id, c.id);
      expect(rows.map((r) => r.status)).toEqual(['uncertain', 'sent', 'sent']);
      const lastFinish = Math.max(...rows.filter((r) => r.finishedAt).map((r) => r.finishedAt!.getTime()));

      // another company's admin and an agent: refused; the admin's resend: 200, pending, the campaign finalized
      const url = `/CampaignDispatch/${first!.id}/resend`;
      expect((await t.req('POST', url, { token: other.admin.token })).status).toBe(404);
      expect((await t.req('POST', url, { token: tenant.agent.token })).status).toBe(403);
      emitted.mockClear();
      const ok = await t.req('POST', url, { token: tenant.admin.token });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ id: first!.id, status: 'pending', resendCount: 1 });
      expect((await campaignRow(tenant.company.id, c.id)).status).toBe('finalized');
      for (let i = 0; i < 80 && (await dispatchRows(tenant.company.id, c.id))[0]!.status !== 'sent'; i++) {
        await run(500);
      }
      await settleInflight();
      rows = await dispatchRows(tenant.company.id, c.id);
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      // the same pacing: not greeted before the connection's previous finish
      expect(rows[0]!.schedule!.getTime()).toBeGreaterThanOrEqual(lastFinish);
      const box = await outboxOf(tenant.admin.token, w, numbers[0]!);
      expect(box.map((m) => m.body)).toEqual(['Olá!', 'Temos uma oferta para você']);
      // live: the row's moves and the counters after its finish
      const events = emitted.mock.calls.map(([e]) => e.data as { action: string; counters?: { sentCount: number } });
      expect(events.some((e) => e.action === 'update' && e.counters?.sentCount === 3)).toBe(true);
      // still finalized, finalized at the same instant; the webhook not called again
      const after = await campaignRow(tenant.company.id, c.id);
      expect([after.status, after.finalized?.getTime()]).toEqual(['finalized', done.finalized?.getTime()]);
      await run(10_000, 1000);
      expect(hits).toHaveLength(1);
      // no longer uncertain: a second resend is refused
      expect((await t.req('POST', url, { token: tenant.admin.token })).status).toBe(409);
    } finally {
      emitted.mockRestore();
      server.stop(true);
      delete process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS;
    }
  }, 60_000);
});
