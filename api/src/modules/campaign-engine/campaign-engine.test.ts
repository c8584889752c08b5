import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type CampaignEvent, planCampaign } from '@zapdesk/core';
import { TestClock, useClock } from '../../platform/clock';
import { DbJobs } from '../../platform/jobs/db-jobs';
import { makeTenant } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { pacingSettingsOf, settleInflight } from './campaign-engine.engine';
import {
  campaignRow,
  dispatchRows,
  firstConnectedAt,
  makeCampaign,
  makeSetup,
  numbersFor,
  outbox,
} from './campaign-engine.fixtures';
import * as repo from './campaign-engine.repo';
import { startCampaignEngineArea } from './campaign-engine.startup';

/**
 * The campaign engine on a real (PGlite) database with the simulator and the clock moved, not slept (issue 15
 * acceptance 2). The embedded job runner polls every 20 ms here: a delayed tick runs at its exact instant when the
 * test clock is set to it, so the live engine's instants can be compared with core `planCampaign` to the millisecond.
 */
const t = {} as TestApp;
let clock: TestClock;
let restoreClock: (() => void) | undefined;
const SCALE = '0.5';

beforeAll(async () => {
  process.env.CAMPAIGN_PACING_SCALE = SCALE;
  process.env.CAMPAIGN_WEBHOOK_BACKOFF_MS = '100';
  clock = new TestClock(Date.UTC(2026, 10, 25, 12, 0, 0));
  restoreClock = useClock(clock);
  Object.assign(t, await setupTestApp({ jobs: new DbJobs({ pollMs: 15 }) }));
  await startCampaignEngineArea({ role: 'worker' });
  await startChannels(t);
}, 60_000);
afterAll(async () => {
  await settleInflight().catch(() => {});
  await t.close();
  restoreClock?.();
  delete process.env.CAMPAIGN_PACING_SCALE;
  delete process.env.CAMPAIGN_WEBHOOK_BACKOFF_MS;
  delete process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS;
});

async function scene(connections = 2) {
  const tenant = await makeTenant({ enableCampaigns: true, timezone: 'America/Sao_Paulo' });
  const ws: number[] = [];
  for (let i = 0; i < connections; i++) ws.push(await connectedSimulator(t, tenant.admin.token));
  return { tenant, ws };
}

const process_ = (token: string, id: number, action: string) =>
  t.req('POST', `/CampaignProcess/${id}/${action}`, { token });

describe('campaign engine, clock moved (issue 15 acceptance 2)', () => {
  test('500 contacts over 2 connections: one greeting and one message each, in the planned order and spacing', async () => {
    const { tenant, ws } = await scene(2);
    const companyId = tenant.company.id;
    for (const w of ws) expect((await firstConnectedAt(w))?.getTime()).toBe(clock.now());
    const setup = await makeSetup(companyId, ws, { intervalSeconds: 5, tMin: 1, tMax: 10, intervalJitterPct: 20 });
    const numbers = numbersFor(500);
    const c = await makeCampaign(companyId, setup.id, numbers, {
      messages: [
        { greeting: 'Olá!', body: 'Primeira oferta da semana' },
        { greeting: 'Oi, tudo bem?', body: 'Segunda oferta da semana' },
      ],
    });
    const rows0 = await dispatchRows(companyId, c.id);
    const start = clock.now();
    const plan = planCampaign({
      settings: pacingSettingsOf(setup),
      timeZone: 'America/Sao_Paulo',
      planLimitPerHour: 0,
      connections: ws.map((id) => ({ id, connectedSince: start })),
      count: rows0.length,
      dispatchIds: rows0.map((r) => r.id),
      seed: c.seed,
      start,
    });
    expect(plan.unplaced).toBe(0);
    const live: CampaignEvent[] = [];
    const off = t.platform.events.subscribe((e) => {
      if (e.channel === `campaign-${c.id}`) live.push(e.data as unknown as CampaignEvent);
    });

    const res = await process_(tenant.admin.token, c.id, 'start');
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('start');

    // drive the clock through the plan's instants; at each, wait for the engine to have done that step
    const steps = plan.dispatches
      .flatMap((d) => [
        { at: d.greetingAt, id: d.dispatchId, what: 'greeting' as const },
        { at: d.messageAt, id: d.dispatchId, what: 'message' as const },
      ])
      .sort((a, b) => a.at - b.at || (a.what === b.what ? 0 : a.what === 'greeting' ? -1 : 1));
    for (const s of steps) {
      await clock.set(s.at);
      await waitFor(async () => {
        const r = await repo.findDispatch(companyId, s.id);
        return s.what === 'greeting' ? r?.greetingSentAt !== null : r?.status === 'sent';
      }, 5000).catch(() => {
        throw new Error(`dispatch ${s.id}: ${s.what} at +${s.at - start} ms did not happen`);
      });
    }
    await waitFor(async () => (await campaignRow(companyId, c.id)).status === 'finalized');
    off();

    const rows = await dispatchRows(companyId, c.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const d of plan.dispatches) {
      const r = byId.get(d.dispatchId)!;
      expect([r.status, r.whatsappId, r.schedule?.getTime(), r.greetingSentAt?.getTime()]).toEqual([
        'sent',
        d.connectionId,
        d.greetingAt,
        d.greetingAt,
      ]);
      expect(r.messageSentAt?.getTime()).toBe(d.messageAt);
      expect(r.ticketId).not.toBeNull();
    }
    // the outbox: exactly one greeting then one message per contact, on its planned connection
    const box = await outbox(companyId);
    expect(box).toHaveLength(1000);
    const per = new Map<string, typeof box>();
    for (const m of box) per.set(m.number, [...(per.get(m.number) ?? []), m]);
    expect(per.size).toBe(500);
    const msgs = new Map((await repo.campaignMessagesOf(companyId, c.id)).map((m) => [m.id, m]));
    for (const r of rows) {
      const got = per.get(r.number)!;
      const m = msgs.get(r.campaignMessageId!)!;
      expect(got.map((x) => [x.whatsappId, x.body])).toEqual([
        [r.whatsappId, m.greeting],
        [r.whatsappId, m.body],
      ]);
    }
    // both messages of the campaign were used, and both connections
    expect(new Set(rows.map((r) => r.campaignMessageId)).size).toBe(2);
    expect(new Set(rows.map((r) => r.whatsappId))).toEqual(new Set(ws));
    // live: every dispatch's sent update, the counters end equal to the rows
    const sentUpdates = live.filter((e) => e.action === 'update' && e.campaignDispatch.status === 'sent');
    expect(new Set(sentUpdates.map((e) => (e as { campaignDispatch: { id: number } }).campaignDispatch.id)).size).toBe(500);
    const last = live.at(-1)!;
    expect(last.counters).toMatchObject({ count: 500, sentCount: 500, failCount: 0, pendingCount: 0 });
    expect((await campaignRow(companyId, c.id)).finalized?.getTime()).toBe(plan.finishedAt!);
  }, 120_000);
});
