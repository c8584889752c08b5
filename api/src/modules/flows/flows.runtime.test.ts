import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type FlowDto, flowSteps } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies, tickets } from '../../db/schema';
import { sessionManager } from '../../platform/channels/session-manager';
import type { SimulatorSession } from '../../platform/channels/simulator/simulator-adapter';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { systemCtx } from '../../platform/http/context';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { makeContact, makeTicket } from '../tickets/tickets.fixtures';
import * as repo from './flows.repo';
import { catchUpFlowRuns, FLOW_RUN_TEXT, flowStepJob, flowStepJobId, runFlowStep } from './flows.runtime';
import { runFlowOnTicket } from './flows.service';

/**
 * A flow running on a real ticket (issue 16 acceptance 3): steps are typed jobs on the shared clock, sent through the
 * outbound seam to the simulator. The clock is moved, not slept; one short flow runs on the real clock (±10 %).
 */
const { t } = useTestApp(async (app) => {
  await startChannels(app);
  flowStepJob.register();
});

let clock: TestClock;
let restoreClock: (() => void) | undefined;
beforeAll(() => {
  clock = new TestClock(Date.now());
  restoreClock = useClock(clock);
});
afterAll(() => restoreClock?.());

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

type Outbox = { id: string; body: string; mediaType: string | null; createdAt: string }[];

let seq = 0;
/** a company with flows, a connected simulator, an open ticket of the admin on it */
async function scene() {
  const tenant = await makeTenant({ enableFlows: true });
  const w = await connectedSimulator(t, tenant.admin.token);
  const contact = await makeContact(tenant.company.id, { number: `55119770${String(++seq).padStart(5, '0')}` });
  const ticket = await makeTicket(tenant.company.id, {
    contactId: contact.id,
    status: 'open',
    userId: tenant.admin.user.id,
    whatsappId: w,
  });
  const session = sessionManager().get(w) as unknown as SimulatorSession;
  const outbox = async () =>
    (await (
      await t.req('GET', `/simulator/${w}/outbox?to=${contact.number}`, { token: tenant.admin.token })
    ).json()) as Outbox;
  const presences = () => session.presences.filter((p) => p.number === contact.number).map((p) => p.presence);
  return { tenant, w, contact, ticket, outbox, presences };
}

async function createFlow(token: string, name: string, flowActions: unknown[], files: File[] = []): Promise<FlowDto> {
  const f = new FormData();
  f.append('name', name);
  f.append('type', 'Chat');
  f.append('flowActions', JSON.stringify(flowActions));
  for (const file of files) f.append('mediaFile', file);
  const res = await t.req('POST', '/flows', { token, body: f });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`create flow: ${res.status} ${JSON.stringify(body)}`);
  return body as FlowDto;
}

/** Moves the clock to `instant` and waits (real time) until `check` holds: the runner runs what fell due. */
async function at(instant: number, check: () => Promise<boolean> | boolean, ms = 8000) {
  await clock.set(instant);
  await waitFor(async () => ((await check()) ? true : null), ms);
}

