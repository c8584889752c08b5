import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { db } from '../../platform/db';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, startChannels, waitFor } from './pipeline.fixtures';
import { type InboundReactionContext, inboundReactionNames, registerInboundReaction } from './pipeline.reactions';

const { t } = useTestApp(startChannels);

const ticketMessages = (companyId: number, ticketId: number) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
    .orderBy(messages.id);

describe('after-inbound hook (real database, simulator)', () => {
  test('reactions run in stage order after the message is stored and its ticket known; one can stop the rest (no greeting)', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token, { greetingMessage: 'Bem-vindo, {{name}}!' });
    const seen: { name: string; ctx: InboundReactionContext; stored: number }[] = [];
    const record = (name: string) => async (ctx: InboundReactionContext) => {
      // what the reaction sees is already in the database: the message and its ticket
      const stored = (await ticketMessages(ctx.companyId, ctx.ticket.id)).length;
      seen.push({ name, ctx, stored });
      return 'continue' as const;
    };
    // registered out of order on purpose: the stages decide the order
    const offAi = registerInboundReaction({ stage: 'ai', name: 'test.ai', run: record('test.ai') });
    const offHours = registerInboundReaction({
      stage: 'outOfHours',
      name: 'test.outOfHours',
      async run(ctx) {
        await record('test.outOfHours')(ctx);
        // "closed" for this one number: nothing after it runs (the greeting neither)
        return ctx.sender?.number === '5511955550002' ? 'stop' : 'continue';
      },
    });
    try {
      // the areas' own reactions (chatbot, ai) are registered when a test file before this one started the app in
      // the same process: they sit in their stages and, on this connection (no bot setup, no prompt), do nothing
      const areas = new Set(['chatbot', 'ai']);
      expect(inboundReactionNames().filter((n) => !areas.has(n))).toEqual(['test.outOfHours', 'greeting', 'test.ai']);

      // 1. a new conversation: out-of-hours (continue) → greeting (sent) → ai
      const r1 = await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550001', name: 'Ana', body: 'oi', id: 'HOOK-1' },
      });
      expect(r1.status).toBe(200);
      await waitFor(async () => seen.filter((s) => s.ctx.message.wid === 'HOOK-1').length === 2);
      const first = seen.filter((s) => s.ctx.message.wid === 'HOOK-1');
      expect(first.map((s) => s.name)).toEqual(['test.outOfHours', 'test.ai']);
      const ctx = first[0].ctx;
      expect(ctx).toMatchObject({ companyId: company.id, createdTicket: true, isGroup: false });
      expect(ctx.message).toMatchObject({ body: 'oi', fromMe: false });
      expect(ctx.ticket).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'oi', whatsappId: w });
      expect(ctx.sender).toMatchObject({ number: '5511955550001', name: 'Ana' });
      expect(ctx.connection.id).toBe(w);
      expect(first[0].stored).toBe(1);
      // the greeting ran between them: the ai reaction already finds it stored in the ticket
      expect(first[1].stored).toBe(2);
      const afterFirst = await ticketMessages(company.id, ctx.ticket.id);
      expect(afterFirst.map((m) => [m.fromMe, m.body])).toEqual([
        [false, 'oi'],
        [true, 'Bem-vindo, Ana!'],
      ]);

      // 2. the next message of the same conversation: not a new ticket, no second greeting
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550001', body: 'tudo bem?', id: 'HOOK-2' },
      });
      await waitFor(async () => seen.filter((s) => s.ctx.message.wid === 'HOOK-2').length === 2);
      expect(seen.find((s) => s.ctx.message.wid === 'HOOK-2')?.ctx.createdTicket).toBe(false);
      expect(await ticketMessages(company.id, ctx.ticket.id)).toHaveLength(3);

      // 3. stopped by out-of-hours: neither the greeting nor the ai reaction runs
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550002', name: 'Bia', body: 'alô', id: 'HOOK-3' },
      });
      await waitFor(async () => seen.some((s) => s.ctx.message.wid === 'HOOK-3'));
      // a later message proves the pipeline moved on past HOOK-3
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550001', body: 'depois', id: 'HOOK-4' },
      });
      await waitFor(async () => seen.filter((s) => s.ctx.message.wid === 'HOOK-4').length === 2);
      expect(seen.filter((s) => s.ctx.message.wid === 'HOOK-3').map((s) => s.name)).toEqual(['test.outOfHours']);
      const stoppedTicket = seen.find((s) => s.ctx.message.wid === 'HOOK-3')?.ctx.ticket.id as number;
      expect((await ticketMessages(company.id, stoppedTicket)).map((m) => m.body)).toEqual(['alô']);

      // 4. never for our own messages (typed on the phone) nor for a redelivery
      const before = seen.length;
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550001', body: 'do celular', id: 'HOOK-5', fromMe: true },
      });
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550001', body: 'depois', id: 'HOOK-4' },
      });
      await t.req('POST', `/simulator/${w}/inbound`, {
        token: admin.token,
        json: { from: '5511955550001', body: 'fim', id: 'HOOK-6' },
      });
      await waitFor(async () => seen.filter((s) => s.ctx.message.wid === 'HOOK-6').length === 2);
      expect(seen.slice(before).map((s) => s.ctx.message.wid)).toEqual(['HOOK-6', 'HOOK-6']);
    } finally {
      offAi();
      offHours();
    }
    expect(inboundReactionNames().filter((n) => n !== 'chatbot' && n !== 'ai')).toEqual(['greeting']);
  });
});
