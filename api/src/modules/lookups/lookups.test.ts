import { beforeEach, describe, expect, test } from 'bun:test';
import { LOOKUP_RULE } from '@zapdesk/core';
import { httpCepLookup, httpCnpjLookup } from '../../platform/lookups/brasilapi-adapter';
import { startFakeLookupServer } from '../../platform/lookups/fake-lookups';
import { lookupsFromEnv, useLookups } from '../../platform/lookups/index';
import { rateLimiter } from '../../platform/ratelimit';
import { makeTenant, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { connectedSimulator, startChannels } from '../pipeline/pipeline.fixtures';

const { t } = useTestApp(startChannels);

async function get(path: string, token?: string) {
  const res = await t.req('GET', path, { token });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

beforeEach(async () => {
  useLookups({});
  await rateLimiter().reset('lookup:cnpj:unknown');
  await rateLimiter().reset('lookup:cep:unknown');
});

describe('GET /helper/cnpj and /helper/cep (embedded fakes, no session)', () => {
  test('the environment picks the HTTP services with their URLs, else the fakes', () => {
    expect(lookupsFromEnv({ lookupTimeoutMs: 1000 }).cnpj.kind).toBe('fake');
    const http = lookupsFromEnv({
      cnpjLookupUrl: 'http://127.0.0.1:9',
      cepLookupUrl: 'http://127.0.0.1:9',
      lookupTimeoutMs: 1,
    });
    expect([http.cnpj.kind, http.cep.kind]).toEqual(['http', 'http']);
  });

  test('a known CNPJ (formatted, numeric or alphanumeric) answers the spec fields; unknown → {}; invalid → 400', async () => {
    const a = await get('/helper/cnpj/11.222.333%2F0001-81');
    expect(a.res.status).toBe(200);
    expect(a.body).toEqual({
      nome: 'EXEMPLO COMERCIO DE ELETRONICOS LTDA',
      fantasia: 'Exemplo Eletrônicos',
      cep: '01310100',
      logradouro: 'AVENIDA PAULISTA',
      numero: '1000',
      complemento: 'ANDAR 10',
      bairro: 'BELA VISTA',
      municipio: 'SAO PAULO',
      uf: 'SP',
    });
    const alpha = await get('/helper/cnpj/12abc34501de35');
    expect(alpha.body.nome).toBe('NOVA ERA TECNOLOGIA LTDA');
    const unknown = await get('/helper/cnpj/33445566000186');
    expect([unknown.res.status, unknown.body]).toEqual([200, {}]);
    const bad = await get('/helper/cnpj/11222333000182');
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toBe('CNPJ invalido');
    const short = await get('/helper/cnpj/1122233300');
    expect(short.res.status).toBe(400);
    // a CPF is not a company
    expect((await get('/helper/cnpj/52998224725')).res.status).toBe(400);
  });

  test('a known CEP answers its address; unknown → {}; malformed → 400 CEP inválido', async () => {
    const a = await get('/helper/cep/01310-100');
    expect(a.res.status).toBe(200);
    expect(a.body).toMatchObject({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      municipio: 'São Paulo',
      uf: 'SP',
    });
    expect((await get('/helper/cep/99999999')).body).toEqual({});
    const bad = await get('/helper/cep/0131010');
    expect([bad.res.status, bad.body.message]).toEqual([400, 'CEP inválido']);
    expect((await get('/helper/cep/abcdefgh')).res.status).toBe(400);
  });

  test('rate limited per client: the 31st lookup in a minute → 429 with Retry-After', async () => {
    for (let i = 0; i < LOOKUP_RULE.limit; i++) expect((await get('/helper/cep/01001000')).res.status).toBe(200);
    const over = await get('/helper/cep/01001000');
    expect(over.res.status).toBe(429);
    expect(over.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // the CNPJ lookup counts apart
    expect((await get('/helper/cnpj/11222333000181')).res.status).toBe(200);
  });
});

describe('the HTTP adapters (against the fakes served as BrasilAPI / ViaCEP)', () => {
  test('BrasilAPI CNPJ and CEP shapes are read; answers are cached; ViaCEP through a {id} template', async () => {
    const srv = startFakeLookupServer();
    try {
      useLookups({
        cnpj: httpCnpjLookup({ url: `${srv.url}/cnpj`, timeoutMs: 2000 }),
        cep: httpCepLookup({ url: `${srv.url}/cep/`, timeoutMs: 2000 }),
      });
      const c = await get('/helper/cnpj/45723174000110');
      expect(c.body).toEqual({
        nome: 'PADARIA PAO QUENTE LTDA',
        fantasia: 'Pão Quente',
        cep: '22070000',
        logradouro: 'AVENIDA ATLANTICA',
        numero: '1702',
        complemento: 'LOJA B',
        bairro: 'COPACABANA',
        municipio: 'RIO DE JANEIRO',
        uf: 'RJ',
      });
      await get('/helper/cnpj/45723174000110');
      expect(srv.requests.filter((p) => p === '/cnpj/45723174000110')).toHaveLength(1);
      expect((await get('/helper/cnpj/33445566000186')).body).toEqual({});

      const e = await get('/helper/cep/30140010');
      expect(e.body).toEqual({
        cep: '30140010',
        logradouro: 'Praça da Liberdade',
        complemento: '',
        bairro: 'Funcionários',
        municipio: 'Belo Horizonte',
        uf: 'MG',
      });
      expect((await get('/helper/cep/99999999')).body).toEqual({});

      useLookups({ cep: httpCepLookup({ url: `${srv.url}/viacep/{id}`, timeoutMs: 2000 }) });
      expect((await get('/helper/cep/01001-000')).body).toMatchObject({
        logradouro: 'Praça da Sé',
        complemento: 'lado ímpar',
        municipio: 'São Paulo',
      });
      expect((await get('/helper/cep/99999999')).body).toEqual({});
    } finally {
      await srv.close();
    }
  });

  test('a hung or failing service is silent: 200 {} within the timeout, and the failure is not cached', async () => {
    const srv = startFakeLookupServer();
    try {
      useLookups({
        cnpj: httpCnpjLookup({ url: `${srv.url}/cnpj`, timeoutMs: 300 }),
        cep: httpCepLookup({ url: `${srv.url}/cep`, timeoutMs: 300 }),
      });
      srv.configure({ hangNext: 1 });
      const started = Date.now();
      const hung = await get('/helper/cnpj/11222333000181');
      expect([hung.res.status, hung.body]).toEqual([200, {}]);
      expect(Date.now() - started).toBeLessThan(3000);
      srv.configure({ failNext: 1 });
      expect((await get('/helper/cep/01310100')).body).toEqual({});
      // next time the service answers
      expect((await get('/helper/cnpj/11222333000181')).body.nome).toBe('EXEMPLO COMERCIO DE ELETRONICOS LTDA');
      expect((await get('/helper/cep/01310100')).body.logradouro).toBe('Avenida Paulista');
      // nothing listening at all
      useLookups({ cnpj: httpCnpjLookup({ url: 'http://127.0.0.1:9', timeoutMs: 300 }) });
      expect((await get('/helper/cnpj/11222333000181')).body).toEqual({});
    } finally {
      await srv.close();
    }
  });
});

describe('GET /helper/whatsapp/{number}', () => {
  test('through the platform company default connection: valid → normalized number; refusals and errors', async () => {
    const platformCo = await makeTenant();
    const master = await makeUser(platformCo.company.id, { profile: 'admin', master: true });
    const client = await makeTenant();
    const finance = await makeUser(client.company.id, { profile: 'admin', payPanelAccess: true });

    // no connection on the platform yet: "could not check" is an error, not "invalid"
    const none = await get('/helper/whatsapp/5511988887777', master.token);
    expect([none.res.status, none.body.error]).toEqual([404, 'ERR_NO_DEF_WAPP_FOUND']);

    await connectedSimulator(t, platformCo.admin.token, { isDefault: true });
    const ok = await get('/helper/whatsapp/55%2011%2098888-7777', master.token);
    expect(ok.res.status).toBe(200);
    expect(ok.body).toEqual({ valid: true, number: '5511988887777', message: 'Este numero possui um WhatsApp' });
    // a payPanelAccess user of another company uses the same platform connection
    const viaClient = await get('/helper/whatsapp/5521977776666', finance.token);
    expect(viaClient.body).toMatchObject({ valid: true, number: '5521977776666' });
    // the simulator says numbers starting 000 have no WhatsApp
    const invalid = await get('/helper/whatsapp/00011122233', master.token);
    expect(invalid.body).toMatchObject({ valid: false, message: 'Este numero não possui um WhatsApp' });

    for (const token of [client.admin.token, client.agent.token]) {
      expect((await get('/helper/whatsapp/5511988887777', token)).res.status).toBe(403);
    }
    expect((await get('/helper/whatsapp/5511988887777')).res.status).toBe(401);
    expect((await get('/helper/whatsapp/ab', master.token)).res.status).toBe(400);
  });
});