describe('a flow on a ticket, clock moved (issue 16 acceptance 3)', () => {
  test('typing, text, delay, media, recording, text: the outbox in order with the presences, each step at its timeline instant', async () => {
    const s = await scene();
    const flow = await createFlow(
      s.tenant.admin.token,
      'Fluxo completo',
      [
        { actionType: 'Composing', param: 3 },
        { actionType: 'SendText', body: 'Olá, tudo bem?' },
        { actionType: 'Delay', param: 2 },
        { actionType: 'SendMedia', mediaFileName: 'tabela.png', body: 'Nossa tabela' },
        { actionType: 'Recording', param: 2 },
        { actionType: 'SendText', body: 'Até logo!' },
      ],
      [new File([PNG], 'tabela.png', { type: 'image/png' })],
    );
    const plan = flowSteps(flow.flowActions).map((x) => x.atMs);
    expect(plan).toEqual([0, 3000, 4000, 6000, 7000, 9000]);

    // the chat input's ';': the attendant runs it on their open ticket
    const res = await t.req('POST', `/flows/${flow.id}/run`, {
      token: s.tenant.admin.token,
      json: { ticketId: s.ticket.id },
    });
    expect(res.status).toBe(200);
    const { runId } = (await res.json()) as { runId: number };
    const run = await repo.findRun(s.tenant.company.id, runId);
    const t0 = run?.startedAt.getTime() as number;

    const stepJob = async (step: number) => (await t.platform.jobs.get(flowStepJobId(runId, step)))?.state;
    await at(t0, () => s.presences().includes('composing'));
    await waitFor(async () => (await stepJob(1)) === 'delayed');
    expect(await s.outbox()).toEqual([]);
    // one ms before the text is due its job still waits
    await clock.set(t0 + 2999);
    expect(await stepJob(1)).toBe('delayed');
    expect(await s.outbox()).toEqual([]);
    await at(t0 + 3000, async () => (await s.outbox()).length === 1);
    await at(t0 + 4000, () => s.presences().includes('paused'));
    await waitFor(async () => (await stepJob(3)) === 'delayed');
    await clock.set(t0 + 5999);
    expect(await stepJob(3)).toBe('delayed');
    expect(await s.outbox()).toHaveLength(1);
    await at(t0 + 6000, async () => (await s.outbox()).length === 2);
    await at(t0 + 7000, () => s.presences().includes('recording'));
    await at(t0 + 9000, async () => (await s.outbox()).length === 3);

    const box = await s.outbox();
    expect(box.map((m) => [m.body, m.mediaType])).toEqual([
      ['Olá, tudo bem?', null],
      ['Nossa tabela', 'image'],
      ['Até logo!', null],
    ]);
    expect(s.presences()).toEqual(['composing', 'paused', 'recording']);

    // every step ran at its planned instant on the clock, and the run is done
    await waitFor(async () => (await repo.findRun(s.tenant.company.id, runId))?.status === 'done');
    const steps = await repo.runSteps(s.tenant.company.id, runId);
    expect(steps.map((x) => [x.step, x.status, (x.doneAt?.getTime() ?? 0) - t0])).toEqual(
      plan.map((ms, i) => [i, 'sent', ms]),
    );
    // the messages are the ticket's, sent as the attendant who ran it
    const [after] = await db.select().from(tickets).where(eq(tickets.id, s.ticket.id));
    expect(after.lastMessage).toBe('Até logo!');
  }, 60_000);

  test('a step delivered twice sends once; a restart plans the run again; a resolved ticket stops it', async () => {
    const s = await scene();
    const flow = await createFlow(s.tenant.admin.token, 'Fluxo curto', [
      { actionType: 'SendText', body: 'Primeira' },
      { actionType: 'Delay', param: 5 },
      { actionType: 'SendText', body: 'Segunda' },
      { actionType: 'Composing', param: 2 },
      { actionType: 'SendText', body: 'Terceira' },
    ]);
    const ctx = systemCtx(s.tenant.company.id);
    // a bot starting it twice with the same key starts one run
    const a = await runFlowOnTicket(ctx, { flowId: flow.id, ticketId: s.ticket.id, runKey: 'msg-1' });
    const b = await runFlowOnTicket(ctx, { flowId: flow.id, ticketId: s.ticket.id, runKey: 'msg-1' });
    expect([a.created, b.created, b.runId]).toEqual([true, false, a.runId]);
    const run = await repo.findRun(s.tenant.company.id, a.runId);
    const t0 = run?.startedAt.getTime() as number;
    const data = { companyId: s.tenant.company.id, runId: a.runId, step: 0, dueAt: t0 };
    // the job and two more deliveries of the same step at once
    const outcomes = await Promise.allSettled([runFlowStep(data), runFlowStep(data)]);
    await waitFor(async () => (await repo.findRun(s.tenant.company.id, a.runId))?.step === 1);
    expect((await s.outbox()).map((m) => m.body)).toEqual(['Primeira']);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent').length).toBeLessThanOrEqual(1);
    expect(await runFlowStep(data)).toBe('stale');

    // the process stopped: the next step's job is lost; at start-up the run is planned again
    await t.platform.jobs.remove(flowStepJobId(a.runId, 1));
    expect(await t.platform.jobs.get(flowStepJobId(a.runId, 1))).toBeFalsy();
    expect(await catchUpFlowRuns()).toBeGreaterThanOrEqual(1);
    expect(await t.platform.jobs.get(flowStepJobId(a.runId, 1))).toBeTruthy();
    // Delay 5 → paused at 1 s, the second text at 1 + 4 + 1 = 6 s
    await at(t0 + 6000, async () => (await s.outbox()).length === 2);

    // resolved before the last text: the run stops, nothing more goes out
    await db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, s.ticket.id));
    await at(t0 + 7000, async () => (await repo.findRun(s.tenant.company.id, a.runId))?.status === 'cancelled');
    // no step is planned after it
    expect(await t.platform.jobs.get(flowStepJobId(a.runId, 4))).toBeFalsy();
    await clock.set(t0 + 20_000);
    expect((await s.outbox()).map((m) => m.body)).toEqual(['Primeira', 'Segunda']);
    expect((await repo.findRun(s.tenant.company.id, a.runId))?.lastError).toBe(FLOW_RUN_TEXT.ticketClosed);
  }, 60_000);

  test('the chat input: only the attendant of an open ticket (or an admin) runs a flow; plan off refuses', async () => {
    const s = await scene();
    const flow = await createFlow(s.tenant.admin.token, 'Fluxo do chat', [{ actionType: 'SendText', body: 'Oi!' }]);
    const run = (token: string, ticketId = s.ticket.id) =>
      t.req('POST', `/flows/${flow.id}/run`, { token, json: { ticketId } });
    const agentRes = await run(s.tenant.agent.token);
    expect(agentRes.status).toBe(403);
    const pending = await makeTicket(s.tenant.company.id, {
      contactId: (await makeContact(s.tenant.company.id)).id,
      status: 'pending',
      whatsappId: s.w,
    });
    const pendingRes = await run(s.tenant.admin.token, pending.id);
    expect(pendingRes.status).toBe(400);
    expect(((await pendingRes.json()) as { message: string }).message).toBe(
      'O ticket precisa estar aberto para executar um fluxo.',
    );
    await expect(
      runFlowOnTicket(systemCtx(s.tenant.company.id), { flowId: flow.id, ticketId: 999_999_999 }),
    ).rejects.toMatchObject({ status: 404 });
    // the plan lost flows: a bot's start is refused too
    await db.update(companies).set({ enableFlows: false }).where(eq(companies.id, s.tenant.company.id));
    await expect(
      runFlowOnTicket(systemCtx(s.tenant.company.id), { flowId: flow.id, ticketId: s.ticket.id }),
    ).rejects.toMatchObject({ code: 'ERR_PLAN_FEATURE_DISABLED' });
  });
});

