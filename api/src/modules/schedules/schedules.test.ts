import { describe, expect, test } from 'bun:test';
import { MEDIA_MAX_BYTES, SCHEDULE_TEXTS, type ScheduleDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { bodyRuleFor } from '../../platform/http/body-limit';
import { makeQueue, makeTenant, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { makeContact } from '../tickets/tickets.fixtures';
import * as repo from './schedules.repo';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

type Tenant = typeof A;

async function create(tenant: Tenant, token: string, body: Record<string, unknown>, companyId = tenant.company.id) {
  const res = await t.req('POST', `/schedules/${companyId}`, { token, json: body });
  return { res, body: (await res.json()) as ScheduleDto & { error?: string; message?: string; fields?: object } };
}

function form(body: Record<string, unknown>, media?: File, mediaName?: string): FormData {
  const f = new FormData();
  f.append('body', JSON.stringify(body));
  if (media) f.append('media', media);
  if (mediaName) f.append('mediaName', mediaName);
  return f;
}

describe('schedules API (spec 2 §7)', () => {
  test('create (multipart and JSON), show, list with filters and pages, update, delete; live schedule-{companyId}', async () => {
    const contact = await makeContact(A.company.id, { name: 'Maria Agenda', number: '5511990001111' });
    const queue = await makeQueue(A.company.id, { name: 'Vendas agenda' });
    events.length = 0;
    const sendAt = inADay();
    const res = await t.req('POST', `/schedules/${A.company.id}`, {
      token: A.agent.token,
      body: form({
        contactId: contact.id,
        body: 'Lembrete da sua consulta amanhã',
        sendAt,
        typeSchedule: 'Recorrente Semanal',
        repeatCount: 3,
        queueId: queue.id,
      }),
    });
    expect(res.status).toBe(200);
    const created = (await res.json()) as ScheduleDto;
    expect(created).toMatchObject({
      body: 'Lembrete da sua consulta amanhã',
      typeMessage: 'Texto',
      typeSchedule: 'Recorrente Semanal',
      sendAt: new Date(sendAt).toISOString(),
      sentAt: null,
      repeatCount: 3,
      repeatCounter: 0,
      status: 'PENDENTE',
      lastError: null,
      nextSendAt: new Date(sendAt).toISOString(),
      contactId: contact.id,
      contact: { id: contact.id, name: 'Maria Agenda', number: '5511990001111' },
      queueId: queue.id,
      queue: { id: queue.id, name: 'Vendas agenda' },
      whatsappId: null,
      whatsapp: null,
      userId: A.agent.user.id,
      user: { id: A.agent.user.id, name: A.agent.user.name },
      mediaUrl: null,
      companyId: A.company.id,
    });
    expect(
      events.some(
        (e) =>
          e.channel === `schedule-${A.company.id}` &&
          e.data.action === 'create' &&
          (e.data as unknown as { schedule: ScheduleDto }).schedule.id === created.id,
      ),
    ).toBe(true);
    // its first occurrence is planned as a job keyed by (schedule, occurrence, due time)
    const job = await t.platform.jobs.get(`schedule-${created.id}-1-${Date.parse(sendAt)}`);
    expect(job).toMatchObject({ name: 'schedules.send', companyId: A.company.id, state: 'delayed' });

    const shown = await t.req('GET', `/schedules/${created.id}`, { token: A.admin.token });
    expect(await shown.json()).toEqual(created);

    // JSON body, admin's own, and a few more for the list
    const other = await makeContact(A.company.id, { name: 'João Lista' });
    const mine = await create(A, A.admin.token, { contactId: other.id, body: 'Promoção de aniversário', sendAt });
    expect(mine.res.status).toBe(200);
    for (let i = 0; i < 20; i++) {
      await create(A, A.admin.token, { contactId: other.id, body: `Mensagem número ${i}`, sendAt });
    }
    const p1 = await (await t.req('GET', '/schedules/', { token: A.agent.token })).json();
    expect(p1.schedules).toHaveLength(20);
    expect(p1).toMatchObject({ count: 22, hasMore: true });
    const p2 = await (await t.req('GET', '/schedules?pageNumber=2', { token: A.agent.token })).json();
    expect(p2).toMatchObject({ count: 22, hasMore: false });
    expect(p2.schedules).toHaveLength(2);
    const byContact = await (await t.req('GET', `/schedules?contactId=${contact.id}`, { token: A.agent.token })).json();
    expect(byContact.schedules.map((s: ScheduleDto) => s.id)).toEqual([created.id]);
    const byUser = await (await t.req('GET', `/schedules?user=${A.agent.user.id}`, { token: A.agent.token })).json();
    expect(byUser.schedules.map((s: ScheduleDto) => s.id)).toEqual([created.id]);
    const bySearch = await (await t.req('GET', '/schedules?searchParam=ANIVERS', { token: A.agent.token })).json();
    expect(bySearch.schedules.map((s: ScheduleDto) => s.id)).toEqual([mine.body.id]);
    const byName = await (await t.req('GET', '/schedules?searchParam=maria', { token: A.agent.token })).json();
    expect(byName.schedules.map((s: ScheduleDto) => s.id)).toEqual([created.id]);
    const sent = await (await t.req('GET', '/schedules?status=ENVIADA', { token: A.agent.token })).json();
    expect(sent).toMatchObject({ schedules: [], count: 0, hasMore: false });
    expect((await t.req('GET', '/schedules?status=QUALQUER', { token: A.agent.token })).status).toBe(400);

    // update: a new date replaces the planned job
    events.length = 0;
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const upd = await t.req('PUT', `/schedules/${created.id}/${A.company.id}`, {
      token: A.agent.token,
      body: form({ contactId: contact.id, body: 'Lembrete alterado', sendAt: later, typeSchedule: 'Único' }),
    });
    expect(upd.status).toBe(200);
    const updated = (await upd.json()) as ScheduleDto;
    expect(updated).toMatchObject({
      body: 'Lembrete alterado',
      typeSchedule: 'Único',
      repeatCount: null,
      queueId: null,
      status: 'PENDENTE',
      nextSendAt: new Date(later).toISOString(),
    });
    expect(events.some((e) => e.channel === `schedule-${A.company.id}` && e.data.action === 'update')).toBe(true);
    expect(await t.platform.jobs.get(`schedule-${created.id}-1-${Date.parse(sendAt)}`)).toBeNull();
    // a new series: numbering goes on after the old one's
    expect(await t.platform.jobs.get(`schedule-${created.id}-2-${Date.parse(later)}`)).toMatchObject({
      state: 'delayed',
    });

    // delete
    events.length = 0;
    expect((await t.req('DELETE', `/schedules/${created.id}`, { token: A.agent.token })).status).toBe(200);
    expect((await t.req('GET', `/schedules/${created.id}`, { token: A.agent.token })).status).toBe(404);
    expect(await t.platform.jobs.get(`schedule-${created.id}-2-${Date.parse(later)}`)).toBeNull();
    expect(events.map((e) => [e.channel, e.data])).toContainEqual([
      `schedule-${A.company.id}`,
      { action: 'delete', scheduleId: created.id },
    ]);
  });

  test('validation: the spec texts, 400 never 500', async () => {
    const contact = await makeContact(A.company.id);
    const ok = { contactId: contact.id, body: 'Mensagem válida', sendAt: inADay() };
    const countBefore = (await repo.listSchedules(A.company.id, { search: '' }, { limit: 1, offset: 0 })).count;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, contactId: undefined }, 'contactId', SCHEDULE_TEXTS.contactRequired],
      [{ ...ok, contactId: '' }, 'contactId', SCHEDULE_TEXTS.contactRequired],
      [{ ...ok, body: '' }, 'body', 'O texto não pode ficar vazio'],
      [{ ...ok, body: 'curto' }, 'body', 'O texto não pode ser menor do que 6 caracteres'],
      [{ ...ok, sendAt: new Date(Date.now() - 5 * 60_000).toISOString() }, 'sendAt', SCHEDULE_TEXTS.sendAtPast],
      [
        { ...ok, sendAt: new Date(Date.now() + 3 * 366 * 86_400_000).toISOString() },
        'sendAt',
        SCHEDULE_TEXTS.sendAtTooFar,
      ],
      [{ ...ok, sendAt: 'ontem' }, 'sendAt', SCHEDULE_TEXTS.sendAtInvalid],
      [{ ...ok, typeSchedule: 'Recorrente Mensal', repeatCount: -1 }, 'repeatCount', SCHEDULE_TEXTS.repeatInvalid],
      [{ ...ok, typeSchedule: 'Anual' }, 'typeSchedule', SCHEDULE_TEXTS.typeScheduleInvalid],
      [{ ...ok, typeMessage: 'Mídia' }, 'media', SCHEDULE_TEXTS.mediaRequired],
    ];
    for (const [body, field, text] of cases) {
      const r = await create(A, A.agent.token, body);
      expect(r.res.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'ERR_VALIDATION', message: text, fields: { [field]: text } });
    }
    // malformed multipart body JSON
    const bad = new FormData();
    bad.append('body', '{"contactId":');
    const r = await t.req('POST', `/schedules/${A.company.id}`, { token: A.agent.token, body: bad });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'ERR_VALIDATION', message: SCHEDULE_TEXTS.formInvalid });
    // a file that is not png, jpg, pdf, mp4, mp3 or ogg
    const exe = await t.req('POST', `/schedules/${A.company.id}`, {
      token: A.agent.token,
      body: form({ ...ok, typeMessage: 'Mídia', body: '' }, new File([new Uint8Array([0x4d, 0x5a, 1, 2])], 'x.png')),
    });
    expect(exe.status).toBe(400);
    expect((await exe.json()).message).toContain('Tipo de arquivo não permitido');
    // an upload over the media cap is refused before it is read (413)
    expect(bodyRuleFor('POST', `/schedules/${A.company.id}`).maxBytes).toBe(MEDIA_MAX_BYTES + 1024 * 1024);
    expect(bodyRuleFor('PUT', `/schedules/1/${A.company.id}`).maxBytes).toBe(MEDIA_MAX_BYTES + 1024 * 1024);
    const big = await t.req('POST', `/schedules/${A.company.id}`, {
      token: A.agent.token,
      body: form(ok),
      headers: { 'content-length': String(MEDIA_MAX_BYTES + 2 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe('ERR_PAYLOAD_TOO_LARGE');
    // bulk delete needs mySchedule
    const bulk = await t.req('POST', '/schedulesDelete', { token: A.admin.token, json: {} });
    expect(bulk.status).toBe(400);
    // nothing refused was stored
    expect((await repo.listSchedules(A.company.id, { search: '' }, { limit: 1, offset: 0 })).count).toBe(countBefore);
  });

  test('media: png upload stored for the company, kept on an edit without a file, dropped when it becomes text', async () => {
    const contact = await makeContact(A.company.id);
    const res = await t.req('POST', `/schedules/${A.company.id}`, {
      token: A.agent.token,
      body: form(
        { contactId: contact.id, body: '', typeMessage: 'Mídia', sendAt: inADay() },
        new File([PNG], 'folheto.png', { type: 'image/png' }),
        'Folheto de ofertas.png',
      ),
    });
    expect(res.status).toBe(200);
    const s = (await res.json()) as ScheduleDto;
    expect(s.typeMessage).toBe('Mídia');
    expect(s.mediaUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+$/);
    expect(s.mediaName).toBe('Folheto de ofertas.png');
    const file = await t.req('GET', s.mediaUrl as string, { token: A.agent.token });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect((await t.req('GET', s.mediaUrl as string, { token: B.agent.token })).status).toBe(404);

    const kept = await t.req('PUT', `/schedules/${s.id}/${A.company.id}`, {
      token: A.agent.token,
      body: form({ contactId: contact.id, body: 'Com legenda', typeMessage: 'Mídia', sendAt: s.sendAt }),
    });
    expect(await kept.json()).toMatchObject({ mediaUrl: s.mediaUrl, body: 'Com legenda' });
    const text = await t.req('PUT', `/schedules/${s.id}/${A.company.id}`, {
      token: A.agent.token,
      json: { contactId: contact.id, body: 'Agora só texto', sendAt: s.sendAt },
    });
    expect(await text.json()).toMatchObject({ typeMessage: 'Texto', mediaUrl: null, mediaName: null });
  });

  test('another company cannot see, edit or delete it (404), nor use its own ids in ours', async () => {
    const contact = await makeContact(A.company.id);
    const { body: s } = await create(A, A.admin.token, {
      contactId: contact.id,
      body: 'Só da empresa A',
      sendAt: inADay(),
    });
    const before = await repo.findSchedule(A.company.id, s.id);
    for (const token of [B.admin.token, B.agent.token]) {
      expect((await t.req('GET', `/schedules/${s.id}`, { token })).status).toBe(404);
      const put = await t.req('PUT', `/schedules/${s.id}/${B.company.id}`, {
        token,
        json: { contactId: contact.id, body: 'Invasão de B', sendAt: inADay() },
      });
      expect(put.status).toBe(404);
      const put2 = await t.req('PUT', `/schedules/${s.id}/${A.company.id}`, {
        token,
        json: { contactId: contact.id, body: 'Invasão de B', sendAt: inADay() },
      });
      expect(put2.status).toBe(404);
      expect((await t.req('DELETE', `/schedules/${s.id}`, { token })).status).toBe(404);
      const list = await (await t.req('GET', `/schedules?contactId=${contact.id}`, { token })).json();
      expect(list.schedules).toEqual([]);
      const bulk = await t.req('POST', '/schedulesDelete', { token: B.admin.token, json: { mySchedule: false } });
      expect(bulk.status).toBe(200);
    }
    expect(await repo.findSchedule(A.company.id, s.id)).toEqual(before);
    // A's form posted to B's company path
    expect(
      (await create(A, A.admin.token, { contactId: contact.id, body: 'Outra empresa', sendAt: inADay() }, B.company.id))
        .res.status,
    ).toBe(404);
    // B's contact, queue, connection or user in A's schedule
    const bContact = await makeContact(B.company.id);
    const bQueue = await makeQueue(B.company.id);
    const ok = { contactId: contact.id, body: 'Referências', sendAt: inADay() };
    expect((await create(A, A.admin.token, { ...ok, contactId: bContact.id })).res.status).toBe(404);
    expect((await create(A, A.admin.token, { ...ok, queueId: bQueue.id })).res.status).toBe(404);
    expect((await create(A, A.admin.token, { ...ok, userId: B.agent.user.id })).res.status).toBe(404);
    expect((await create(A, A.admin.token, { ...ok, whatsappId: 999_999 })).res.status).toBe(404);
  });

  test('permissions: owner or admin edits and deletes, others 403 (they may copy); bulk deletes per role', async () => {
    const tenant = await makeTenant();
    const other = await makeUser(tenant.company.id, { profile: 'user' });
    const contact = await makeContact(tenant.company.id);
    const ok = { contactId: contact.id, body: 'Mensagem do agente', sendAt: inADay() };
    const { body: s } = await create(tenant, tenant.agent.token, ok);
    // another attendant: sees it, may not edit or delete it, may copy it (create their own)
    expect((await t.req('GET', `/schedules/${s.id}`, { token: other.token })).status).toBe(200);
    const put = await t.req('PUT', `/schedules/${s.id}/${tenant.company.id}`, { token: other.token, json: ok });
    expect(put.status).toBe(403);
    expect((await put.json()).error).toBe('ERR_NO_PERMISSION');
    expect((await t.req('DELETE', `/schedules/${s.id}`, { token: other.token })).status).toBe(403);
    const copy = await create(tenant, other.token, { ...ok, body: s.body });
    expect(copy.res.status).toBe(200);
    expect(copy.body.userId).toBe(other.user.id);
    // a non-admin cannot create for someone else; an admin can
    expect((await create(tenant, other.token, { ...ok, userId: tenant.agent.user.id })).res.status).toBe(403);
    const forAgent = await create(tenant, tenant.admin.token, { ...ok, userId: tenant.agent.user.id });
    expect(forAgent.body.userId).toBe(tenant.agent.user.id);
    // the owner and an admin may edit
    const own = await t.req('PUT', `/schedules/${s.id}/${tenant.company.id}`, {
      token: tenant.agent.token,
      json: { ...ok, body: 'Editado pelo dono' },
    });
    expect(own.status).toBe(200);
    const byAdmin = await t.req('PUT', `/schedules/${s.id}/${tenant.company.id}`, {
      token: tenant.admin.token,
      json: { ...ok, body: 'Editado pelo admin' },
    });
    expect(await byAdmin.json()).toMatchObject({ body: 'Editado pelo admin', userId: tenant.agent.user.id });

    // bulk: 'my sent' and 'all mine' for everyone; 'all sent' and 'all' admins only
    const [sentMine] = await Promise.all([
      create(tenant, other.token, { ...ok, body: 'Já enviada do outro' }),
      create(tenant, tenant.agent.token, { ...ok, body: 'Já enviada do agente' }),
    ]);
    await repo.updateSchedule(tenant.company.id, sentMine.body.id, { status: 'ENVIADA', nextOccurrence: null });
    for (const json of [{ mySchedule: false }, { status: 'ENVIADA', mySchedule: false }]) {
      const r = await t.req('POST', '/schedulesDelete', { token: other.token, json });
      expect(r.status).toBe(403);
    }
    const mySent = await t.req('POST', '/schedulesDelete', {
      token: other.token,
      json: { status: 'ENVIADA', mySchedule: true, user: other.user.id },
    });
    expect(await mySent.json()).toEqual({ deleted: 1 });
    const allMine = await t.req('POST', '/schedulesDelete', { token: other.token, json: { mySchedule: true } });
    expect(await allMine.json()).toEqual({ deleted: 1 });
    const remaining = await (await t.req('GET', '/schedules', { token: tenant.admin.token })).json();
    expect(remaining.count).toBe(3);
    expect(remaining.schedules.every((x: ScheduleDto) => x.userId === tenant.agent.user.id)).toBe(true);
    const all = await t.req('POST', '/schedulesDelete', { token: tenant.admin.token, json: { mySchedule: false } });
    expect(await all.json()).toEqual({ deleted: 3 });
  });

  test('plan without schedules: every schedule route answers 403 ERR_PLAN_FEATURE_DISABLED', async () => {
    const tenant = await makeTenant();
    const contact = await makeContact(tenant.company.id);
    const { body: s } = await create(tenant, tenant.admin.token, {
      contactId: contact.id,
      body: 'Antes do plano mudar',
      sendAt: inADay(),
    });
    await db.update(companies).set({ enableSchedules: false }).where(eq(companies.id, tenant.company.id));
    invalidateActors();
    const ok = { contactId: contact.id, body: 'Depois do plano', sendAt: inADay() };
    const calls: [string, string, unknown?][] = [
      ['GET', '/schedules'],
      ['GET', `/schedules/${s.id}`],
      ['POST', `/schedules/${tenant.company.id}`, ok],
      ['PUT', `/schedules/${s.id}/${tenant.company.id}`, ok],
      ['DELETE', `/schedules/${s.id}`],
      ['POST', '/schedulesDelete', { mySchedule: true }],
    ];
    for (const [method, path, json] of calls) {
      const r = await t.req(method, path, { token: tenant.admin.token, json });
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect((await r.json()).error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    expect(await repo.findSchedule(tenant.company.id, s.id)).not.toBeNull();
  });

  test('company time zone: admins set an IANA name through the settings API; pending recurrences are re-planned in it', async () => {
    const tenant = await makeTenant();
    const contact = await makeContact(tenant.company.id);
    const settings = (token: string, json: unknown) =>
      t.req('PUT', `/companyByCompany/${tenant.company.id}`, { token, json });
    // default
    const login = await t.req('POST', '/auth/login', {
      json: { email: tenant.admin.user.email, password: 'secret123' },
    });
    expect((await login.json()).user.company.timezone).toBe('America/Sao_Paulo');
    // validation and permission
    const bad = await settings(tenant.admin.token, { timezone: 'Marte/Olimpo' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'ERR_VALIDATION', message: SCHEDULE_TEXTS.timezoneInvalid });
    expect((await settings(tenant.agent.token, { timezone: 'Europe/Lisbon' })).status).toBe(403);
    expect((await settings(B.admin.token, { timezone: 'Europe/Lisbon' })).status).toBe(404);

    // a weekly schedule on Wednesday 2027-03-24 09:00 in São Paulo (12:00Z), its second occurrence planned
    const origin = Date.parse('2027-03-24T12:00:00Z');
    const { body: s } = await create(tenant, tenant.admin.token, {
      contactId: contact.id,
      body: 'Reunião semanal',
      sendAt: new Date(origin).toISOString(),
      typeSchedule: 'Recorrente Semanal',
      repeatCount: 4,
    });
    const week = 7 * 86_400_000;
    await repo.updateSchedule(tenant.company.id, s.id, { nextOccurrence: 2, nextSendAt: new Date(origin + week) });
    // Lisbon: 12:00 WET on the 24th; Europe moves its clocks on the 28th, so 12:00 WEST on the 31st is 11:00Z
    const res = await settings(tenant.admin.token, { timezone: 'Europe/Lisbon' });
    expect(res.status).toBe(200);
    expect((await res.json()).timezone).toBe('Europe/Lisbon');
    const after = (await repo.findSchedule(tenant.company.id, s.id)) as ScheduleDto;
    expect(after.nextSendAt).toBe('2027-03-31T11:00:00.000Z');
    expect(await t.platform.jobs.get(`schedule-${s.id}-2-${Date.parse('2027-03-31T11:00:00Z')}`)).toMatchObject({
      state: 'delayed',
    });
    expect(await t.platform.jobs.get(`schedule-${s.id}-2-${origin + week}`)).toBeNull();
  });
});
