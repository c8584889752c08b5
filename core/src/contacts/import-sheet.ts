import { CONTACT_TEXTS, ImportOneContact } from './contact.schemas';

/**
 * The contact spreadsheet as the web reads it before a client-side import (spec 1 §4: one contact at a time,
 * 150 ms apart). Same columns, header spellings and row rules as the server's `POST /contacts/import`, so a row the
 * preview calls valid is one the server accepts.
 */
export const IMPORT_COLUMNS = ['name', 'number', 'email'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Header spellings accepted per column (compared lower-cased, accents stripped). */
export const IMPORT_HEADER_ALIASES: Record<ImportColumn, readonly string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'celular', 'fone', 'telefono'],
  email: ['email', 'e-mail', 'mail', 'correo'],
};

/** Most data rows one spreadsheet may hold (the server's limit too). */
export const IMPORT_MAX_ROWS = 10_000;

/** Largest spreadsheet accepted (the server's `POST /contacts/import` limit too). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Most bytes the server lets an uploaded .xlsx inflate to (one entry / everything it reads): a 10,000-row sheet is a
 * few MB of XML; a zip bomb is refused at these caps, declared or actual.
 */
export const IMPORT_MAX_ENTRY_BYTES = 32 * 1024 * 1024;
export const IMPORT_MAX_UNPACKED_BYTES = 48 * 1024 * 1024;

/** Spec 1 §7: the client-side import sends one contact every 150 ms. */
export const IMPORT_PACING_MS = 150;

export const IMPORT_SHEET_TEXTS = {
  notXlsx: 'Envie uma planilha .xlsx',
  tooLarge: 'Planilha muito grande (máximo 5 MB)',
  tooLargeUnpacked: 'Planilha muito grande depois de descompactada (máximo 48 MB)',
  empty: 'A planilha está vazia',
  missingColumns: 'A planilha precisa das colunas name e number (veja o modelo)',
  tooManyRows: 'A planilha excede o limite de 10000 linhas',
  repeated: 'Número repetido na planilha',
} as const;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * Text of a spreadsheet cell whatever exceljs made of it (number, rich text, hyperlink, formula result, date), for
 * the browser's preview and the server's import alike.
 */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  // phone numbers typed into Excel are numbers: print every digit, never 5.51E+12
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) {
      return (o.richText as { text?: string }[])
        .map((r) => r.text ?? '')
        .join('')
        .trim();
    }
    if ('text' in o && o.text !== undefined) return cellText(o.text);
    if ('result' in o) return cellText(o.result);
    if ('hyperlink' in o)
      return String(o.hyperlink)
        .replace(/^mailto:/i, '')
        .trim();
  }
  return '';
}

/** Column index (0-based) of each known column in a header row; the first matching header wins. */
export function locateImportColumns(header: readonly string[]): Partial<Record<ImportColumn, number>> {
  const cols: Partial<Record<ImportColumn, number>> = {};
  header.forEach((h, i) => {
    const f = fold(h ?? '');
    for (const key of IMPORT_COLUMNS) {
      if (cols[key] === undefined && IMPORT_HEADER_ALIASES[key].includes(f)) cols[key] = i;
    }
  });
  return cols;
}

/** One data row of the sheet: `row` is the spreadsheet's 1-based row number (the header is row 1). */
export type ImportSheetRow = { row: number; name: string; number: string; email: string };

/** A row refused before it is sent: `message` is the row's text (IMPORT_ROW_TEXTS, naming the field). */
export type ImportRowProblem = { row: number; field: ImportColumn; message: string; repeatedOf?: number };

export class ImportSheetError extends Error {}

/**
 * The data rows of a sheet given as text cells (row 1 = header). Blank rows are skipped. Throws ImportSheetError
 * (message = one of IMPORT_SHEET_TEXTS) when the name/number columns are missing or the sheet is too long.
 */
