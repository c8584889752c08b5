import { describe, expect, test } from 'bun:test';
import { type BotCommandDto, type BotSetupDto, DEFAULT_MESSAGE_ON_ERRORS_BOT } from '@zapdesk/core';
import { and, eq } from 'drizzle-orm';
import { botConfigs, companies } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeTag, makeWhatsapp } from '../tickets/tickets.fixtures';
import { botAiPort, setBotAiPort } from './bots.ports';

/** Bot setups and commands on a real database: every route happy, error and cross-tenant (spec 2 §3–§7, §9). */
const { t, events } = useTestApp();
const { A, B } = useTenantPair();
type Tenant = typeof A;

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  token: string,
  init: { json?: unknown; body?: BodyInit } = {},
) {
  const res = await t.req(method, path, { token, ...init });
  return {
    status: res.status,
    body: (await res.json()) as T & { error?: string; message?: string; fields?: Record<string, string> },
  };
}

async function setup(tenant: Tenant, body: Record<string, unknown>, token = tenant.admin.token) {
  const r = await call<BotSetupDto>('POST', '/BotSetup', token, { json: body });
  if (r.status !== 200) throw new Error(`setup: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
async function command(tenant: Tenant, body: Record<string, unknown>, token = tenant.admin.token) {
  return call<BotCommandDto>('POST', `/bot/${tenant.company.id}`, token, { json: body });
}

describe('bot setups (spec 2 §7 Bot setups)', () => {
  test('create with the §9 defaults, show, list (paged, searched), update, delete; live botSetup-{companyId}', async () => {
    const w1 = await makeWhatsapp(A.company.id, { name: 'Bot WA 1' });
    const w2 = await makeWhatsapp(A.company.id, { name: 'Bot WA 2' });
    const q = await makeQueue(A.company.id, { name: 'Fila transferência' });
    events.length = 0;
    const s = await setup(A, { name: 'Atendimento Inicial', whatsapps: [w1.id] });
    expect(s).toMatchObject({
      name: 'Atendimento Inicial',
      typingTime: 5,
      reopenBotAfterHours: 0,
      countErrorsBot: 2,
      typeMenu: 'text',
      actionWithoutQueue: 'none',
      timeWithoutQueue: 5,
      messageOnErrorsBot: DEFAULT_MESSAGE_ON_ERRORS_BOT,
      transferQueueId: null,
      whatsapps: [{ id: w1.id, name: 'Bot WA 1' }],
      userId: A.admin.user.id,
      botType: 'common',
      companyId: A.company.id,
    });
    expect(events.some((e) => e.channel === `botSetup-${A.company.id}`)).toBe(true);

    const shown = await call<BotSetupDto>('GET', `/BotSetup/${s.id}`, A.agent.token);
    expect(shown.body.id).toBe(s.id);
    const list = await call<{ botSetups: BotSetupDto[]; hasMore: boolean }>(
      'GET',
      '/BotSetup/?searchParam=INICIAL',
      A.agent.token,
    );
    expect(list.body.botSetups.map((x) => x.id)).toEqual([s.id]);
    expect(list.body.hasMore).toBe(false);
    const selector = await call<{ botSetups: BotSetupDto[] }>('GET', '/BotSetup', A.agent.token);
    expect(selector.status).toBe(200);

    const up = await call<BotSetupDto>('PUT', `/BotSetup/${s.id}`, A.admin.token, {
      json: {
        name: 'Atendimento',
        whatsapps: [w1.id, w2.id],
        actionWithoutQueue: 'transferQueueDefault',
        transferQueueId: q.id,
        timeWithoutQueue: 10,
        typingTime: 2,
      },
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      name: 'Atendimento',
      transferQueue: { id: q.id, name: 'Fila transferência' },
      timeWithoutQueue: 10,
      typingTime: 2,
    });
    expect(up.body.whatsapps.map((w) => w.id)).toEqual([w1.id, w2.id]);

    const del = await call('DELETE', `/botSetup/${s.id}`, A.admin.token);
    expect(del.status).toBe(200);
    expect((await call('GET', `/BotSetup/${s.id}`, A.admin.token)).status).toBe(404);
  });

  test('a connection belongs to at most one setup: 409 ERR_BOT_WHATSAPP_IN_USE naming it', async () => {
    const w = await makeWhatsapp(A.company.id, { name: 'WA disputada' });
    const first = await setup(A, { name: 'Primeiro', whatsapps: [w.id] });
    const r = await call('POST', '/BotSetup', A.admin.token, { json: { name: 'Segundo', whatsapps: [w.id] } });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('ERR_BOT_WHATSAPP_IN_USE');
    expect(r.body.message).toContain('WA disputada');
    expect(r.body.message).toContain('Primeiro');
    // the same setup keeps it on an edit
    expect(
      (await call('PUT', `/BotSetup/${first.id}`, A.admin.token, { json: { name: 'Primeiro', whatsapps: [w.id] } }))
        .status,
    ).toBe(200);
  });

  test('validation: the options of §9 and the fields shown only when they apply', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const r = await call('POST', '/BotSetup', A.admin.token, { json: body });
      expect(r.status).toBe(400);
      return r.body;
    };
    expect((await bad({})).error).toBe('ERR_VALIDATION');
    await bad({ name: 'x', typingTime: 0 });
    await bad({ name: 'x', countErrorsBot: 7 });
    await bad({ name: 'x', timeWithoutQueue: 4 });
    await bad({ name: 'x', reopenBotAfterHours: 8 });
    await bad({ name: 'x', actionWithoutQueue: 'explode' });
    const q = await bad({ name: 'x', actionWithoutQueue: 'transferQueueDefault' });
    expect(JSON.stringify(q)).toContain('Selecione a fila de transferência');
    // a queue given for another action is dropped
    const s = await setup(A, {
      name: 'Sem fila',
      actionWithoutQueue: 'sendMessageAndClosed',
      transferQueueId: (await makeQueue(A.company.id)).id,
    });
    expect(s.transferQueueId).toBeNull();
  });

  test('owner or admin edits and deletes; others may only copy (create their own)', async () => {
    const other = await makeUser(A.company.id, { profile: 'user' });
    const mine = await setup(A, { name: 'Do atendente' }, A.agent.token);
    expect(mine.userId).toBe(A.agent.user.id);
    expect((await call('PUT', `/BotSetup/${mine.id}`, A.agent.token, { json: { name: 'Meu' } })).status).toBe(200);
    const refused = await call('PUT', `/BotSetup/${mine.id}`, other.token, { json: { name: 'Tomado' } });
    expect([refused.status, refused.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await call('DELETE', `/botSetup/${mine.id}`, other.token)).status).toBe(403);
    // the copy: a new setup of the other user
    const copy = await setup(A, { name: 'Cópia de Meu' }, other.token);
    expect(copy.userId).toBe(other.user.id);
    // a non-admin cannot name another owner
    expect(
      (await call('POST', '/BotSetup', other.token, { json: { name: 'x', userId: A.admin.user.id } })).status,
    ).toBe(403);
    // the admin can
    expect((await call('PUT', `/BotSetup/${mine.id}`, A.admin.token, { json: { name: 'Admin mexeu' } })).status).toBe(
      200,
    );
    expect((await call('DELETE', `/botSetup/${mine.id}`, A.admin.token)).status).toBe(200);
  });

  test("cross-tenant: another company's setup, connection or queue is 404 and untouched", async () => {
    const s = await setup(A, { name: 'Só de A' });
    for (const [m, p, json] of [
      ['GET', `/BotSetup/${s.id}`, undefined],
      ['PUT', `/BotSetup/${s.id}`, { name: 'B mexeu' }],
      ['DELETE', `/botSetup/${s.id}`, undefined],
      ['GET', `/botBySetup/${s.id}`, undefined],
    ] as const) {
      const r = await call(m, p, B.admin.token, json ? { json } : {});
      expect([m, p, r.status]).toEqual([m, p, 404]);
    }
    const wA = await makeWhatsapp(A.company.id);
    expect((await call('POST', '/BotSetup', B.admin.token, { json: { name: 'x', whatsapps: [wA.id] } })).status).toBe(
      404,
    );
    const qA = await makeQueue(A.company.id);
    expect(
      (
        await call('POST', '/BotSetup', B.admin.token, {
          json: { name: 'x', actionWithoutQueue: 'transferQueueDefault', transferQueueId: qA.id },
        })
      ).status,
    ).toBe(404);
    const listB = await call<{ botSetups: BotSetupDto[] }>('GET', '/BotSetup', B.admin.token);
    expect(listB.body.botSetups.some((x) => x.id === s.id)).toBe(false);
    expect((await call<BotSetupDto>('GET', `/BotSetup/${s.id}`, A.admin.token)).body.name).toBe('Só de A');
  });

  test('plan enableBots off: every route refused with 403 ERR_PLAN_FEATURE_DISABLED, even to the admin', async () => {
    const C = await makeTenant({ enableBots: false } as never);
    await db.update(companies).set({ enableBots: false }).where(eq(companies.id, C.company.id));
    invalidateActors();
    for (const [m, p] of [
      ['GET', '/BotSetup'],
      ['POST', '/BotSetup'],
      ['GET', '/bot'],
      ['GET', '/BotSetup/1'],
      ['GET', '/botBySetup/1'],
    ] as const) {
      const r = await call(m, p, C.admin.token, m === 'POST' ? { json: { name: 'x' } } : {});
      expect([p, r.status, r.body.error]).toEqual([p, 403, 'ERR_PLAN_FEATURE_DISABLED']);
    }
  });
});

describe('bot commands (spec 2 §7 Bot commands)', () => {
  test('a 2-level tree: create (JSON and multipart with media), list by setup in book order, show, update; live bot-{companyId}', async () => {
    const s = await setup(A, { name: 'Árvore' });
    const q = await makeQueue(A.company.id, { name: 'Vendas bot' });
    const tag = await makeTag(A.company.id, { name: 'lead-bot' });
    events.length = 0;
    const one = await command(A, {
      botSetupId: s.id,
      commandBot: '1',
      commandType: 2,
      descriptionBot: 'Vendas',
      showMessage: 'Escolha',
    });
    expect(one.status).toBe(200);
    const f = new FormData();
    f.append(
      'body',
      JSON.stringify({
        botSetupId: s.id,
        commandBot: '1.1',
        commandType: 3,
        queueId: q.id,
        descriptionBot: 'Falar com vendas',
        tags: [tag.id],
        webhook: 'https://hooks.example.com/bot',
      }),
    );
    f.append('media', new File([PNG], 'menu.png', { type: 'image/png' }));
    const sector = await call<BotCommandDto>('POST', `/bot/${A.company.id}`, A.admin.token, { body: f });
    expect(sector.status).toBe(200);
    expect(sector.body).toMatchObject({
      commandBot: '1.1',
      commandType: 3,
      queue: { id: q.id, name: 'Vendas bot' },
      tags: [{ id: tag.id, name: 'lead-bot' }],
      webhook: 'https://hooks.example.com/bot',
      mediaName: 'menu.png',
    });
    expect(sector.body.mediaUrl).toMatch(/^\/media\//);
    expect(
      (
        await command(A, {
          botSetupId: s.id,
          commandBot: '2',
          commandType: 4,
          userId: A.agent.user.id,
          descriptionBot: 'Atendente',
        })
      ).status,
    ).toBe(200);
    expect(
      (await command(A, { botSetupId: s.id, commandBot: '1.2', commandType: 5, descriptionBot: 'Encerrar' })).status,
    ).toBe(200);
    expect(events.filter((e) => e.channel === `bot-${A.company.id}`)).toHaveLength(4);

    const list = await call<BotCommandDto[]>('GET', `/botBySetup/${s.id}`, A.agent.token);
    expect(list.body.map((c) => c.commandBot)).toEqual(['1', '1.1', '1.2', '2']);
    expect(list.body[3]?.user).toEqual({ id: A.agent.user.id, name: A.agent.user.name });
    const all = await call<BotCommandDto[]>('GET', `/bot/?botSetupId=${s.id}`, A.agent.token);
    expect(all.body).toHaveLength(4);
    expect((await call<BotCommandDto>('GET', `/bot/${one.body.id}`, A.agent.token)).body.descriptionBot).toBe('Vendas');

    const up = await call<BotCommandDto>('PUT', `/bot/${A.company.id}/${sector.body.id}`, A.admin.token, {
      json: { commandBot: '1.1', commandType: 3, queueId: q.id, descriptionBot: 'Vendas humanas' },
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ descriptionBot: 'Vendas humanas', botSetupId: s.id, mediaName: 'menu.png' });
  });

  test('book-index paths: a child needs its parent, no gaps, no duplicates, a command with children keeps its path', async () => {
    const s = await setup(A, { name: 'Caminhos' });
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await command(A, { botSetupId: s.id, commandType: 1, ...body });
      expect(r.status).toBe(400);
      expect(r.body.fields?.commandBot ?? r.body.message).toContain(text);
    };
    await bad({ commandBot: '1.1' }, 'Crie o comando 1 antes de 1.1');
    // the text stays Portuguese; its code and parameters come along for the web's translation
    const coded = await command(A, { botSetupId: s.id, commandType: 1, commandBot: '1.1' });
    expect((coded.body as { reason?: unknown }).reason).toEqual({
      code: 'commandPath.missingParent',
      params: { path: '1.1', parent: '1' },
    });
    await bad({ commandBot: '2' }, 'crie o comando 1 antes de 2');
    await bad({ commandBot: '' }, 'Muito curto!');
    await bad({ commandBot: undefined }, 'Obrigatório');
    await bad({ commandBot: '1.a' }, 'numeração de índice');
    const one = await command(A, { botSetupId: s.id, commandType: 2, commandBot: '1' });
    await bad({ commandBot: '1' }, 'já existe');
    await bad({ commandBot: '1.2' }, 'crie o comando 1.1 antes de 1.2');
    await command(A, { botSetupId: s.id, commandType: 1, commandBot: '1.1' });
    const moved = await call('PUT', `/bot/${A.company.id}/${one.body.id}`, A.admin.token, {
      json: { commandBot: '2', commandType: 2 },
    });
    expect(moved.status).toBe(400);
    expect(JSON.stringify(moved.body)).toContain('subcomandos');
    // other fields
    const r = await command(A, { botSetupId: s.id, commandBot: '2', commandType: 1, webhook: 'ftp://x' });
    expect(r.body.fields?.webhook).toBe('Deve ser uma URL válida');
    expect((await command(A, { botSetupId: s.id, commandBot: '2', commandType: 6 })).body.fields?.commandType).toBe(
      'Tipo de comando inválido',
    );
    expect((await command(A, { botSetupId: s.id, commandBot: '2', commandType: 3 })).body.fields?.queueId).toBe(
      'Selecione uma fila',
    );
    const txt = new FormData();
    txt.append('body', JSON.stringify({ botSetupId: s.id, commandBot: '2', commandType: 1 }));
    txt.append('media', new File([new TextEncoder().encode('text')], 'a.txt', { type: 'text/plain' }));
    expect((await call('POST', `/bot/${A.company.id}`, A.admin.token, { body: txt })).status).toBe(400);
    // malformed multipart input: the body part not JSON, an array, a number; a body part missing → 400, never 500
    for (const part of ['{not json', '[1,2]', '42', null]) {
      const f = new FormData();
      if (part !== null) f.append('body', part);
      f.append('mediaName', 'x.png');
      const r = await call('POST', `/bot/${A.company.id}`, A.admin.token, { body: f });
      expect([part, r.status]).toEqual([part, 400]);
      const u = await call('PUT', `/bot/${A.company.id}/${one.body.id}`, A.admin.token, { body: f });
      expect([part, u.status]).toEqual([part, 400]);
    }
  });

  test('delete: the subtree goes and later siblings move up (no gap)', async () => {
    const s = await setup(A, { name: 'Apagar' });
    const ids: Record<string, number> = {};
    for (const p of ['1', '1.1', '1.2', '1.2.1', '1.3', '1.3.1', '2']) {
      const r = await command(A, {
        botSetupId: s.id,
        commandBot: p,
        commandType: p.length < 5 && p !== '2' ? 2 : 1,
        descriptionBot: `cmd ${p}`,
      });
      expect([p, r.status]).toEqual([p, 200]);
      ids[p] = r.body.id;
    }
    expect((await call('DELETE', `/bot/${ids['1.2']}`, A.admin.token)).status).toBe(200);
    const list = await call<BotCommandDto[]>('GET', `/botBySetup/${s.id}`, A.admin.token);
    expect(list.body.map((c) => [c.commandBot, c.descriptionBot])).toEqual([
      ['1', 'cmd 1'],
      ['1.1', 'cmd 1.1'],
      ['1.2', 'cmd 1.3'],
      ['1.2.1', 'cmd 1.3.1'],
      ['2', 'cmd 2'],
    ]);
  });

  test('the setup owner or an admin manages commands; others read', async () => {
    const s = await setup(A, { name: 'Do admin' });
    const r = await command(A, { botSetupId: s.id, commandBot: '1', commandType: 1 }, A.agent.token);
    expect([r.status, r.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const ok = await command(A, { botSetupId: s.id, commandBot: '1', commandType: 1 });
    expect(
      (
        await call('PUT', `/bot/${A.company.id}/${ok.body.id}`, A.agent.token, {
          json: { commandBot: '1', commandType: 1 },
        })
      ).status,
    ).toBe(403);
    expect((await call('DELETE', `/bot/${ok.body.id}`, A.agent.token)).status).toBe(403);
    expect((await call('GET', `/bot/${ok.body.id}`, A.agent.token)).status).toBe(200);
  });

  test('flow commands need enableFlows and a flow of the company', async () => {
    const s = await setup(A, { name: 'Fluxos' });
    await db.update(companies).set({ enableFlows: false }).where(eq(companies.id, A.company.id));
    invalidateActors();
    const r = await command(A, { botSetupId: s.id, commandBot: '1', commandType: 1, typeMessage: 'flow', flowId: 1 });
    expect(r.status).toBe(400);
    expect(r.body.fields?.typeMessage).toBe('Fluxos não estão habilitados no plano da empresa');
    await db.update(companies).set({ enableFlows: true }).where(eq(companies.id, A.company.id));
    invalidateActors();
    const missing = await command(A, {
      botSetupId: s.id,
      commandBot: '1',
      commandType: 1,
      typeMessage: 'flow',
      flowId: 999999,
    });
    expect(missing.status).toBe(404);
  });

  test('cross-tenant: ids of another company are 404 and change nothing', async () => {
    const s = await setup(A, { name: 'Comandos de A' });
    const c = await command(A, { botSetupId: s.id, commandBot: '1', commandType: 1, descriptionBot: 'de A' });
    for (const [m, p, json] of [
      ['GET', `/bot/${c.body.id}`, undefined],
      ['PUT', `/bot/${B.company.id}/${c.body.id}`, { commandBot: '1', commandType: 1 }],
      ['PUT', `/bot/${A.company.id}/${c.body.id}`, { commandBot: '1', commandType: 1 }],
      ['DELETE', `/bot/${c.body.id}`, undefined],
      ['POST', `/bot/${A.company.id}`, { botSetupId: s.id, commandBot: '2', commandType: 1 }],
      ['POST', `/bot/${B.company.id}`, { botSetupId: s.id, commandBot: '2', commandType: 1 }],
      ['GET', `/bot/?botSetupId=${s.id}`, undefined],
    ] as const) {
      const r = await call(m, p, B.admin.token, json ? { json } : {});
      expect([m, p, r.status]).toEqual([m, p, 404]);
    }
    // B's own setup with A's queue, user or tag
    const sB = await setup(B, { name: 'De B' });
    const qA = await makeQueue(A.company.id);
    const tA = await makeTag(A.company.id);
    for (const extra of [
      { commandType: 3, queueId: qA.id },
      { commandType: 4, userId: A.agent.user.id },
      { commandType: 1, tags: [tA.id] },
    ]) {
      const r = await command(B, { botSetupId: sB.id, commandBot: '1', ...extra });
      expect([JSON.stringify(extra), r.status]).toEqual([JSON.stringify(extra), 404]);
    }
    const listB = await call<BotCommandDto[]>('GET', '/bot', B.admin.token);
    expect(listB.body.some((x) => x.id === c.body.id)).toBe(false);
    expect((await call<BotCommandDto>('GET', `/bot/${c.body.id}`, A.admin.token)).body.descriptionBot).toBe('de A');
  });

  test("botConfigId: a prompt of the company (not deleted); another company's or a deleted one is 404", async () => {
    // the AI area installs the port at start-up (not started here): the same rule, read from its table
    const previous = botAiPort();
    setBotAiPort({
      handOver: async () => undefined,
      promptExists: async (companyId, id) =>
        (
          await db
            .select({ id: botConfigs.id })
            .from(botConfigs)
            .where(and(eq(botConfigs.companyId, companyId), eq(botConfigs.id, id), eq(botConfigs.isDeleted, false)))
        ).length > 0,
    });
    try {
      const [pA] = await db.insert(botConfigs).values({ companyId: A.company.id, name: 'Prompt A' }).returning();
      const [gone] = await db
        .insert(botConfigs)
        .values({ companyId: A.company.id, name: 'Apagado', isDeleted: true })
        .returning();
      const [pB] = await db.insert(botConfigs).values({ companyId: B.company.id, name: 'Prompt B' }).returning();
      if (!pA || !gone || !pB) throw new Error('no prompts');
      const ok = await setup(A, { name: 'Bot de prompt', botType: 'prompt', botConfigId: pA.id });
      expect(ok.botConfigId).toBe(pA.id);
      for (const id of [pB.id, gone.id]) {
        const r = await call('POST', '/BotSetup', A.admin.token, {
          json: { name: 'Prompt alheio', botType: 'prompt', botConfigId: id },
        });
        expect([id, r.status, r.body.message]).toEqual([id, 404, 'Prompt não encontrado']);
        const u = await call('PUT', `/BotSetup/${ok.id}`, A.admin.token, {
          json: { name: 'Prompt alheio', botType: 'prompt', botConfigId: id },
        });
        expect(u.status).toBe(404);
      }
      const s = await setup(A, { name: 'Comandos com prompt' });
      const gpt = await command(A, { botSetupId: s.id, commandBot: '1', commandType: 8, botConfigId: pA.id });
      expect([gpt.status, gpt.body.botConfigId]).toEqual([200, pA.id]);
      const foreign = await command(A, { botSetupId: s.id, commandBot: '2', commandType: 8, botConfigId: pB.id });
      expect(foreign.status).toBe(404);
      // a prompt given to another type is dropped, not checked
      const info = await command(A, { botSetupId: s.id, commandBot: '2', commandType: 1, botConfigId: pB.id });
      expect([info.status, info.body.botConfigId]).toEqual([200, null]);
    } finally {
      setBotAiPort(previous);
    }
  });
});
