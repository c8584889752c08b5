/**
 * Document number of a company or a sign-up (spec 3 §5): a CPF (11 digits) or a CNPJ (14), told apart by length.
 *
 * Since July 2026 the revenue service also issues ALPHANUMERIC CNPJs: 12 characters 0-9/A-Z then 2 numeric check
 * digits, computed like the numeric ones with each character's value = its ASCII code − 48 ('0'..'9' → 0..9,
 * 'A' → 17 … 'Z' → 42) and the same mod-11 weights. A value with a letter is an alphanumeric CNPJ: only the
 * formatting marks (. / - and spaces) are dropped and letters are upper-cased; "non-digits are stripped" applies to
 * the numeric form only (a letter is part of the number there). docs/DECISIONS.md "SaaS core rules".
 */
export const DOCUMENT_TEXTS = {
  invalidCpf: 'CPF invalido',
  invalidCnpj: 'CNPJ invalido',
  cpfOrCnpjLength: 'O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos',
  cnpjLength: 'O CNPJ deve conter 14 dígitos',
} as const;

export type DocumentKind = 'cpf' | 'cnpj';
export type DocumentCheck =
  | { ok: true; kind: DocumentKind; value: string }
  | { ok: false; message: (typeof DOCUMENT_TEXTS)[keyof typeof DOCUMENT_TEXTS] };

const FORMAT_MARKS = /[\s./-]/g;
const charValue = (c: string) => c.charCodeAt(0) - 48;

function checkDigit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += charValue(chars[i]) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** 11 digits, not all equal, both check digits right. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const dv = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(digits[i]) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return dv(9) === Number(digits[9]) && dv(10) === Number(digits[10]);
}

/** 14 characters: 12 of 0-9/A-Z (upper case) then 2 digits; not all equal; both check digits right. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(.)\1{13}$/.test(value)) return false;
  return checkDigit(value, CNPJ_W1) === Number(value[12]) && checkDigit(value, CNPJ_W2) === Number(value[13]);
}

/** The two check digits of a 12-character CNPJ base (numeric or alphanumeric): test data and the web's hints. */
export function cnpjCheckDigits(base12: string): string {
  const b = base12.toUpperCase();
  const d1 = checkDigit(b, CNPJ_W1);
  const d2 = checkDigit(`${b}${d1}`, CNPJ_W2);
  return `${d1}${d2}`;
}

/** The two check digits of a 9-digit CPF base. */
export function cpfCheckDigits(base9: string): string {
  const dv = (s: string) => {
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (s.length + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base9);
  return `${d1}${dv(`${base9}${d1}`)}`;
}

/** The stored form: digits only for a numeric value; marks dropped and letters upper-cased for an alphanumeric one. */
export function normalizeDocumentNumber(raw: string): string {
  const trimmed = raw.replace(FORMAT_MARKS, '');
  return /[A-Za-z]/.test(trimmed) ? trimmed.toUpperCase() : raw.replace(/\D/g, '');
}

/**
 * Spec 3 §5 with the alphanumeric CNPJ: 11 → CPF ('CPF invalido'), 14 → CNPJ ('CNPJ invalido'), 9–10 → 'O cpf deve
 * conter 11 dígitos ou o CNPJ deve conter 14 dígitos', 12–13 → 'O CNPJ deve conter 14 dígitos'. Outside the spec:
 * fewer than 9 gives the 9–10 text, more than 14 'CNPJ invalido'; an alphanumeric value is always a CNPJ (its
 * length text or 'CNPJ invalido').
 */
export function checkDocumentNumber(raw: string): DocumentCheck {
  const value = normalizeDocumentNumber(raw);
  if (/[A-Z]/.test(value)) {
    if (/[^0-9A-Z]/.test(value)) return { ok: false, message: DOCUMENT_TEXTS.invalidCnpj };
    if (value.length < 14) return { ok: false, message: DOCUMENT_TEXTS.cnpjLength };
    return isValidCnpj(value) ? { ok: true, kind: 'cnpj', value } : { ok: false, message: DOCUMENT_TEXTS.invalidCnpj };
  }
  const n = value.length;
  if (n === 11)
    return isValidCpf(value) ? { ok: true, kind: 'cpf', value } : { ok: false, message: DOCUMENT_TEXTS.invalidCpf };
  if (n === 14)
    return isValidCnpj(value) ? { ok: true, kind: 'cnpj', value } : { ok: false, message: DOCUMENT_TEXTS.invalidCnpj };
  if (n === 12 || n === 13) return { ok: false, message: DOCUMENT_TEXTS.cnpjLength };
  if (n > 14) return { ok: false, message: DOCUMENT_TEXTS.invalidCnpj };
  return { ok: false, message: DOCUMENT_TEXTS.cpfOrCnpjLength };
}

/** Which form the screen shows while typing (spec 3 "CPF or CNPJ is chosen from the digits"). */
export function documentKindOf(raw: string): DocumentKind {
  const v = normalizeDocumentNumber(raw);
  return /[A-Z]/.test(v) || v.length > 11 ? 'cnpj' : 'cpf';
}

/** 000.000.000-00 / 00.000.000/0000-00 (also alphanumeric); anything else as stored. */
export function formatDocumentNumber(stored: string | null | undefined): string {
  const v = stored ?? '';
  if (/^\d{11}$/.test(v)) return `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(v))
    return `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}`;
  return v;
}
