import { checkDocumentNumber } from '@zapdesk/core';
import { useRef, useState } from 'react';
import type { CompanyValues } from './companies-api';
import { lookupCep, lookupCnpj } from './companies-api';

type Update = (next: (prev: CompanyValues) => CompanyValues) => void;

const keep = (current: string, found: string | undefined) => (current.trim() ? current : (found ?? '').trim());

/**
 * The CNPJ lookup of the company form (spec 3 §2 Company detail): once the document number is a valid CNPJ, the
 * public registry prefills the empty fields (name, legal name, address). A failure is silent (spec 3 §8).
 */
export function useCnpjLookup(update: Update) {
  const [busy, setBusy] = useState(false);
  const last = useRef('');
  const onDocumentChange = (raw: string) => {
    const doc = checkDocumentNumber(raw);
    if (!doc.ok || doc.kind !== 'cnpj' || doc.value === last.current) return;
    const digits = doc.value;
    last.current = digits;
    setBusy(true);
    lookupCnpj(digits)
      .then((r) => {
        if (last.current !== digits) return;
        update((x) => ({
          ...x,
          name: keep(x.name, r.fantasia || r.nome),
          companyName: keep(x.companyName, r.nome),
          address: {
            ...x.address,
            cep: keep(x.address.cep, r.cep),
            street: keep(x.address.street, r.logradouro),
            numberAddress: keep(x.address.numberAddress, r.numero),
            complement: keep(x.address.complement, r.complemento),
            district: keep(x.address.district, r.bairro),
            city: keep(x.address.city, r.municipio),
            state: keep(x.address.state, r.uf),
            country: x.address.country.trim() || 'Brasil',
          },
        }));
      })
      .catch(() => {
        // spec 3 §8: CNPJ lookup failures are silent
      })
      .finally(() => setBusy(false));
  };
  return { busy, onDocumentChange };
}

/**
 * The CEP lookup: 8 digits fill street, district, city and state (the number and complement stay); country Brasil
 * when empty. A failure is silent (spec 3 §8).
 */
export function useCepLookup(update: Update) {
  const [busy, setBusy] = useState(false);
  const last = useRef('');
  const onCepChange = (raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (digits.length !== 8 || digits === last.current) return;
    last.current = digits;
    setBusy(true);
    lookupCep(digits)
      .then((r) => {
        if (last.current !== digits) return;
        update((x) => ({
          ...x,
          address: {
            ...x.address,
            street: r.logradouro || x.address.street,
            district: r.bairro || x.address.district,
            city: r.municipio || x.address.city,
            state: r.uf || x.address.state,
            country: x.address.country.trim() || 'Brasil',
          },
        }));
      })
      .catch(() => {
        // spec 3 §8: CEP lookup failures are silent
      })
      .finally(() => setBusy(false));
  };
  return { busy, onCepChange };
}
