import type { CepInfo, CepLookupPort, CnpjInfo, CnpjLookupPort } from './port';

/**
 * The embedded fakes (no CNPJ_LOOKUP_URL / CEP_LOOKUP_URL: the demo and every test): a few companies (valid CNPJs,
 * one alphanumeric) and CEPs of well-known addresses. Anything else is "not found".
 */
export const FAKE_COMPANIES: Readonly<Record<string, CnpjInfo>> = {
  '11222333000181': {
    nome: 'EXEMPLO COMERCIO DE ELETRONICOS LTDA',
    fantasia: 'Exemplo Eletrônicos',
    cep: '01310100',
    logradouro: 'AVENIDA PAULISTA',
    numero: '1000',
    complemento: 'ANDAR 10',
    bairro: 'BELA VISTA',
    municipio: 'SAO PAULO',
    uf: 'SP',
  },
  '45723174000110': {
    nome: 'PADARIA PAO QUENTE LTDA',
    fantasia: 'Pão Quente',
    cep: '22070000',
    logradouro: 'AVENIDA ATLANTICA',
    numero: '1702',
    complemento: 'LOJA B',
    bairro: 'COPACABANA',
    municipio: 'RIO DE JANEIRO',
    uf: 'RJ',
  },
  '19119119000106': {
    nome: 'CLINICA SORRISO SERVICOS ODONTOLOGICOS LTDA',
    fantasia: 'Clínica Sorriso',
    cep: '30140010',
    logradouro: 'PRACA DA LIBERDADE',
    numero: '50',
    complemento: '',
    bairro: 'FUNCIONARIOS',
    municipio: 'BELO HORIZONTE',
    uf: 'MG',
  },
  // an alphanumeric CNPJ (issued from July 2026)
  '12ABC34501DE35': {
    nome: 'NOVA ERA TECNOLOGIA LTDA',
    fantasia: 'Nova Era Tech',
    cep: '40026280',
    logradouro: 'LARGO DO PELOURINHO',
    numero: '12',
    complemento: 'SALA 3',
    bairro: 'PELOURINHO',
    municipio: 'SALVADOR',
    uf: 'BA',
  },
};

export const FAKE_CEPS: Readonly<Record<string, CepInfo>> = {
  '01310100': {
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    municipio: 'São Paulo',
    uf: 'SP',
  },
  '01001000': {
    cep: '01001000',
    logradouro: 'Praça da Sé',
    complemento: 'lado ímpar',
    bairro: 'Sé',
    municipio: 'São Paulo',
    uf: 'SP',
  },
  '22070000': {
    cep: '22070000',
    logradouro: 'Avenida Atlântica',
    complemento: '',
    bairro: 'Copacabana',
    municipio: 'Rio de Janeiro',
    uf: 'RJ',
  },
  '30140010': {
    cep: '30140010',
    logradouro: 'Praça da Liberdade',
    complemento: '',
    bairro: 'Funcionários',
    municipio: 'Belo Horizonte',
    uf: 'MG',
  },
  '40026280': {
    cep: '40026280',
    logradouro: 'Largo do Pelourinho',
    complemento: '',
    bairro: 'Pelourinho',
    municipio: 'Salvador',
    uf: 'BA',
  },
  '70100000': {
    cep: '70100000',
    logradouro: 'Praça dos Três Poderes',
    complemento: '',
    bairro: 'Zona Cívico-Administrativa',
    municipio: 'Brasília',
    uf: 'DF',
  },
};

export const fakeCnpjLookup: CnpjLookupPort = {
  kind: 'fake',
  async cnpj(cnpj) {
    const hit = FAKE_COMPANIES[cnpj];
    return hit ? { ...hit } : null;
  },
};

export const fakeCepLookup: CepLookupPort = {
  kind: 'fake',
  async cep(cep) {
    const hit = FAKE_CEPS[cep];
    return hit ? { ...hit } : null;
  },
};

export type FakeLookupServer = {
  url: string;
  /** paths requested, newest last */
  requests: string[];
  configure(opts: { hangNext?: number; failNext?: number }): void;
  close(): Promise<void>;
};

/**
 * The fakes as a BrasilAPI-compatible HTTP server on 127.0.0.1 (for the real adapter's tests): `GET /cnpj/{cnpj}`
 * answers BrasilAPI's CNPJ shape, `GET /cep/{cep}` BrasilAPI's CEP v1 shape, `GET /viacep/{cep}` ViaCEP's;
 * unknown numbers 404. It can be told to hang (the caller's timeout) or fail (500).
 */
export function startFakeLookupServer(): FakeLookupServer {
  const state = { hangNext: 0, failNext: 0 };
  const requests: string[] = [];
  const hanging = new Set<() => void>();
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const { pathname } = new URL(req.url);
      requests.push(pathname);
      if (state.hangNext > 0) {
        state.hangNext--;
        await new Promise<void>((resolve) => hanging.add(resolve));
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      }
      if (state.failNext > 0) {
        state.failNext--;
        return new Response('unavailable', { status: 500 });
      }
      const [, kind, id] = pathname.split('/');
      if (kind === 'cnpj') {
        const c = FAKE_COMPANIES[id ?? ''];
        if (!c) return Response.json({ message: 'CNPJ não encontrado' }, { status: 404 });
        return Response.json({
          cnpj: id,
          razao_social: c.nome,
          nome_fantasia: c.fantasia,
          cep: c.cep,
          descricao_tipo_de_logradouro: c.logradouro.split(' ')[0],
          logradouro: c.logradouro.split(' ').slice(1).join(' '),
          numero: c.numero,
          complemento: c.complemento,
          bairro: c.bairro,
          municipio: c.municipio,
          uf: c.uf,
        });
      }
      const a = FAKE_CEPS[id ?? ''];
      if (kind === 'cep') {
        if (!a) return Response.json({ message: 'CEP não encontrado' }, { status: 404 });
        return Response.json({
          cep: a.cep,
          state: a.uf,
          city: a.municipio,
          neighborhood: a.bairro,
          street: a.logradouro,
          service: 'fake',
        });
      }
      if (kind === 'viacep') {
        // ViaCEP answers 200 { erro: true } for an unknown CEP
        if (!a) return Response.json({ erro: 'true' });
        return Response.json({
          cep: `${a.cep.slice(0, 5)}-${a.cep.slice(5)}`,
          logradouro: a.logradouro,
          complemento: a.complemento,
          bairro: a.bairro,
          localidade: a.municipio,
          uf: a.uf,
        });
      }
      return new Response('not found', { status: 404 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    configure(o) {
      if (o.hangNext !== undefined) state.hangNext = o.hangNext;
      if (o.failNext !== undefined) state.failNext = o.failNext;
    },
    async close() {
      for (const r of hanging) r();
      hanging.clear();
      await server.stop(true);
    },
  };
}
