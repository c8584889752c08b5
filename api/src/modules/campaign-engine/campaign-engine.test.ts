import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { CAMPAIGN_MACHINE_TEXTS, type CampaignEvent, DomainError, planCampaign } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { campaigns, companies } from '../../db/schema';
import { sessionManager } from '../../platform/channels/session-manager';
import type { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { db } from '../../platform/db';
import { makeTenant } from '../../test/factories';
import * as outbound from '../messages/messages.outbound';
import { connectedSimulator, waitFor } from '../pipeline/pipeline.fixtures';
import { runScheduleAction } from '../schedule-actions/schedule-actions.jobs';
import { loadTicketDto } from '../tickets/tickets.service';
import { ENGINE_TEXTS, pacingSettingsOf, settleInflight } from './campaign-engine.engine';
import {
  campaignRow,
  dispatchRows,
  firstConnectedAt,
  makeCampaign,
  makeSetup,
  numbersFor,
  outbox,
  useEngineTestApp,
} from './campaign-engine.fixtures';
import { workerId } from './campaign-engine.liveness';
import * as repo from './campaign-engine.repo';

/**
 * The campaign engine on a real (PGlite) database with the simulator and the clock moved, not slept (issue 15
 * acceptance 2). The embedded job runner polls every 1 ms here: a delayed tick runs at its exact instant when the
 * test clock is set to it, so the live engine's instants can be compared with core `planCampaign` to the millisecond.
 */
const { t, clock } = useEngineTestApp();

/**
 * bun does not stop the body of a test that timed out: it keeps running beside the next tests and keeps moving the
 * shared TestClock (CI session 7: the 500-contact loop and the pause test's `run()` went on moving time, so the plan
 * limit test saw its hour pass early and the pause test starved). Each test gets an epoch; clock moves of an older
 * epoch throw, which ends a leftover body at its next step instead of letting it disturb the tests after it.
 */
let epoch = 0;
beforeEach(() => {
  epoch++;
});
// a campaign a test left running (it timed out) would keep sending whenever the next test moves the clock: pause it
afterEach(async () => {
  await db.update(campaigns).set({ status: 'pause' }).where(eq(campaigns.status, 'start'));
});
function ownClock() {
  const mine = epoch;
  return () => {
    if (mine !== epoch) throw new Error('a test that already ended (timed out) tried to move the clock');
  };
}

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
    const numbers = numbersFor(Number(process.env.CAMPAIGN_TEST_CONTACTS ?? 500));
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
    // the engine's live updates say when each step is done (no polling of the single PGlite connection)
    const live: CampaignEvent[] = [];
    const done = new Set<string>();
    let wake: (() => void) | null = null;
    const off = t.platform.events.subscribe((e) => {
      if (e.channel !== `campaign-${c.id}`) return;
      const ev = e.data as unknown as CampaignEvent;
      live.push(ev);
      if (ev.action === 'update') {
        if (ev.campaignDispatch.greeting) done.add(`${ev.campaignDispatch.id}:greeting`);
        if (ev.campaignDispatch.status === 'sent') done.add(`${ev.campaignDispatch.id}:message`);
        wake?.();
      }
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
    const mine = ownClock();
    for (const s of steps) {
      mine();
      await clock.set(s.at);
      const until = performance.now() + 5000;
      while (!done.has(`${s.id}:${s.what}`)) {
        if (performance.now() > until) {
          const r = await repo.findDispatch(companyId, s.id);
          throw new Error(`dispatch ${s.id}: ${s.what} at +${s.at - start} ms did not happen (${r?.status})`);
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
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
    expect(box).toHaveLength(2 * numbers.length);
    const per = new Map<string, typeof box>();
    for (const m of box) per.set(m.number, [...(per.get(m.number) ?? []), m]);
    expect(per.size).toBe(numbers.length);
    const msgs = new Map((await repo.campaignMessagesOf(companyId, c.id)).map((m) => [m.id, m]));
    for (const r of rows) {
      const got = per.get(r.number)!;
      const m = msgs.get(r.campaignMessageId!)!;
      expect(got.map((x): unknown[] => [x.whatsappId, x.body])).toEqual([
        [r.whatsappId, m.greeting],
        [r.whatsappId, m.body],
      ]);
    }
    // both messages of the campaign were used, and both connections
    expect(new Set(rows.map((r) => r.campaignMessageId)).size).toBe(2);
    expect(new Set(rows.map((r) => r.whatsappId))).toEqual(new Set(ws));
    // live: every dispatch's sent update, the counters end equal to the rows
    const sentUpdates = live.filter((e) => e.action === 'update' && e.campaignDispatch.status === 'sent');
    expect(new Set(sentUpdates.map((e) => (e as { campaignDispatch: { id: number } }).campaignDispatch.id)).size).toBe(
      numbers.length,
    );
    const last = live.at(-1)!;
    expect(last.counters).toMatchObject({
      count: numbers.length,
      sentCount: numbers.length,
      failCount: 0,
      pendingCount: 0,
    });
    expect((await campaignRow(companyId, c.id)).finalized?.getTime()).toBe(plan.finishedAt!);
  }, 240_000);
});

/**
 * Moves the clock by `ms` in steps, letting the engine work between them (its waits are a few seconds). Only the test
 * that is running moves it: a call from a test that already timed out throws (see ownClock).
 */
function mover() {
  const mine = ownClock();
  return (ms: number, stepMs = 250) => run(ms, stepMs, mine);
}
async function run(ms: number, stepMs: number, mine: () => void) {
  for (let done = 0; done < ms; done += stepMs) {
    mine();
    await clock.advance(stepMs);
    await Bun.sleep(8);
  }
}

describe('pause, resume, finalize; no WhatsApp; the webhook (issue 15 acceptance 2)', () => {
  test('PAUSE of a campaign that never started (created) or is only scheduled → 409 saying why; nothing changes', async () => {
    const { tenant, ws } = await scene(1);
    const companyId = tenant.company.id;
    const setup = await makeSetup(companyId, ws);
    const created = await makeCampaign(companyId, setup.id, numbersFor(2, 5511993000000));
    const at = new Date(clock.now() + 3_600_000);
    const scheduled = await makeCampaign(companyId, setup.id, numbersFor(2, 5511993100000), {
      status: 'scheduled',
      schedule: at,
    });
    for (const [c, status, message] of [
      [created, 'created', CAMPAIGN_MACHINE_TEXTS.pauseNotStarted],
      [scheduled, 'scheduled', CAMPAIGN_MACHINE_TEXTS.pauseScheduled],
    ] as const) {
      const r = await process_(tenant.admin.token, c.id, 'pause');
      expect(r.status).toBe(409);
      expect(await r.json()).toEqual({ error: 'ERR_INVALID_CAMPAIGN_TRANSITION', message });
      expect(await campaignRow(companyId, c.id)).toMatchObject({ status, initialized: null, pauseReason: null });
      // nothing went out or was claimed
      expect((await dispatchRows(companyId, c.id)).map((d) => d.status)).toEqual(['pending', 'pending']);
    }
    expect((await campaignRow(companyId, scheduled.id)).schedule?.getTime()).toBe(at.getTime());
  });

  test('pause stops before the next greeting, START resumes, Concluir cancels the rest and calls the webhook once', async () => {
    const run = mover();
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
    try {
      const { tenant, ws } = await scene(1);
      const companyId = tenant.company.id;
      const setup = await makeSetup(companyId, ws, {
        intervalSeconds: 5,
        tMin: 1,
        tMax: 2,
        webhookUrlConcluded: `http://127.0.0.1:${server.port}/done`,
      });
      const c = await makeCampaign(companyId, setup.id, ['0001122334455', ...numbersFor(9)]);
      expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
      // the first number has no WhatsApp: sentFail noWhatsapp, never retried; the next ones go
      for (let i = 0; i < 40; i++) {
        await run(500);
        if ((await dispatchRows(companyId, c.id)).filter((r) => r.status === 'sent').length >= 2) break;
      }
      let rows = await dispatchRows(companyId, c.id);
      expect([rows[0]!.status, rows[0]!.failReason, rows[0]!.greetingSentAt]).toEqual(['sentFail', 'noWhatsapp', null]);
      // the typing presence was shown to each contact between its greeting and its message
      const phone = sessionManager().get(ws[0]!) as unknown as SimulatorSession;
      for (const r of rows.filter((x) => x.status === 'sent')) {
        expect(phone.presences.some((p) => p.number === r.number && p.presence === 'composing')).toBe(true);
      }
      // the setup's ticket handling after the send: the ticket closed (ticketSetStatus default)
      const sentRow = rows.find((x) => x.status === 'sent')!;
      const ticket = await loadTicketDto(companyId, sentRow.ticketId!);
      expect(ticket.status).toBe('closed');

      // PAUSE: once the dispatch in flight is done, nothing more goes, however long we wait
      const paused = await process_(tenant.admin.token, c.id, 'pause');
      expect(paused.status).toBe(200);
      expect((await paused.json()).status).toBe('pause');
      await run(3000);
      await settleInflight();
      const frozen = (await dispatchRows(companyId, c.id)).map((r) => r.status);
      await run(60_000, 1000);
      rows = await dispatchRows(companyId, c.id);
      expect(rows.map((r) => r.status)).toEqual(frozen);
      expect(rows.filter((r) => r.status === 'claimed')).toHaveLength(0);
      const sentBefore = rows.filter((r) => r.status === 'sent').length;
      // pause twice: the machine refuses, saying so
      const again = await process_(tenant.admin.token, c.id, 'pause');
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        error: 'ERR_INVALID_CAMPAIGN_TRANSITION',
        message: CAMPAIGN_MACHINE_TEXTS.alreadyPaused,
      });

      // START resumes: more go out
      expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
      for (let i = 0; i < 40; i++) {
        await run(500);
        if ((await dispatchRows(companyId, c.id)).filter((r) => r.status === 'sent').length > sentBefore) break;
      }
      expect((await dispatchRows(companyId, c.id)).filter((r) => r.status === 'sent').length).toBeGreaterThan(
        sentBefore,
      );

      // Concluir: pending rows canceled, the campaign finalized, the webhook called once with the summary
      const fin = await process_(tenant.admin.token, c.id, 'finalized');
      expect(fin.status).toBe(200);
      expect((await fin.json()).status).toBe('finalized');
      await run(5000);
      await settleInflight();
      await run(1000);
      await waitFor(async () => hits.length > 0 || null);
      rows = await dispatchRows(companyId, c.id);
      expect(rows.filter((r) => r.status === 'pending' || r.status === 'claimed')).toHaveLength(0);
      const canceled = rows.filter((r) => r.status === 'canceled').length;
      expect(canceled).toBeGreaterThan(0);
      await run(30_000, 1000);
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatchObject({
        event: 'campaign.concluded',
        campaignId: c.id,
        companyId,
        how: 'manual',
        count: 10,
        sentCount: rows.filter((r) => r.status === 'sent').length,
        failCount: 1,
        canceledCount: canceled,
      });
      expect((await campaignRow(companyId, c.id)).webhookDoneAt).not.toBeNull();
      // finalized is terminal
      expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(409);
    } finally {
      server.stop(true);
      delete process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS;
    }
  }, 60_000);

  test('the webhook to a private address without the allow-list is refused (SSRF guard), never called', async () => {
    const hits: unknown[] = [];
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => {
        hits.push(1);
        return new Response('ok');
      },
    });
    try {
      const { tenant, ws } = await scene(1);
      const setup = await makeSetup(tenant.company.id, ws, {
        webhookUrlConcluded: `http://127.0.0.1:${server.port}/x`,
      });
      const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(2));
      expect((await process_(tenant.admin.token, c.id, 'finalized')).status).toBe(200);
      await waitFor(async () => (await campaignRow(tenant.company.id, c.id)).webhookError || null);
      expect((await campaignRow(tenant.company.id, c.id)).webhookError).toContain('127.0.0.1');
      expect(hits).toHaveLength(0);
      expect((await dispatchRows(tenant.company.id, c.id)).map((r) => r.status)).toEqual(['canceled', 'canceled']);
    } finally {
      server.stop(true);
    }
  });

  test('permissions, plan flag, cross-tenant 404, bad action, resend of an uncertain dispatch', async () => {
    const { tenant, ws } = await scene(1);
    const other = await makeTenant({ enableCampaigns: true });
    const setup = await makeSetup(tenant.company.id, ws);
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(3), { status: 'pause' });
    expect((await process_(tenant.agent.token, c.id, 'start')).status).toBe(403);
    expect((await process_(other.admin.token, c.id, 'start')).status).toBe(404);
    expect((await process_(tenant.admin.token, c.id, 'restart')).status).toBe(400);
    expect((await process_(tenant.admin.token, 999_999, 'start')).status).toBe(404);
    const noPlan = await makeTenant({ enableCampaigns: false });
    expect((await process_(noPlan.admin.token, c.id, 'start')).status).toBe(403);

    // an uncertain row: only an admin of the company moves it back to pending
    const [first] = await dispatchRows(tenant.company.id, c.id);
    await repo.moveDispatch(tenant.company.id, first!.id, 'pending', null, { status: 'uncertain' });
    expect((await t.req('POST', `/CampaignDispatch/${first!.id}/resend`, { token: other.admin.token })).status).toBe(
      404,
    );
    expect((await t.req('POST', `/CampaignDispatch/${first!.id}/resend`, { token: tenant.agent.token })).status).toBe(
      403,
    );
    const ok = await t.req('POST', `/CampaignDispatch/${first!.id}/resend`, { token: tenant.admin.token });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: first!.id, status: 'pending', resendCount: 1 });
    // not uncertain any more: refused
    expect((await t.req('POST', `/CampaignDispatch/${first!.id}/resend`, { token: tenant.admin.token })).status).toBe(
      409,
    );
  });

  test('a scheduled campaign starts on time (delayed typed job); autoStart false begins paused', async () => {
    const run = mover();
    const { tenant, ws } = await scene(1);
    const setup = await makeSetup(tenant.company.id, ws, { autoStart: false });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(2));
    const { scheduleCampaign } = await import('./campaign-engine.service');
    const at = clock.now() + 3_600_000;
    expect((await scheduleCampaign({ companyId: tenant.company.id }, c.id, at)).status).toBe('scheduled');
    await run(3_000_000, 600_000);
    expect((await campaignRow(tenant.company.id, c.id)).status).toBe('scheduled');
    await clock.set(at);
    await waitFor(async () => (await campaignRow(tenant.company.id, c.id)).status !== 'scheduled' || null);
    const row = await campaignRow(tenant.company.id, c.id);
    expect([row.status, row.initialized?.getTime()]).toEqual(['pause', at]);
  });
});

