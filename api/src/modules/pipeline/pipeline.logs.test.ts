import { afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { INBOUND_NOTE, type MessageBruteLogDto } from '@zapdesk/core';
import { and, count, eq } from 'drizzle-orm';
import { messageRawLogs, messages, tickets } from '../../db/schema';
import { TestClock, useClock } from '../../platform/clock';
import { db } from '../../platform/db';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import * as ticketsService from '../tickets/tickets.service';
import { connectedSimulator, recordEvents, startChannels, waitFor } from './pipeline.fixtures';
import { reprocessRecentRawLogs } from './pipeline.service';

/**
 * Issue 22, acceptance 2 (spec 3 §2 raw message logs, §7 calls): a raw event whose processing failed is reprocessed
 * into exactly one message; reprocessing again changes nothing; delete-all empties only the logs; master only.
 */
const { t } = useTestApp(startChannels);

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let A: Tenant;
let B: Tenant;
let master: { token: string; user: { id: number; companyId: number } };
let w: number;

beforeAll(async () => {
  A = await makeTenant();
  B = await makeTenant();
  // the master first: the live channel's master lookup is cached
  master = await makeUser(A.company.id, { profile: 'admin', master: true });
  w = await connectedSimulator(t, A.admin.token);
});

let restore: (() => void)[] = [];
afterEach(() => {
  for (const r of restore.reverse()) r();
  restore = [];
});

/** processing fails (as a database error would) until the returned function is called */
function breakProcessing(): () => void {
  const fail = async () => {
    throw new Error('database hiccup');
  };
  const one = spyOn(ticketsService, 'findOrCreateTicketForInbound').mockImplementation(fail);
  const many = spyOn(ticketsService, 'findOrCreateTicketsForInbound').mockImplementation(fail);
  const undo = () => {
    one.mockRestore();
    many.mockRestore();
  };
  restore.push(undo);
  return undo;
}

/** the retries' backoff runs on a test clock: nothing retries unless the test advances it */
function testClock(): TestClock {
  const clock = new TestClock(Date.now());
  restore.push(useClock(clock));
  return clock;
}

async function rawOf(messageId: string) {
  return waitFor(async () => {
    const [r] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.messageId, messageId));
    return r && r.status !== 'received' && r;
  });
}

const messagesOf = (wid: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, A.company.id), eq(messages.wid, wid)));

async function failedInbound(id: string, body: string) {
  const clock = testClock();
  const undo = breakProcessing();
  const res = await t.req('POST', `/simulator/${w}/inbound`, {
    token: A.admin.token,
    json: { from: '5511955550001', name: 'Cliente Log', body, id },
  });
  expect(res.status).toBe(200);
  const raw = await rawOf(id);
  expect(raw).toMatchObject({ status: 'failed', error: 'database hiccup', ticketId: null, body });
  undo();
  return { raw, clock };
}

