import { describe, expect, test } from 'bun:test';
import { useTenantPair, useTestApp } from '../../test/use-test-app';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

const create = async (token: string, json: Record<string, unknown>) => {
  const res = await t.req('POST', '/quickAnswers', { token, json });
  return { res, body: await res.json() };
};

describe('quick answers', () => {
  test('any user creates, lists (search, pages), edits and deletes; live quickAnswer-{companyId}', async () => {
    const { res, body } = await create(A.agent.token, { shortcut: 'bomdia', message: 'Bom dia! Como posso ajudar?' });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ shortcut: 'bomdia', message: 'Bom dia! Como posso ajudar?', companyId: A.company.id });
    expect(events.some((e) => e.channel === `quickAnswer-${A.company.id}` && e.data.action === 'create')).toBe(true);

    for (let i = 0; i < 21; i++)
      await create(A.admin.token, { shortcut: `r${String(i).padStart(2, '0')}`, message: `Resposta número ${i}` });
    const p1 = await (await t.req('GET', '/quickAnswers/', { token: A.agent.token })).json();
    expect(p1.quickAnswers).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    const p2 = await (await t.req('GET', '/quickAnswers/?pageNumber=2', { token: A.agent.token })).json();
    expect(p2.quickAnswers).toHaveLength(2);
    expect(p2.hasMore).toBe(false);

    // the '/' picker: shortcut prefix first, then message matches
    await create(A.agent.token, { shortcut: 'ajuda', message: 'Texto sem a palavra' });
    const picker = await (await t.req('GET', '/quickAnswers/?searchParam=AJUD', { token: A.agent.token })).json();
    expect(picker.quickAnswers.map((q: { shortcut: string }) => q.shortcut)).toEqual(['ajuda', 'bomdia']);

    const upd = await t.req('PUT', `/quickAnswers/${body.id}`, {
      token: A.agent.token,
      json: { message: 'Bom dia, tudo bem?' },
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({ shortcut: 'bomdia', message: 'Bom dia, tudo bem?' });
    expect((await (await t.req('GET', `/quickAnswers/${body.id}`, { token: A.agent.token })).json()).message).toBe(
      'Bom dia, tudo bem?',
    );
    expect((await t.req('DELETE', `/quickAnswers/${body.id}`, { token: A.agent.token })).status).toBe(200);
    expect((await t.req('GET', `/quickAnswers/${body.id}`, { token: A.agent.token })).status).toBe(404);
    expect(events.some((e) => e.channel === `quickAnswer-${A.company.id}` && e.data.quickAnswerId === body.id)).toBe(
      true,
    );
  });

  test('validation: shortcut 2 to 15, message 8 to 30000; duplicate shortcut ERR_NAME_EXISTS', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'Mensagem longa' }, 'Required'],
      [{ shortcut: 'a', message: 'Mensagem longa' }, 'Too Short!'],
      [{ shortcut: 'a'.repeat(16), message: 'Mensagem longa' }, 'Too Long!'],
      [{ shortcut: 'ok', message: 'curta' }, 'Too Short!'],
      [{ shortcut: 'ok', message: 'x'.repeat(30001) }, 'Too Long!'],
    ];
    for (const [json, message] of cases) {
      const { res, body } = await create(A.agent.token, json);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ error: 'ERR_VALIDATION', message });
    }
    expect((await create(A.agent.token, { shortcut: 'x'.repeat(15), message: 'y'.repeat(30000) })).res.status).toBe(
      200,
    );
    await create(A.agent.token, { shortcut: 'preco', message: 'Nossos preços são...' });
    const dup = await create(A.agent.token, { shortcut: 'PRECO', message: 'Outra mensagem aqui' });
    expect(dup.res.status).toBe(409);
    expect(dup.body.error).toBe('ERR_NAME_EXISTS');
    // another company may use the same shortcut
    expect((await create(B.agent.token, { shortcut: 'preco', message: 'Nossos preços são...' })).res.status).toBe(200);
  });

  test('another company: 404 on every id route and not listed', async () => {
    const { body } = await create(A.agent.token, { shortcut: 'segredo', message: 'Mensagem da empresa A' });
    expect((await t.req('GET', `/quickAnswers/${body.id}`, { token: B.admin.token })).status).toBe(404);
    expect(
      (await t.req('PUT', `/quickAnswers/${body.id}`, { token: B.admin.token, json: { message: 'Alterada pela B!' } }))
        .status,
    ).toBe(404);
    expect((await t.req('DELETE', `/quickAnswers/${body.id}`, { token: B.admin.token })).status).toBe(404);
    const listB = await (await t.req('GET', '/quickAnswers/?searchParam=segredo', { token: B.admin.token })).json();
    expect(listB.quickAnswers).toHaveLength(0);
    expect((await t.req('GET', `/quickAnswers/${body.id}`, { token: A.agent.token })).status).toBe(200);
    expect((await t.req('GET', '/quickAnswers/')).status).toBe(401);
  });
});