export function importRowsOf(grid: readonly { row: number; cells: readonly string[] }[]): ImportSheetRow[] {
  const header = grid.find((r) => r.row === 1);
  if (!header) throw new ImportSheetError(IMPORT_SHEET_TEXTS.empty);
  const cols = locateImportColumns(header.cells);
  if (cols.name === undefined || cols.number === undefined) {
    throw new ImportSheetError(IMPORT_SHEET_TEXTS.missingColumns);
  }
  const get = (cells: readonly string[], col: number | undefined) =>
    col === undefined ? '' : (cells[col] ?? '').trim();
  const rows: ImportSheetRow[] = [];
  for (const r of grid) {
    if (r.row === 1) continue;
    const row = {
      row: r.row,
      name: get(r.cells, cols.name),
      number: get(r.cells, cols.number),
      email: get(r.cells, cols.email),
    };
    if (row.name || row.number || row.email) rows.push(row);
  }
  if (rows.length > IMPORT_MAX_ROWS) throw new ImportSheetError(IMPORT_SHEET_TEXTS.tooManyRows);
  return rows;
}

export type ValidImportRow = { row: number; name: string; number: string; email: string };

/**
 * Splits rows into those worth sending (parsed with the contact form's rules; number normalised) and those refused
 * with their reason. A number repeated inside the file is refused on its later rows (`repeatedOf` = first row).
 */
export function validateImportRows(rows: readonly ImportSheetRow[]): {
  valid: ValidImportRow[];
  problems: ImportRowProblem[];
} {
  const valid: ValidImportRow[] = [];
  const problems: ImportRowProblem[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const parsed = ImportOneContact.safeParse({ name: r.name, number: r.number, email: r.email });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (IMPORT_COLUMNS as readonly string[]).includes(String(issue?.path[0]))
        ? (issue?.path[0] as ImportColumn)
        : 'name';
      problems.push({ row: r.row, field, message: importRowText(field, issue?.message ?? CONTACT_TEXTS.required) });
      continue;
    }
    const first = firstRowOf.get(parsed.data.number);
    if (first !== undefined) {
      problems.push({ row: r.row, field: 'number', message: IMPORT_SHEET_TEXTS.repeated, repeatedOf: first });
      continue;
    }
    firstRowOf.set(parsed.data.number, r.row);
    valid.push({ row: r.row, ...parsed.data });
  }
  return { valid, problems };
}

/**
 * The text of a refused import row, in Portuguese and naming its field (issue 12 point 6: a report line read
 * "E-mail: Invalid email", a Portuguese label on the form's English text). The contact form keeps the spec's texts
 * ('Too Short!'…) beside each field; a report line needs the field in the text. The web translates these texts.
 */
export const IMPORT_ROW_TEXTS = {
  nameRequired: 'Nome obrigatório',
  nameTooShort: 'Nome muito curto (mínimo 2 caracteres)',
  nameTooLong: 'Nome muito longo (máximo 50 caracteres)',
  numberRequired: 'Número obrigatório',
  numberTooShort: 'Número muito curto (mínimo 8 dígitos)',
  numberTooLong: 'Número muito longo (máximo 50 caracteres)',
  emailInvalid: 'E-mail inválido',
} as const;

const ROW_TEXT_OF: Record<ImportColumn, Record<string, string>> = {
  name: {
    [CONTACT_TEXTS.required]: IMPORT_ROW_TEXTS.nameRequired,
    [CONTACT_TEXTS.tooShort]: IMPORT_ROW_TEXTS.nameTooShort,
    [CONTACT_TEXTS.tooLong]: IMPORT_ROW_TEXTS.nameTooLong,
  },
  number: {
    [CONTACT_TEXTS.required]: IMPORT_ROW_TEXTS.numberRequired,
    [CONTACT_TEXTS.tooShort]: IMPORT_ROW_TEXTS.numberTooShort,
    [CONTACT_TEXTS.tooLong]: IMPORT_ROW_TEXTS.numberTooLong,
  },
  email: { [CONTACT_TEXTS.invalidEmail]: IMPORT_ROW_TEXTS.emailInvalid },
};

/** The import row text of a contact-form failure (`field` + the form's text); an unknown one is kept as it is. */
export function importRowText(field: ImportColumn, formText: string): string {
  return ROW_TEXT_OF[field][formText] ?? formText;
}
