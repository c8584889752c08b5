import { describe, expect, test } from 'bun:test';
import type { WhatsappDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { messages, whatsapps } from '../../db/schema';
import { recordSimMessage } from '../../platform/channels/simulator/simulator.repo';
import { db } from '../../platform/db';
import { makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, recordEvents, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { seedDemoConnection } from './whatsapp.startup';

const { t } = useTestApp(startChannels);

const create = (token: string, json: unknown) => t.req('POST', '/whatsapp', { token, json });

describe('connections API', () => {
  test('create: first connection is the default; validation texts; simulator starts with a QR code', async () => {
    const { company, admin } = await makeTenant();
    const short = await create(admin.token, { name: 'a', lib: 'simulator' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Too Short!' });
    expect((await create(admin.token, { lib: 'simulator' })).status).toBe(400);
    expect((await create(admin.token, { name: 'Ok', lib: 'telegram' })).status).toBe(400);

    const rec = recordEvents(t);
    const res = await create(admin.token, { name: 'Loja', lib: 'simulator', isDefault: false });
    expect(res.status).toBe(200);
    const w = (await res.json()) as WhatsappDto;
    expect(w).toMatchObject({
      name: 'Loja',
      isDefault: true,
      lib: 'simulator',
      status: 'qrcode',
      disableGroupMessages: true,
      companyId: company.id,
    });
    expect(w.qrcode).toStartWith('SIMULATOR:');
    const session = rec.of('whatsappSession', 'update').at(-1)!;
    expect(session.adminOnly).toBe(true);
    expect((session.data.session as WhatsappDto).qrcode).toStartWith('SIMULATOR:');
    const pub = rec.of(`whatsapp-${company.id}`, 'update').at(-1)!;
    expect((pub.data.whatsapp as WhatsappDto).qrcode).toBeNull();
    rec.off();

    const dup = await create(admin.token, { name: 'loja', lib: 'simulator' });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toBe('ERR_NAME_EXISTS');
  });

  test('greeting is required with more than one queue; queues must be of the company', async () => {
    const { company, admin } = await makeTenant();
    const q1 = await makeQueue(company.id);
    const q2 = await makeQueue(company.id);
    const foreign = await makeQueue((await makeTenant()).company.id);
    const noGreeting = await create(admin.token, { name: 'Dois', lib: 'simulator', queueIds: [q1.id, q2.id] });
    expect(noGreeting.status).toBe(400);
    expect((await noGreeting.json()).error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const bad = await create(admin.token, { name: 'Alheia', lib: 'simulator', queueIds: [foreign.id] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Fila inválida.');
    const ok = await create(admin.token, {
      name: 'Dois',
      lib: 'simulator',
      queueIds: [q1.id, q2.id],
      greetingMessage: 'Olá!',
    });
    expect(ok.status).toBe(200);
    const w = (await ok.json()) as WhatsappDto;
    expect(w.queueIds.sort()).toEqual([q1.id, q2.id].sort());
    const clear = await t.req('PUT', `/whatsapp/${w.id}`, { token: admin.token, json: { greetingMessage: '' } });
    expect((await clear.json()).error).toBe('ERR_WAPP_GREETING_REQUIRED');
  });

  test('plan connection limit', async () => {
    const { admin } = await makeTenant({ numberConections: 1 });
    expect((await create(admin.token, { name: 'Um', lib: 'simulator' })).status).toBe(200);
    const over = await create(admin.token, { name: 'Dois', lib: 'simulator' });
    expect(over.status).toBe(403);
    expect((await over.json()).error).toBe('ERR_NO_LIMIT_WHATSAPP');
  });

  test('plan connection limit holds under concurrent creations (PostgreSQL: users/plan-limits.pg.test)', async () => {
    const { company, admin } = await makeTenant({ numberConections: 2 });
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) => create(admin.token, { name: `Paralela ${i}`, lib: 'simulator' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(2);
    const rows = await db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  test('import dates: not after now, recent not before old', async () => {
    const { admin } = await makeTenant();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const r1 = await create(admin.token, {
      name: 'Imp',
      lib: 'simulator',
      importOldMessages: new Date(Date.now() - 3600_000).toISOString(),
      importRecentMessages: future,
    });
    expect(r1.status).toBe(400);
    expect((await r1.json()).message).toBe('A data de importação não pode ser posterior a agora.');
    const r2 = await create(admin.token, {
      name: 'Imp',
      lib: 'simulator',
      importOldMessages: new Date(Date.now() - 3600_000).toISOString(),
      importRecentMessages: new Date(Date.now() - 7200_000).toISOString(),
    });
    expect(r2.status).toBe(400);
    expect(
      (
        await create(admin.token, {
          name: 'Imp',
          lib: 'simulator',
          importOldMessages: 'ontem',
          importRecentMessages: '',
        })
      ).status,
    ).toBe(400);
  });

  test('default rules: cannot unset the only default, cannot delete the default while others exist', async () => {
    const { company, admin } = await makeTenant();
    const a = (await (await create(admin.token, { name: 'Aa', lib: 'simulator' })).json()) as WhatsappDto;
    const b = (await (await create(admin.token, { name: 'Bb', lib: 'simulator' })).json()) as WhatsappDto;
    expect(b.isDefault).toBe(false);
    const unset = await t.req('PUT', `/whatsapp/${a.id}`, { token: admin.token, json: { isDefault: false } });
    expect((await unset.json()).error).toBe('ERR_NO_OTHER_WHATSAPP');
    const del = await t.req('DELETE', `/whatsapp/${a.id}`, { token: admin.token });
    expect(del.status).toBe(400);
    expect((await del.json()).error).toBe('ERR_NO_OTHER_WHATSAPP');
    // making B the default moves the flag
    const moved = await t.req('PUT', `/whatsapp/${b.id}`, { token: admin.token, json: { isDefault: true } });
    expect(((await moved.json()) as WhatsappDto).isDefault).toBe(true);
    const rows = await db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id));
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([b.id]);
    const rec = recordEvents(t);
    expect((await t.req('DELETE', `/whatsapp/${a.id}`, { token: admin.token })).status).toBe(200);
    expect(rec.of('whatsapp', 'delete')[0].data.whatsappId).toBe(a.id);
    rec.off();
    expect((await t.req('GET', `/whatsapp/${a.id}`, { token: admin.token })).status).toBe(404);
  });

  test('agents list connections without session data and cannot change them', async () => {
    const { admin, agent } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const list = (await (await t.req('GET', '/whatsapp', { token: agent.token })).json()) as WhatsappDto[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: w, status: 'CONNECTED', qrcode: null, importOldMessages: null });
    expect((await t.req('GET', `/whatsapp/${w}`, { token: agent.token })).status).toBe(200);
    for (const [m, p] of [
      ['POST', '/whatsapp'],
      ['PUT', `/whatsapp/${w}`],
      ['DELETE', `/whatsapp/${w}`],
      ['POST', `/whatsappsession/${w}`],
      ['PUT', `/whatsappsession/${w}`],
      ['DELETE', `/whatsappsession/${w}`],
      ['POST', `/closedimported/${w}`],
    ] as const) {
      const r = await t.req(m, p, { token: agent.token, json: { name: 'Xy' } });
      expect(r.status).toBe(403);
      expect((await r.json()).error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.req('GET', '/whatsapp')).status).toBe(401);
    // only the master may flag the SaaS notification centre
    expect(
      (await t.req('PUT', `/whatsapp/${w}`, { token: admin.token, json: { saasNotificationCenter: true } })).status,
    ).toBe(403);
  });

  test("another company's connection answers 404 on every id route, simulator included", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const w = await connectedSimulator(t, a.admin.token);
    for (const [m, p, json] of [
      ['GET', `/whatsapp/${w}`],
      ['PUT', `/whatsapp/${w}`, { name: 'Hack' }],
      ['DELETE', `/whatsapp/${w}`],
      ['POST', `/whatsappsession/${w}`],
      ['PUT', `/whatsappsession/${w}`],
      ['DELETE', `/whatsappsession/${w}`],
      ['POST', `/closedimported/${w}`],
      ['GET', `/simulator/${w}`],
      ['POST', `/simulator/${w}/scan`],
      ['POST', `/simulator/${w}/inbound`, { from: '5511999990000', body: 'x' }],
      ['POST', `/simulator/${w}/event`, { type: 'revoke', id: 'x' }],
      ['POST', `/simulator/${w}/ack`, { id: 'x', ack: 2 }],
      ['GET', `/simulator/${w}/outbox`],
      ['GET', `/simulator/${w}/check/5511999990000`],
      ['POST', `/simulator/${w}/disconnect`],
    ] as const) {
      const r = await t.req(m, p, { token: b.admin.token, json });
      expect(`${m} ${p} ${r.status}`).toBe(`${m} ${p} 404`);
    }
    // still connected and untouched
    const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, w));
    expect(row.status).toBe('CONNECTED');
  });

  test('sessions: phone logout → DISCONNECTED; start → QR again; scan reconnects; new QR forgets the pairing', async () => {
    const { admin, agent } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const status = async () =>
      ((await (await t.req('GET', `/whatsapp/${w}`, { token: admin.token })).json()) as WhatsappDto).status;
    const check = await t.req('GET', `/simulator/${w}/check/000123456789`, { token: agent.token });
    expect(await check.json()).toMatchObject({ exists: false });
    const yes = await t.req('GET', `/simulator/${w}/check/+55 11 91234-5678`, { token: agent.token });
    expect(await yes.json()).toMatchObject({ exists: true, normalized: '5511912345678' });

    // the connection's own actions are the connections screen's (manageConnections): not an attendant's
    const refused = await t.req('POST', `/simulator/${w}/disconnect`, { token: agent.token });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe('ERR_NO_PERMISSION');
    expect((await t.req('POST', `/simulator/${w}/scan`, { token: agent.token })).status).toBe(403);
    expect(await status()).toBe('CONNECTED');
    expect((await t.req('POST', `/simulator/${w}/disconnect`, { token: admin.token })).status).toBe(200);
    expect(await status()).toBe('DISCONNECTED');
    const inbound = await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511900000001', body: 'x' },
    });
    expect((await inbound.json()).error).toBe('ERR_WAPP_NOT_INITIALIZED');

    const started = (await (
      await t.req('POST', `/whatsappsession/${w}`, { token: admin.token })
    ).json()) as WhatsappDto;
    expect(started.status).toBe('qrcode');
    await t.req('POST', `/simulator/${w}/scan`, { token: admin.token });
    expect(await status()).toBe('CONNECTED');

    // restart of a paired session reconnects without a QR code
    await t.req('POST', `/whatsappsession/${w}`, { token: admin.token });
    await waitFor(async () => (await status()) === 'CONNECTED');

    const renewed = (await (await t.req('PUT', `/whatsappsession/${w}`, { token: admin.token })).json()) as WhatsappDto;
    expect(renewed.status).toBe('qrcode');
    const off = (await (await t.req('DELETE', `/whatsappsession/${w}`, { token: admin.token })).json()) as WhatsappDto;
    expect(off).toMatchObject({ status: 'DISCONNECTED', qrcode: null });
  });

  test('a session that ends by itself (phone logout) sends a whatsappSession error to admins; a requested stop does not', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const rec = recordEvents(t);
    await t.req('DELETE', `/whatsappsession/${w}`, { token: admin.token });
    expect(rec.of('whatsappSession', 'error')).toHaveLength(0);
    await t.req('POST', `/whatsappsession/${w}`, { token: admin.token });
    await t.req('POST', `/simulator/${w}/scan`, { token: admin.token });
    expect((await t.req('POST', `/simulator/${w}/disconnect`, { token: admin.token })).status).toBe(200);
    const errors = rec.of('whatsappSession', 'error');
    rec.off();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      companyId: company.id,
      adminOnly: true,
      data: { action: 'error', whatsappId: w, reason: 'logout' },
    });
    expect(typeof errors[0]!.data.name).toBe('string');
  });

  test('history import: messages of the range become tickets; closing imported tickets', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    // messages the phone has but the platform never received (older than the connection)
    for (const [wid, direction, body] of [
      ['OLD-1', 'in', 'mensagem antiga'],
      ['OLD-2', 'out', 'resposta antiga'],
    ] as const) {
      await recordSimMessage(company.id, {
        whatsappId: w,
        direction,
        wid,
        number: '5511988887777',
        body,
        name: 'Antigo',
      });
    }
    // set an import range, then log out and pair again: the import runs at connection
    const put = await t.req('PUT', `/whatsapp/${w}`, {
      token: admin.token,
      json: {
        importOldMessages: new Date(Date.now() - 3600_000).toISOString(),
        importRecentMessages: new Date().toISOString(),
      },
    });
    expect(put.status).toBe(200);
    await t.req('PUT', `/whatsappsession/${w}`, { token: admin.token });
    await t.req('POST', `/simulator/${w}/scan`, { token: admin.token });
    const done = await waitFor(async () => {
      const d = (await (await t.req('GET', `/whatsapp/${w}`, { token: admin.token })).json()) as WhatsappDto;
      return d.statusImportMessages === 'renderButtonCloseTickets' && d;
    });
    expect(done.status).toBe('CONNECTED');
    const close = await t.req('POST', `/closedimported/${w}`, { token: admin.token });
    expect(close.status).toBe(200);
    expect((await close.json()).count).toBe(1);
    const imported = await db.select().from(messages).where(eq(messages.companyId, company.id));
    expect(imported.map((m) => [m.wid, m.fromMe, (m.dataJson as { imported?: boolean }).imported]).sort()).toEqual([
      ['OLD-1', false, true],
      ['OLD-2', true, true],
    ]);
    const after = (await (await t.req('GET', `/whatsapp/${w}`, { token: admin.token })).json()) as WhatsappDto;
    expect(after.statusImportMessages).toBeNull();
  });

  test('history import with closedTicketsPostImported: the imported tickets are resolved at the end, no button', async () => {
    const { company, admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    await recordSimMessage(company.id, {
      whatsappId: w,
      direction: 'in',
      wid: 'OLD-AUTO-1',
      number: '5511977776666',
      body: 'histórico',
      name: 'Antiga',
    });
    const put = await t.req('PUT', `/whatsapp/${w}`, {
      token: admin.token,
      json: {
        importOldMessages: new Date(Date.now() - 3600_000).toISOString(),
        importRecentMessages: new Date().toISOString(),
        closedTicketsPostImported: true,
      },
    });
    expect(put.status).toBe(200);
    const rec = recordEvents(t);
    await t.req('PUT', `/whatsappsession/${w}`, { token: admin.token });
    await t.req('POST', `/simulator/${w}/scan`, { token: admin.token });
    const ticket = await waitFor(async () => {
      const [m] = await db.select().from(messages).where(eq(messages.wid, 'OLD-AUTO-1'));
      if (!m) return false;
      const tk = (await (await t.req('GET', `/tickets/${m.ticketId}`, { token: admin.token })).json()) as {
        id: number;
        status: string;
        userId: number | null;
      };
      return tk.status === 'closed' && tk;
    });
    expect(ticket.userId).toBeNull();
    const d = (await (await t.req('GET', `/whatsapp/${w}`, { token: admin.token })).json()) as WhatsappDto;
    expect(d.statusImportMessages).toBeNull();
    // the lists hear it: the closed ticket was published
    await waitFor(async () =>
      rec
        .of(`ticket-${company.id}`, 'update')
        .map((e) => e.data.ticket as { id: number; status: string })
        .some((tk) => tk.id === ticket.id && tk.status === 'closed'),
    );
    rec.off();
  });

  test('demo seed: a connected simulator Principal with every queue and a Demo API connection, once', async () => {
    const { company } = await makeTenant({ name: `DemoX${Date.now()}` });
    await makeQueue(company.id);
    await makeQueue(company.id);
    await seedDemoConnection(company.name);
    await seedDemoConnection(company.name);
    const rows = await db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id)).orderBy(whatsapps.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ name: 'Principal', lib: 'simulator', isDefault: true, status: 'CONNECTED' });
    // the message API's connection (not the default: spec 2 §5)
    expect(rows[1]).toMatchObject({ name: 'Demo API', lib: 'simulator', isDefault: false, status: 'CONNECTED' });
    const u = await makeUser(company.id, { profile: 'admin' });
    const dto = (await (await t.req('GET', `/whatsapp/${rows[0].id}`, { token: u.token })).json()) as WhatsappDto;
    expect(dto.queueIds).toHaveLength(2);
  });
});
