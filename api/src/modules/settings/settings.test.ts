import { describe, expect, test } from 'bun:test';
import { makeGroup, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';

const { t, events } = useTestApp();
const { A, B } = useTenantPair();

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0a, 0x49,
  0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00,
  0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

function put(token: string, companyId: number, parts: { body?: unknown; media?: Uint8Array; mediaName?: string }) {
  const form = new FormData();
  if (parts.body !== undefined)
    form.append('body', typeof parts.body === 'string' ? parts.body : JSON.stringify(parts.body));
  if (parts.media) form.append('media', new File([parts.media as Uint8Array<ArrayBuffer>], 'logo.png'));
  if (parts.mediaName) form.append('mediaName', parts.mediaName);
  return t.req('PUT', `/companyByCompany/${companyId}`, { token, body: form });
}

describe('PUT /companyByCompany/{companyId}', () => {
  test('admin sets name, slogan and a png logo served to the company; emits company-{companyId}', async () => {
    const res = await put(A.admin.token, A.company.id, {
      body: { companyName: 'Acme Atendimento', slogan: 'Sempre perto' },
      media: PNG,
      mediaName: 'acme.png',
    });
    expect(res.status).toBe(200);
    const company = await res.json();
    expect(company).toMatchObject({ id: A.company.id, companyName: 'Acme Atendimento', slogan: 'Sempre perto' });
    expect(company.logoUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+$/);
    const logo = await t.req('GET', company.logoUrl, { token: A.agent.token });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG);
    // another company's users cannot load it
    expect((await t.req('GET', company.logoUrl, { token: B.admin.token })).status).toBe(404);
    const ev = events.find((e) => e.channel === `company-${A.company.id}`);
    expect(ev?.data).toMatchObject({ action: 'update', company: { companyName: 'Acme Atendimento' } });
    expect(ev?.companyId).toBe(A.company.id);
  });

  test('name alias, partial update keeps the rest, empty clears, removeLogo', async () => {
    await put(A.admin.token, A.company.id, { body: { companyName: 'Primeiro', slogan: 'Slogan' }, media: PNG });
    const alias = await (await put(A.admin.token, A.company.id, { body: { name: 'Segundo' } })).json();
    expect(alias).toMatchObject({ companyName: 'Segundo', slogan: 'Slogan' });
    expect(alias.logoUrl).not.toBeNull();
    const cleared = await (await put(A.admin.token, A.company.id, { body: { slogan: '', removeLogo: true } })).json();
    expect(cleared).toMatchObject({ companyName: 'Segundo', slogan: null, logoUrl: null });
  });

  test('a JSON body (no logo) is accepted too', async () => {
    const res = await t.req('PUT', `/companyByCompany/${A.company.id}`, {
      token: A.admin.token,
      json: { companyName: 'Via JSON', slogan: 'Também' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ companyName: 'Via JSON', slogan: 'Também' });
    const bad = await t.req('PUT', `/companyByCompany/${A.company.id}`, {
      token: A.admin.token,
      json: { companyName: 'x'.repeat(60) },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Too Long!'); // a NUL character is refused before the database (found by the route sweep)
    const nul = await t.req('PUT', `/companyByCompany/${A.company.id}`, {
      token: A.admin.token,
      json: { companyName: 'a\u0000b' },
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Caractere inválido' });
  });

  test('png and jpg only, size-capped; broken body JSON is a 400', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 fake');
    const wrong = await put(A.admin.token, A.company.id, { media: pdf });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      message: 'A logo deve ser uma imagem PNG ou JPG',
    });
    const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect((await put(A.admin.token, A.company.id, { media: jpg })).status).toBe(200);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG);
    const tooBig = await put(A.admin.token, A.company.id, { media: big });
    expect(tooBig.status).toBeGreaterThanOrEqual(400);
    expect(tooBig.status).toBeLessThan(500);
    expect((await tooBig.json()).message).toBe('A logo deve ter no máximo 2 MB');
    const broken = await put(A.admin.token, A.company.id, { body: '{nope' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('Dados da empresa inválidos');
    const long = await put(A.admin.token, A.company.id, { body: { companyName: 'x'.repeat(51) } });
    expect((await long.json()).message).toBe('Too Long!');
  });

  test('agents and admins without administration are refused; another company id answers 404', async () => {
    const agent = await put(A.agent.token, A.company.id, { body: { companyName: 'Hack' } });
    expect(agent.status).toBe(403);
    const g = await makeGroup(A.company.id, { enableAdministration: false });
    const limited = await makeUser(A.company.id, { profile: 'admin', userAuthorizationId: g.id });
    expect((await put(limited.token, A.company.id, { body: { companyName: 'Hack' } })).status).toBe(403);
    const other = await put(A.admin.token, B.company.id, { body: { companyName: 'Invasão' } });
    expect(other.status).toBe(404);
    const missing = await put(A.admin.token, 999999, { body: { companyName: 'Nada' } });
    expect(missing.status).toBe(404);
    expect((await put(A.admin.token, A.company.id, { body: { companyName: 'Ok' } })).status).toBe(200);
  });
});