describe('the engine with the campaigns area, the plan limit and the breaker', () => {
  test('POST /Campaign (the campaigns area) begins the campaign and the engine sends it to the end', async () => {
    const run = mover();
    const { tenant, ws } = await scene(1);
    const setup = await makeSetup(tenant.company.id, ws, { intervalSeconds: 5, tMin: 1, tMax: 2 });
    const res = await t.req('POST', '/Campaign', {
      token: tenant.admin.token,
      json: {
        name: 'Pelo criador',
        campaignSetupId: setup.id,
        messages: [{ greeting: 'Olá!', body: 'Oferta do criador' }],
        sendList: numbersFor(3).map((number) => ({ number })),
      },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    for (let i = 0; i < 80 && (await campaignRow(tenant.company.id, id)).status !== 'finalized'; i++) await run(500);
    expect((await campaignRow(tenant.company.id, id)).status).toBe('finalized');
    const rows = await dispatchRows(tenant.company.id, id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    const box = await outbox(tenant.company.id);
    expect(box.map((m) => m.body).sort()).toEqual(
      [...Array(3).fill('Oferta do criador'), ...Array(3).fill('Olá!')].sort(),
    );
  });

  test("the plan's campaignSendLimitPerHour is never exceeded: the 4th start waits for the hour of the 1st", async () => {
    const run = mover();
    const tenant = await makeTenant({ enableCampaigns: true, campaignSendLimitPerHour: 3 });
    const w = await connectedSimulator(t, tenant.admin.token);
    const setup = await makeSetup(tenant.company.id, [w], { intervalSeconds: 5, tMin: 1, tMax: 2 });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(5));
    expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
    await run(60_000, 500);
    let rows = await dispatchRows(tenant.company.id, c.id);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    const first = rows[0]!.schedule!.getTime();
    await run(first + 3_600_000 - 1000 - clock.now(), 60_000);
    expect((await dispatchRows(tenant.company.id, c.id)).filter((r) => r.status === 'sent')).toHaveLength(3);
    await run(120_000, 1000);
    rows = await dispatchRows(tenant.company.id, c.id);
    expect(rows.filter((r) => r.status === 'sent').length).toBeGreaterThanOrEqual(4);
    const starts = rows
      .filter((r) => r.schedule)
      .map((r) => r.schedule!.getTime())
      .sort((a, b) => a - b);
    // every sliding hour holds at most 3 starts
    for (let i = 3; i < starts.length; i++) expect(starts[i]! - starts[i - 3]!).toBeGreaterThanOrEqual(3_600_000);
  }, 60_000);

  test('a company without a plan (ERR_NO_COMPANY_PLAN) sends nothing: the campaign pauses with the reason', async () => {
    const run = mover();
    const tenant = await makeTenant({ enableCampaigns: true });
    const w = await connectedSimulator(t, tenant.admin.token);
    const setup = await makeSetup(tenant.company.id, [w], { intervalSeconds: 5, tMin: 1, tMax: 2 });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(2, 5511981000000));
    await db.update(companies).set({ planId: null }).where(eq(companies.id, tenant.company.id));
    expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
    for (let i = 0; i < 40 && (await campaignRow(tenant.company.id, c.id)).status === 'start'; i++) await run(500);
    const camp = await campaignRow(tenant.company.id, c.id);
    expect(camp).toMatchObject({ status: 'pause', pauseReason: ENGINE_TEXTS.noPlan });
    expect((await dispatchRows(tenant.company.id, c.id)).map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  test('the circuit breaker pauses the campaign after N failed sends in a row on a connection, with the reason', async () => {
    const run = mover();
    const { tenant, ws } = await scene(1);
    const setup = await makeSetup(tenant.company.id, ws, { intervalSeconds: 5, tMin: 1, tMax: 2, breakerThreshold: 2 });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(5, 5511980000000));
    const spy = spyOn(outbound, 'sendOutbound').mockImplementation(async () => {
      throw new DomainError('ERR_SENDING_WAPP_MSG');
    });
    try {
      expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
      for (let i = 0; i < 60 && (await campaignRow(tenant.company.id, c.id)).status === 'start'; i++) await run(500);
    } finally {
      spy.mockRestore();
    }
    const camp = await campaignRow(tenant.company.id, c.id);
    expect(camp.status).toBe('pause');
    expect(camp.pauseReason).toMatch(/^Pausada automaticamente: 2 falhas seguidas na conexão /);
    const rows = await dispatchRows(tenant.company.id, c.id);
    // an unknown outcome is uncertain (never re-sent); the rest wait in the list
    expect(rows.map((r) => r.status)).toEqual(['uncertain', 'uncertain', 'pending', 'pending', 'pending']);
  });
});

describe('claims nobody is sending', () => {
  test('a claim of a dead process, or of this one whose finish was lost, becomes uncertain at the next tick (never re-sent)', async () => {
    const run = mover();
    const { tenant, ws } = await scene(1);
    const setup = await makeSetup(tenant.company.id, ws, { intervalSeconds: 5, tMin: 1, tMax: 2 });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(3, 5511990000000), { status: 'pause' });
    const [a, b] = await dispatchRows(tenant.company.id, c.id);
    const claim = (id: number, by: string) =>
      repo.moveDispatch(tenant.company.id, id, 'pending', null, {
        status: 'claimed',
        whatsappId: ws[0]!,
        schedule: new Date(clock.now()),
        claimedBy: by,
        greetingSentAt: new Date(clock.now()),
      });
    await claim(a!.id, 'gone-host:1:dead');
    await claim(b!.id, workerId());
    expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
    for (let i = 0; i < 40 && (await campaignRow(tenant.company.id, c.id)).status !== 'finalized'; i++) await run(500);
    const rows = await dispatchRows(tenant.company.id, c.id);
    expect(rows.map((r) => r.status)).toEqual(['uncertain', 'uncertain', 'sent']);
    // nothing went to the two uncertain numbers after the restart
    const box = await outbox(tenant.company.id);
    expect(box.filter((m) => m.number === a!.number || m.number === b!.number)).toEqual([]);
  });
});

describe('the scheduled action updateCampaign', () => {
  test("finalizes a campaign as the admin who queued it; a refused move and another company's campaign fail the job", async () => {
    const { tenant, ws } = await scene(1);
    const other = await makeTenant({ enableCampaigns: true });
    const setup = await makeSetup(tenant.company.id, ws);
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(2, 5511991000000), { status: 'pause' });
    const act = (companyId: number, userId: number, status: string) =>
      runScheduleAction(
        { companyId, userId, action: 'updateCampaign', data: { campaignId: c.id, status } },
        { id: 'test', attemptsMade: 0 },
      );
    expect(await act(tenant.company.id, tenant.admin.user.id, 'finalized')).toEqual({
      campaignId: c.id,
      status: 'finalized',
    });
    expect((await campaignRow(tenant.company.id, c.id)).status).toBe('finalized');
    // the machine refuses a move from finalized: the job fails for good (no retry)
    await expect(act(tenant.company.id, tenant.admin.user.id, 'start')).rejects.toThrow();
    await expect(act(other.company.id, other.admin.user.id, 'pause')).rejects.toThrow('Campanha não encontrada');
  });
});

describe('Concluir while a dispatch is claimed but not greeted yet', () => {
  test('the claimed row is canceled like the pending ones, never sent', async () => {
    const run = mover();
    const { tenant, ws } = await scene(1);
    const setup = await makeSetup(tenant.company.id, ws, { intervalSeconds: 5, tMin: 1, tMax: 2 });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(2, 5511992000000));
    const original = repo.findDispatch;
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let held = false;
    // the sender's re-check right before the greeting (its first read of the row) waits for the test
    const spy = spyOn(repo, 'findDispatch').mockImplementation(async (...args: Parameters<typeof original>) => {
      if (!held) {
        held = true;
        await gate;
      }
      return original(...args);
    });
    try {
      expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
      await waitFor(async () => held || null);
      expect((await process_(tenant.admin.token, c.id, 'finalized')).status).toBe(200);
      open();
      await settleInflight();
    } finally {
      spy.mockRestore();
    }
    await run(2000);
    const rows = await dispatchRows(tenant.company.id, c.id);
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'canceled']);
    expect(await outbox(tenant.company.id)).toEqual([]);
  });
});

describe('typing presence on a long wait', () => {
  test('shown at the greeting and again every 20 s until the message', async () => {
    const run = mover();
    const { tenant, ws } = await scene(1);
    // tMin = tMax = 60 s, scaled by 0.5 here: a 30 s wait
    const setup = await makeSetup(tenant.company.id, ws, { intervalSeconds: 5, tMin: 60, tMax: 60 });
    const c = await makeCampaign(tenant.company.id, setup.id, numbersFor(1, 5511993000000));
    expect((await process_(tenant.admin.token, c.id, 'start')).status).toBe(200);
    for (let i = 0; i < 80 && (await campaignRow(tenant.company.id, c.id)).status !== 'finalized'; i++) await run(500);
    const [row] = await dispatchRows(tenant.company.id, c.id);
    expect(row!.status).toBe('sent');
    expect(row!.messageSentAt!.getTime() - row!.schedule!.getTime()).toBe(30_000);
    const phone = sessionManager().get(ws[0]!) as unknown as SimulatorSession;
    expect(phone.presences.filter((p) => p.number === row!.number && p.presence === 'composing')).toHaveLength(2);
  });
});