async function listLogs(query: string, token = master.token) {
  const res = await t.req('GET', `/messageLogs/${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { messagesBruteLogs: MessageBruteLogDto[]; hasMore: boolean };
}

describe('raw message logs (issue 22 acceptance 2)', () => {
  test('a failed raw event: shown as an error, reprocessed once → one message, again → nothing changes, its pending retry changes nothing', async () => {
    const rec = recordEvents(t);
    const { raw, clock } = await failedInbound('RP-1', 'falhou no processamento');
    expect(await messagesOf('RP-1')).toHaveLength(0);

    // the screen: the failure is listed, also with the error filter; spec field names
    const withError = await listLogs('?searchParam=falhou&searchParamWitchError=true');
    const shown = withError.messagesBruteLogs.find((l) => l.id === raw.id);
    expect(shown).toMatchObject({
      messageId: 'RP-1',
      details0: 'falhou no processamento',
      status: 'failed',
      outcome: 'error',
      ticketId: null,
      error: 'database hiccup',
      companyId: A.company.id,
      whatsappId: w,
    });
    expect(shown?.JsonValue).toMatchObject({ kind: 'message' });
    // the live channel told the master about the log: created, then updated with the failure
    const live = rec.of('messagesBruteLog').filter((e) => e.userId === master.user.id);
    expect(live.some((e) => e.data.action === 'create')).toBe(true);
    expect(
      live.some(
        (e) => e.data.action === 'update' && (e.data.messagesBruteLog as MessageBruteLogDto).outcome === 'error',
      ),
    ).toBe(true);
    expect(rec.of('messagesBruteLog').every((e) => e.userId === master.user.id || e.companyId !== A.company.id)).toBe(
      true,
    );

    const first = await t.req('POST', `/reprocessMessage/${raw.id}`, { token: master.token });
    expect(first.status).toBe(200);
    const done = (await first.json()).messagesBruteLog as MessageBruteLogDto;
    expect(done).toMatchObject({ id: raw.id, status: 'processed', outcome: 'ok', error: null });
    expect(done.ticketId).toBeGreaterThan(0);
    const [msg] = await messagesOf('RP-1');
    expect(msg).toMatchObject({ body: 'falhou no processamento', ticketId: done.ticketId as number });
    const snapshot = async () => ({
      raw: (await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, raw.id)))[0],
      ticket: (
        await db
          .select()
          .from(tickets)
          .where(eq(tickets.id, done.ticketId as number))
      )[0],
      messages: await messagesOf('RP-1'),
    });
    const before = await snapshot();
    expect(before.ticket.unreadMessages).toBe(1);
    rec.events.length = 0;

    // again: answered as it is, nothing runs, nothing changes, no event
    const second = await t.req('POST', `/reprocessMessage/${raw.id}`, { token: master.token });
    expect(second.status).toBe(200);
    expect((await second.json()).messagesBruteLog).toEqual(done);
    // two at once: still one message
    const both = await Promise.all(
      [1, 2].map(() => t.req('POST', `/reprocessMessage/${raw.id}`, { token: master.token })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // the failed job's retry comes due: it finds the log done and leaves it
    await clock.advanceUntil(async () => (await t.platform.jobs.get(`inbound-${raw.id}`))?.state === 'completed', {
      stepMs: 250,
      maxSteps: 100,
    });
    expect(await snapshot()).toEqual(before);
    expect(rec.of(`appMessage-${A.company.id}`)).toHaveLength(0);
    expect(rec.of('messagesBruteLog')).toHaveLength(0);
    rec.off();

    // without the error filter it is listed as a success
    const all = await listLogs('?searchParam=RP-1');
    expect(all.messagesBruteLogs.map((l) => [l.id, l.outcome])).toEqual([[raw.id, 'ok']]);
    expect((await listLogs('?searchParam=RP-1&searchParamWitchError=true')).messagesBruteLogs).toHaveLength(0);
  });

  test('a warning (a redelivered message) has a negative ticketId; an unknown log id → 404', async () => {
    const send = () =>
      t.req('POST', `/simulator/${w}/inbound`, {
        token: A.admin.token,
        json: { from: '5511955550002', body: 'duas vezes', id: 'WARN-1' },
      });
    await send();
    await waitFor(async () => (await messagesOf('WARN-1')).length === 1);
    await send();
    const dup = await waitFor(async () => {
      const rows = await db.select().from(messageRawLogs).where(eq(messageRawLogs.messageId, 'WARN-1'));
      return rows.length === 2 && rows.every((r) => r.status === 'processed') && rows;
    });
    const { messagesBruteLogs } = await listLogs('?searchParam=WARN-1');
    const byId = new Map(messagesBruteLogs.map((l) => [l.id, l]));
    const ticketId = (await messagesOf('WARN-1'))[0].ticketId;
    const [firstLog, secondLog] = dup.sort((a, b) => a.id - b.id).map((r) => byId.get(r.id));
    expect(firstLog).toMatchObject({ outcome: 'ok', ticketId });
    expect(secondLog).toMatchObject({ outcome: 'warning', ticketId: -ticketId, error: INBOUND_NOTE.duplicate });
    // the error filter shows the warning, not the success
    const filtered = await listLogs('?searchParam=WARN-1&searchParamWitchError=1');
    expect(filtered.messagesBruteLogs.map((l) => l.id)).toEqual([secondLog?.id as number]);

    const missing = await t.req('POST', '/reprocessMessage/999999999', { token: master.token });
    expect(missing.status).toBe(404);
  });

  test('reprocess recent messages: the window’s failed logs produce their message once; a second run finds nothing', async () => {
    const { raw } = await failedInbound('RECENT-1', 'recente que falhou');
    const r1 = await reprocessRecentRawLogs(10);
    expect(r1.found).toBeGreaterThanOrEqual(1);
    expect(r1.produced).toBeGreaterThanOrEqual(1);
    expect(r1.failed).toBe(0);
    expect(await messagesOf('RECENT-1')).toHaveLength(1);
    const [after] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, raw.id));
    expect(after).toMatchObject({ status: 'processed', error: null });
    const r2 = await reprocessRecentRawLogs(10);
    expect(r2.produced).toBe(0);
    expect(await messagesOf('RECENT-1')).toHaveLength(1);
    const [again] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, raw.id));
    expect(again).toEqual(after);
  });

  test('master only: company admins (this or another company) and agents are refused; the log is untouched', async () => {
    const { raw } = await failedInbound('DENY-1', 'negado');
    for (const token of [A.admin.token, A.agent.token, B.admin.token, B.agent.token]) {
      expect((await t.req('GET', '/messageLogs/', { token })).status).toBe(403);
      expect((await t.req('POST', `/reprocessMessage/${raw.id}`, { token })).status).toBe(403);
      expect((await t.req('POST', '/messagesBruteLogsDeleteAll', { token })).status).toBe(403);
    }
    expect((await t.req('GET', '/messageLogs/')).status).toBe(401);
    expect((await t.req('POST', `/reprocessMessage/${raw.id}`)).status).toBe(401);
    expect((await t.req('POST', '/messagesBruteLogsDeleteAll')).status).toBe(401);
    const [still] = await db.select().from(messageRawLogs).where(eq(messageRawLogs.id, raw.id));
    expect(still.status).toBe('failed');
    expect(await messagesOf('DENY-1')).toHaveLength(0);
  });

  test('delete all empties only the logs: messages and tickets stay; the master is told live', async () => {
    const countOf = async (table: typeof messages | typeof tickets | typeof messageRawLogs) =>
      Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
    const logsBefore = await countOf(messageRawLogs);
    expect(logsBefore).toBeGreaterThan(0);
    const msgsBefore = await countOf(messages);
    const ticketsBefore = await countOf(tickets);
    const rec = recordEvents(t);
    const res = await t.req('POST', '/messagesBruteLogsDeleteAll', { token: master.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: logsBefore });
    expect(await countOf(messageRawLogs)).toBe(0);
    expect(await countOf(messages)).toBe(msgsBefore);
    expect(await countOf(tickets)).toBe(ticketsBefore);
    await waitFor(async () => rec.of('messagesBruteLog', 'delete').length > 0);
    expect(rec.of('messagesBruteLog', 'delete')[0]).toMatchObject({ userId: master.user.id, data: { message: 'all' } });
    rec.off();
    expect(await listLogs('')).toEqual({ messagesBruteLogs: [], hasMore: false });
  });
});
