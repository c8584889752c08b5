import { type CepInfo, type CepLookupPort, type CnpjInfo, type CnpjLookupPort, LookupError } from './port';

/** the most bytes of an answer we read (a CNPJ record with its partners is a few kB) */
const MAX_ANSWER_BYTES = 256 * 1024;

type Json = Record<string, unknown>;

const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim().slice(0, 200) : typeof v === 'number' ? String(v) : '';
const digits = (v: unknown): string => str(v).replace(/\D/g, '');

/** `{base}/{id}`, or the base with `{id}` replaced when it holds one (ViaCEP: https://viacep.com.br/ws/{id}/json) */
export function lookupUrl(base: string, id: string): string {
  const v = encodeURIComponent(id);
  return base.includes('{id}') ? base.replace('{id}', v) : `${base.replace(/\/+$/, '')}/${v}`;
}

/**
 * One GET bounded by `timeoutMs`: the JSON object, or null for 404/400 (not found, malformed number); LookupError
 * for anything else (a timeout never hangs the caller).
 */
async function getJson(url: string, timeoutMs: number): Promise<Json | null> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  try {
    const res = await fetch(url, {
      signal: ac.signal,
      redirect: 'error',
      headers: { accept: 'application/json', 'user-agent': 'ZapDesk/1.0' },
    });
    if (res.status === 404 || res.status === 400) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new LookupError(`lookup answered ${res.status}`, 'error');
    }
    const text = await res.text();
    if (text.length > MAX_ANSWER_BYTES) throw new LookupError('lookup answer too large', 'error');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new LookupError('lookup answer is not JSON', 'error');
    }
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw new LookupError('lookup answer is not an object', 'error');
    return data as Json;
  } catch (err) {
    if (err instanceof LookupError) throw err;
    if (ac.signal.aborted) throw new LookupError('lookup timeout', 'timeout');
    throw new LookupError(`lookup unreachable: ${String((err as Error)?.message ?? err).slice(0, 200)}`, 'error');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * BrasilAPI's CNPJ API (`GET {url}/{cnpj}` → razao_social, nome_fantasia, descricao_tipo_de_logradouro + logradouro,
 * numero, complemento, bairro, municipio, uf, cep), also the ReceitaWS-style names (nome, fantasia) some mirrors use.
 */
export function httpCnpjLookup(opts: { url: string; timeoutMs: number }): CnpjLookupPort {
  return {
    kind: 'http',
    async cnpj(cnpj) {
      const d = await getJson(lookupUrl(opts.url, cnpj), opts.timeoutMs);
      if (!d) return null;
      const nome = str(d.razao_social) || str(d.nome);
      if (!nome) return null;
      const street = [str(d.descricao_tipo_de_logradouro), str(d.logradouro)].filter(Boolean).join(' ');
      const info: CnpjInfo = {
        nome,
        fantasia: str(d.nome_fantasia) || str(d.fantasia),
        cep: digits(d.cep),
        logradouro: street,
        numero: str(d.numero),
        complemento: str(d.complemento),
        bairro: str(d.bairro),
        municipio: str(d.municipio),
        uf: str(d.uf),
      };
      return info;
    },
  };
}

/**
 * A CEP service: BrasilAPI's CEP v1/v2 (`{url}/{cep}` → street, neighborhood, city, state) or ViaCEP
 * (CEP_LOOKUP_URL=https://viacep.com.br/ws/{id}/json → logradouro, complemento, bairro, localidade, uf; its
 * `{ erro: true }` is "not found").
 */
export function httpCepLookup(opts: { url: string; timeoutMs: number }): CepLookupPort {
  return {
    kind: 'http',
    async cep(cep) {
      const d = await getJson(lookupUrl(opts.url, cep), opts.timeoutMs);
      if (!d || d.erro === true || d.erro === 'true') return null;
      const info: CepInfo = {
        cep: digits(d.cep) || cep,
        logradouro: str(d.street) || str(d.logradouro),
        complemento: str(d.complemento),
        bairro: str(d.neighborhood) || str(d.bairro),
        municipio: str(d.city) || str(d.localidade),
        uf: str(d.state) || str(d.uf),
      };
      if (!info.municipio && !info.logradouro) return null;
      return info;
    },
  };
}
