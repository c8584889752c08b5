import { describe, expect, test } from 'bun:test';
import { FLOW_TEXTS, type FlowDto, type FlowList } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { invalidateActors } from '../../platform/auth/actor';
import { db } from '../../platform/db';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { makeContact, makeTicket } from '../tickets/tickets.fixtures';

const { t, events } = useTestApp();

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);
/** a minimal zip naming word/document.xml: what the sniffer takes for a docx */
const DOCX = new Uint8Array([
  0x50,
  0x4b,
  0x03,
  0x04,
  ...Array.from('....word/document.xml....', (c) => c.charCodeAt(0)),
]);

type Err = { error: string; message: string; fields?: Record<string, string> };

const flowTenant = () => makeTenant({ enableFlows: true });

function form(fields: { name?: string; type?: string; flowActions?: unknown }, files: File[] = []): FormData {
  const f = new FormData();
  if (fields.name !== undefined) f.append('name', fields.name);
  if (fields.type !== undefined) f.append('type', fields.type);
  if (fields.flowActions !== undefined) f.append('flowActions', JSON.stringify(fields.flowActions));
  for (const file of files) f.append('mediaFile', file);
  return f;
}

const textFlow = (name = 'Boas-vindas', type = 'Chat') => ({
  name,
  type,
  flowActions: [
    { actionType: 'Composing', param: 2 },
    { actionType: 'SendText', body: 'Olá!' },
  ],
});

async function createJson(token: string, body: unknown) {
  const res = await t.req('POST', '/flows', { token, json: body });
  return { res, body: (await res.json()) as FlowDto & Err };
}

