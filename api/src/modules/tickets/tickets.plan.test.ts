import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { searchWords } from '@zapdesk/core';
import { createApp } from '../../app';
import { invalidateActors } from '../../platform/auth/actor';
import { countStatements, dbHandle } from '../../platform/db';
import { loadEnv } from '../../platform/env';
import { bootPlatform, shutdownPlatform } from '../../platform/index';
import { makeCompany, makeQueue, makeUser } from '../../test/factories';
import { TEST_ENV_VARS } from '../../test/harness';
import { createThrowawayDatabase, realPostgresUrl } from '../../test/services';
import { messageListQuery } from '../messages/list/messages-list.repo';
import { ticketListQueries } from './tickets.repo';

/**
 * Regression guard of bench:tickets (not timed): on real PostgreSQL with enough rows that the planner's choice is the
 * production one (20k tickets, 200k messages, ANALYZEd), list and message endpoints stay within 3 SQL statements and
 * message text search is served by its index — EXPLAIN shows no sequential scan on messages.
 */
const pgBase = await realPostgresUrl('tickets query plans (real Postgres)');

if (!pgBase) {
  test.skip('ticket/message list query plans (PostgreSQL not reachable)', () => {});
} else {
  const TICKETS = 20_000;
  const MESSAGES = 200_000;
  let tmp: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let app: ReturnType<typeof createApp>;
  let companyId: number;
  let admin: { token: string };
  let agent: { token: string };
  let queueIds: number[];
  let busyTicket: number;

  const explain = async (q: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> => {
    const { sql, params } = q.toSQL();
    const rows = await dbHandle().sql!.unsafe(`explain ${sql}`, params as never[]);
    return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  };

  beforeAll(async () => {
    tmp = await createThrowawayDatabase(pgBase, 'zapdesk_plan');
    await bootPlatform({ env: loadEnv({ ...TEST_ENV_VARS, DATABASE_URL: tmp.url }) });
    invalidateActors();
    app = createApp({ corsOrigins: [] });
    const company = await makeCompany();
    companyId = company.id;
    // a second company's rows share the tables (the GIN index is not per company)
    const other = await makeCompany();
    const qs = [await makeQueue(companyId), await makeQueue(companyId)];
    queueIds = qs.map((q) => q.id);
    admin = await makeUser(companyId, { profile: 'admin', queueIds });
    const ag = await makeUser(companyId, { profile: 'user', queueIds: [queueIds[0]] });
    agent = ag;
    const sql = dbHandle().sql!;
    for (const [cid, n] of [
      [companyId, 1],
      [other.id, 0.2],
    ] as const) {
      const tickets = Math.round(TICKETS * n);
      const msgs = Math.round(MESSAGES * n);
      const [{ c0 }] = await sql`select coalesce(max(id), 0)::int as c0 from contacts`;
      const [{ t0 }] = await sql`select coalesce(max(id), 0)::int as t0 from tickets`;
      await sql`insert into contacts (company_id, name, number)
        select ${cid}, 'Cliente ' || g, '5511' || lpad((${cid}::bigint * 1000000 + g)::text, 9, '0')
        from generate_series(1, 2000) g`;
      await sql`insert into tickets (company_id, protocol, status, contact_id, queue_id, user_id, unread_messages,
                                     updated_at, created_at)
        select ${cid}, g::text, (array['pending','open','closed','closed','closed'])[1 + g % 5], ${c0} + 1 + g % 2000,
               ${cid === companyId ? queueIds[0] : null}, case when g % 5 = 0 then null else ${cid === companyId ? ag.user.id : null}::int end, g % 3,
               now() - make_interval(secs => g * 60.0), now() - make_interval(secs => g * 60.0)
        from generate_series(1, ${tickets}) g`;
      await sql`insert into messages (company_id, wid, ticket_id, body, created_at)
        select ${cid}, 'W' || g, ${t0} + 1 + (case when g % 50 = 0 then 0 else g % ${tickets} end),
               (array['olá','pedido','entrega','pagamento','obrigado','retorno'])[1 + g % 6] || ' ' ||
               (array['hoje','amanhã','cartão','nota','troca'])[1 + (g / 6) % 5] ||
               case when g % 500 in (0, 7) then ' boleto' else '' end,
               now() - make_interval(secs => g * 6.0)
        from generate_series(1, ${msgs}) g`;
    }
    await sql`analyze`;
    const [t] = await sql`select id from tickets where company_id = ${companyId} order by id limit 1`;
    busyTicket = t.id;
  }, 240_000);

  afterAll(async () => {
    await shutdownPlatform();
    await tmp?.drop();
  });

  describe('query plans at scale (real PostgreSQL)', () => {
    const get = (path: string, token: string) =>
      countStatements(async () => {
        const r = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
        return { status: r.status, body: (await r.json()) as Record<string, unknown[]> };
      });

    test('GET /tickets: every tab and filter within 3 SQL statements', async () => {
      const q = encodeURIComponent(JSON.stringify(queueIds));
      const paths: [string, string][] = [
        [`/tickets?status=open&showAll=true&queueIds=${q}`, admin.token],
        [`/tickets?status=open`, agent.token],
        [`/tickets?status=pending&queueIds=${q}`, admin.token],
        [`/tickets?status=closed&pageNumber=30`, admin.token],
        [`/tickets?status=open&withUnreadMessages=true&showAll=true`, admin.token],
        [`/tickets?tab=search&searchParam=boleto`, admin.token],
        [`/tickets?tab=search&searchParam=boleto`, agent.token],
        [`/tickets?tab=search&searchParam=Cliente`, admin.token],
      ];
      for (const [path, token] of paths) {
        await get(path, token); // warm the actor cache: auth is not part of the bound
        const c = await get(path, token);
        expect(c.result.status).toBe(200);
        expect({ path, found: c.result.body.tickets.length > 0 }).toEqual({ path, found: true });
        expect({ path, statements: c.count }).toEqual({ path, statements: Math.min(c.count, 3) });
      }
    });

    test('GET /messages/{ticketId}: first, deep and search pages within 3 SQL statements', async () => {
      for (const qs of ['pageNumber=1', 'pageNumber=100', 'pageNumber=1&searchTerm=boleto']) {
        const path = `/messages/${busyTicket}?${qs}`;
        await get(path, admin.token);
        const c = await get(path, admin.token);
        expect(c.result.status).toBe(200);
        expect({ path, found: c.result.body.messages.length > 0, body: c.result.body }).toMatchObject({
          path,
          found: true,
        });
        expect({ path, statements: c.count }).toEqual({ path, statements: Math.min(c.count, 3) });
      }
    });

    test('message text search reads its indexes: ticket_search_terms, never a scan of messages', async () => {
      const words = searchWords('boleto');
      const scopes = [
        { statuses: ['open', 'pending', 'closed'] as const, queues: { ids: null, includeNull: true } },
      ].map((s) => ({ ...s, statuses: [...s.statuses] }));
      const list = ticketListQueries(
        companyId,
        { scopes, search: { text: 'boleto', words, numberPrefix: null } },
        { limit: 40, offset: 0 },
      );
      const inChat = messageListQuery(companyId, { kind: 'contact', contactId: 1 }, { words, limit: 21, offset: 0 });
      const inTicket = messageListQuery(
        companyId,
        { kind: 'ticket', ticketId: busyTicket },
        { words, limit: 21, offset: 0 },
      );
      for (const [name, q] of [
        ['ticket list page', list.page],
        ['ticket list count', list.count],
        ['in-chat search (contact)', inChat],
        ['in-chat search (ticket)', inTicket],
      ] as const) {
        const plan = await explain(q);
        expect({ name, seqScanOnMessages: /Seq Scan on messages/.test(plan) }).toEqual({
          name,
          seqScanOnMessages: false,
        });
      }
      // the list finds tickets by word without reading messages: a per-company index-only range per word
      const page = await explain(list.page);
      expect(page).toMatch(/Index Only Scan using ticket_search_terms_company_lexeme_idx/);
      expect(page).not.toMatch(/ on messages/);
      // the in-chat search walks each ticket newest-first (stops at the page) after a word probe on its terms
      for (const q of [inChat, inTicket]) {
        const plan = await explain(q);
        expect(plan).toContain('ticket_search_terms_ticket_id_lexeme_pk');
        expect(plan).toContain('messages_company_ticket_created_idx');
      }
    });
  });
}
