import { now as clockNow } from '../clock';
import { platform } from '../index';
import { httpCepLookup, httpCnpjLookup } from './brasilapi-adapter';
import { fakeCepLookup, fakeCnpjLookup } from './fake-lookups';
import type { CepInfo, CepLookupPort, CnpjInfo, CnpjLookupPort } from './port';

export { type CepInfo, type CepLookupPort, type CnpjInfo, type CnpjLookupPort, LookupError } from './port';

type LookupEnv = { cnpjLookupUrl?: string; cepLookupUrl?: string; lookupTimeoutMs: number };

/** The adapters for the environment: the HTTP services when their URL is set, else the embedded fakes. */
export function lookupsFromEnv(env: LookupEnv): { cnpj: CnpjLookupPort; cep: CepLookupPort } {
  return {
    cnpj: env.cnpjLookupUrl
      ? httpCnpjLookup({ url: env.cnpjLookupUrl, timeoutMs: env.lookupTimeoutMs })
      : fakeCnpjLookup,
    cep: env.cepLookupUrl ? httpCepLookup({ url: env.cepLookupUrl, timeoutMs: env.lookupTimeoutMs }) : fakeCepLookup,
  };
}

let current: { cnpj?: CnpjLookupPort; cep?: CepLookupPort } = {};

/** Tests swap adapters (and empty the cache); undefined goes back to the environment's. */
export function useLookups(ports: { cnpj?: CnpjLookupPort; cep?: CepLookupPort }): void {
  current = ports;
  cache.clear();
}

function ports() {
  const env = lookupsFromEnv(platform().env);
  return { cnpj: current.cnpj ?? env.cnpj, cep: current.cep ?? env.cep };
}

/**
 * In-memory cache of answers: a company or an address rarely changes, and the public services throttle. Found
 * answers live 24 h, "not found" 10 min (a CNPJ just registered appears soon); failures are not kept. At most
 * CACHE_MAX entries, the oldest dropped first.
 */
const FOUND_TTL_MS = 24 * 3600_000;
const MISSING_TTL_MS = 10 * 60_000;
const CACHE_MAX = 2_000;
const cache = new Map<string, { value: unknown; until: number }>();

async function cached<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
  const now = clockNow();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.value as T | null;
  const value = await load();
  cache.delete(key);
  cache.set(key, { value, until: now + (value ? FOUND_TTL_MS : MISSING_TTL_MS) });
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return value;
}

/** A company by CNPJ (14 characters, normalized): null when unknown; LookupError on failure or timeout. */
export function lookupCnpj(cnpj: string): Promise<CnpjInfo | null> {
  const port = ports().cnpj;
  return cached(`cnpj:${port.kind}:${cnpj}`, () => port.cnpj(cnpj));
}

/** An address by CEP (8 digits): null when unknown; LookupError on failure or timeout. */
export function lookupCep(cep: string): Promise<CepInfo | null> {
  const port = ports().cep;
  return cached(`cep:${port.kind}:${cep}`, () => port.cep(cep));
}