describe('flows API (spec 2 §7 Flows)', () => {
  test('create (multipart with files, JSON), show, list with type and search, update with reorder, delete; live flow-{companyId}', async () => {
    const { company, admin, agent } = await flowTenant();
    events.length = 0;
    const res = await t.req('POST', '/flows', {
      token: admin.token,
      body: form(
        {
          name: 'Apresentação do produto',
          type: 'Bot',
          flowActions: [
            { actionType: 'Recording', param: '3' },
            { actionType: 'SendMedia', mediaFileName: 'catalogo.png', body: 'Nosso catálogo' },
            { actionType: 'Delay', param: 2 },
            { actionType: 'SendMedia', mediaFileName: 'contrato.docx' },
            { actionType: 'SendText', body: 'Alguma dúvida?' },
          ],
        },
        [
          new File([PNG], 'catalogo.png', { type: 'image/png' }),
          new File([DOCX], 'contrato.docx', { type: 'application/octet-stream' }),
        ],
      ),
    });
    const flow = (await res.json()) as FlowDto;
    expect(res.status).toBe(200);
    expect(flow).toMatchObject({ name: 'Apresentação do produto', type: 'Bot', actionsCount: 5 });
    expect(flow.flowActions.map((a) => [a.order, a.actionType, a.param])).toEqual([
      [1, 'Recording', 3],
      [2, 'SendMedia', null],
      [3, 'Delay', 2],
      [4, 'SendMedia', null],
      [5, 'SendText', null],
    ]);
    expect(flow.flowActions[1]).toMatchObject({ mediaFileName: 'catalogo.png', body: 'Nosso catálogo' });
    expect(flow.flowActions[1].media).toMatch(/^\/media\/[\w-]+$/);
    expect(flow.flowActions[3].media).toMatch(/^\/media\/[\w-]+$/);
    // the stored file is served to the company
    const file = await t.req('GET', `${flow.flowActions[3].media}?token=${admin.token}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('wordprocessingml');

    const chat = await createJson(admin.token, textFlow('Saudação rápida', 'Chat'));
    expect(chat.res.status).toBe(200);
    expect(events.filter((e) => e.channel === `flow-${company.id}`).map((e) => e.data.action)).toEqual([
      'create',
      'create',
    ]);

    // list: every user of a company with flows (the chat's ';' lists Chat flows)
    const list = async (q: string, token = agent.token) =>
      (await (await t.req('GET', `/flows/${q}`, { token })).json()) as FlowList;
    expect((await list('')).flows.map((f) => f.name)).toEqual(['Apresentação do produto', 'Saudação rápida']);
    expect((await list('?type=Chat')).flows.map((f) => f.name)).toEqual(['Saudação rápida']);
    expect((await list('?type=Bot&searchParam=PRODUTO')).flows.map((f) => f.id)).toEqual([flow.id]);
    expect(await list('?searchParam=nada')).toEqual({ flows: [], count: 0, hasMore: false });
    const shown = (await (await t.req('GET', `/flows/${flow.id}`, { token: agent.token })).json()) as FlowDto;
    expect(shown.flowActions).toEqual(flow.flowActions);

    // update: reordered by drag, one saved file kept, one action dropped, name changed
    events.length = 0;
    const put = await t.req('PUT', `/flows/${flow.id}`, {
      token: admin.token,
      body: form({
        name: 'Apresentação nova',
        type: 'Chat',
        flowActions: [
          { actionType: 'SendText', body: 'Alguma dúvida?' },
          { actionType: 'SendMedia', media: flow.flowActions[1].media, mediaFileName: 'catalogo.png' },
          { actionType: 'Recording', param: 3 },
        ],
      }),
    });
    const updated = (await put.json()) as FlowDto;
    expect(put.status).toBe(200);
    expect(updated).toMatchObject({ name: 'Apresentação nova', type: 'Chat', actionsCount: 3 });
    expect(updated.flowActions.map((a) => [a.order, a.actionType, a.media])).toEqual([
      [1, 'SendText', null],
      [2, 'SendMedia', flow.flowActions[1].media],
      [3, 'Recording', null],
    ]);
    expect(events.filter((e) => e.channel === `flow-${company.id}`).map((e) => e.data)).toEqual([
      { action: 'update', flow: expect.objectContaining({ id: flow.id, name: 'Apresentação nova' }) },
    ]);

    const del = await t.req('DELETE', `/flows/${flow.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: 'Fluxo excluído' });
    expect((await t.req('GET', `/flows/${flow.id}`, { token: admin.token })).status).toBe(404);
    expect(events.at(-1)?.data).toEqual({ action: 'delete', flowId: flow.id });
  });

  test("bad input answers 400 with the spec's texts, never 500", async () => {
    const { admin } = await flowTenant();
    const bad = async (body: unknown) => {
      const r = await createJson(admin.token, body);
      expect(r.res.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
      return r.body;
    };
    expect((await bad({ ...textFlow(), name: '' })).message).toBe('O nome é obrigatório');
    expect((await bad({ ...textFlow(), name: 'Curto' })).message).toBe('O nome deve conter no mínimo 5 caracteres');
    expect((await bad({ ...textFlow(), type: undefined })).message).toBe('Selecione um tipo de fluxo');
    const action = async (a: unknown) => (await bad({ ...textFlow(), flowActions: [a] })).message;
    expect(await action({ actionType: 'SendText', body: 'x' })).toBe(FLOW_TEXTS.textTooShort);
    expect(await action({ actionType: 'Delay', param: 0 })).toBe(FLOW_TEXTS.secondsMin);
    expect(await action({ actionType: 'Composing', param: 300 })).toBe(FLOW_TEXTS.secondsMax);
    expect(await action({ actionType: 'SendMedia' })).toBe(FLOW_TEXTS.mediaRequired);
    // a stored file of another company, or a made-up one, is no file
    expect(await action({ actionType: 'SendMedia', media: '/media/AAAAAAAAAAAAAAAAAAAAAAAA' })).toBe(
      FLOW_TEXTS.mediaRequired,
    );
    // a file of a type flows do not take
    const gif = await t.req('POST', '/flows', {
      token: admin.token,
      body: form({ ...textFlow(), flowActions: [{ actionType: 'SendMedia', mediaFileName: 'a.gif' }] }, [
        new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'a.gif'),
      ]),
    });
    expect(gif.status).toBe(400);
    expect(((await gif.json()) as Err).message).toBe(FLOW_TEXTS.fileType);
    // malformed bodies
    const broken = new FormData();
    broken.append('name', 'Fluxo quebrado');
    broken.append('type', 'Chat');
    broken.append('flowActions', '{not json');
    const r = await t.req('POST', '/flows', { token: admin.token, body: broken });
    expect(r.status).toBe(400);
    expect((await t.req('POST', '/flows', { token: admin.token, json: [1] })).status).toBe(400);
    expect((await t.req('GET', '/flows?type=Outro', { token: admin.token })).status).toBe(400);
    expect((await t.req('GET', '/flows/abc', { token: admin.token })).status).toBe(400);
  });

  test('plan flag enableFlows (server-enforced); building flows is for admins', async () => {
    const { company, admin, agent } = await flowTenant();
    const created = await createJson(admin.token, textFlow());
    expect(created.res.status).toBe(200);
    const agentCreate = await createJson(agent.token, textFlow('Do atendente'));
    expect(agentCreate.res.status).toBe(403);
    expect(agentCreate.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.req('DELETE', `/flows/${created.body.id}`, { token: agent.token })).status).toBe(403);

    await db.update(companies).set({ enableFlows: false }).where(eq(companies.id, company.id));
    invalidateActors();
    for (const [method, path] of [
      ['GET', '/flows'],
      ['GET', `/flows/${created.body.id}`],
      ['DELETE', `/flows/${created.body.id}`],
    ] as const) {
      const res = await t.req(method, path, { token: admin.token });
      expect(res.status).toBe(403);
      expect(((await res.json()) as Err).error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    expect((await createJson(admin.token, textFlow('Sem plano'))).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });

  test("another company's flow or ticket is not found (404)", async () => {
    const A = await flowTenant();
    const B = await flowTenant();
    const flow = (await createJson(A.admin.token, textFlow())).body;
    const bFlow = (await createJson(B.admin.token, textFlow('Fluxo de B'))).body;
    const tok = B.admin.token;
    expect((await t.req('GET', `/flows/${flow.id}`, { token: tok })).status).toBe(404);
    expect((await t.req('PUT', `/flows/${flow.id}`, { token: tok, json: textFlow('Tomado') })).status).toBe(404);
    expect((await t.req('DELETE', `/flows/${flow.id}`, { token: tok })).status).toBe(404);
    expect(((await (await t.req('GET', '/flows', { token: tok })).json()) as FlowList).flows.map((f) => f.id)).toEqual([
      bFlow.id,
    ]);
    // running: A's flow on B's ticket and B's flow on A's ticket
    const contactB = await makeContact(B.company.id);
    const ticketB = await makeTicket(B.company.id, { contactId: contactB.id, status: 'open', userId: B.admin.user.id });
    const contactA = await makeContact(A.company.id);
    const ticketA = await makeTicket(A.company.id, { contactId: contactA.id, status: 'open', userId: A.admin.user.id });
    expect((await t.req('POST', `/flows/${flow.id}/run`, { token: tok, json: { ticketId: ticketB.id } })).status).toBe(
      404,
    );
    expect((await t.req('POST', `/flows/${bFlow.id}/run`, { token: tok, json: { ticketId: ticketA.id } })).status).toBe(
      404,
    );
    // A's flow still there, unchanged
    expect(((await (await t.req('GET', `/flows/${flow.id}`, { token: A.admin.token })).json()) as FlowDto).name).toBe(
      'Boas-vindas',
    );
  });
});
