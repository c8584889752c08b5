/**
 * Lookup ports of the registration forms (spec 3 "Company detail", §7 GET /helper/cnpj): a company by CNPJ and an
 * address by CEP, from public Brazilian services. Adapters: `brasilapi-adapter.ts` (any BrasilAPI- or
 * ViaCEP-compatible service: CNPJ_LOOKUP_URL, CEP_LOOKUP_URL, LOOKUP_TIMEOUT_MS) and the embedded fakes
 * (`fake-lookups.ts`) used by the demo and every test. `null` = the service does not know the number; a failure or a
 * timeout throws LookupError (the route turns both into the same silent empty answer).
 */

/** GET /helper/cnpj/{digits} (spec 3 §7): nome, fantasia, cep, logradouro, numero, complemento, bairro, municipio, uf */
export type CnpjInfo = {
  nome: string;
  fantasia: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  municipio: string;
  uf: string;
};

/** GET /helper/cep/{cep} (ours): the address of a CEP, with the CNPJ answer's field names */
export type CepInfo = {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  municipio: string;
  uf: string;
};

export type CnpjLookupPort = {
  kind: 'fake' | 'http';
  /** `cnpj`: 14 characters, digits or upper-case alphanumeric */
  cnpj(cnpj: string): Promise<CnpjInfo | null>;
};

export type CepLookupPort = {
  kind: 'fake' | 'http';
  /** `cep`: 8 digits */
  cep(cep: string): Promise<CepInfo | null>;
};

export class LookupError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'error',
  ) {
    super(message);
    this.name = 'LookupError';
  }
}