describe('a flow on the real clock (issue 16 acceptance 3, ±10 %)', () => {
  test('text, typing 2 s, text, delay 1 s, text: the messages 3 s and 2 s apart', async () => {
    restoreClock?.();
    restoreClock = undefined;
    const s = await scene();
    const flow = await createFlow(s.tenant.admin.token, 'Fluxo cronometrado', [
      { actionType: 'SendText', body: 'um' },
      { actionType: 'Composing', param: 2 },
      { actionType: 'SendText', body: 'dois' },
      { actionType: 'Delay', param: 1 },
      { actionType: 'SendText', body: 'três' },
    ]);
    expect(flowSteps(flow.flowActions).map((x) => x.atMs)).toEqual([0, 1000, 3000, 4000, 5000]);
    const res = await t.req('POST', `/flows/${flow.id}/run`, {
      token: s.tenant.admin.token,
      json: { ticketId: s.ticket.id },
    });
    expect(res.status).toBe(200);
    await waitFor(async () => (await s.outbox()).length === 3, 15_000);
    const box = await s.outbox();
    expect(box.map((m) => m.body)).toEqual(['um', 'dois', 'três']);
    const times = box.map((m) => Date.parse(m.createdAt));
    const gap1 = times[1] - times[0];
    const gap2 = times[2] - times[1];
    expect(Math.abs(gap1 - 3000)).toBeLessThanOrEqual(300);
    expect(Math.abs(gap2 - 2000)).toBeLessThanOrEqual(200);
    expect(s.presences()).toEqual(['composing', 'paused']);
  }, 60_000);
});
