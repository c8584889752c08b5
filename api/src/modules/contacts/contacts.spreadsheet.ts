import type { ContactDto } from '@zapdesk/core';
import ExcelJS from 'exceljs';

/**
 * Spreadsheet (xlsx) reading and writing for the contacts import, template and export. Pure of the database:
 * the service feeds rows in and gets rows out.
 */
export const IMPORT_COLUMNS = ['name', 'number', 'email'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Header spellings accepted per column (lower-cased, accents stripped). */
const HEADER_ALIASES: Record<ImportColumn, string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'celular', 'fone', 'telefono'],
  email: ['email', 'e-mail', 'mail', 'correo'],
};

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export type SheetRow = { row: number; name: string; number: string; email: string };

export class SpreadsheetError extends Error {}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** Text of a cell whatever exceljs made of it (number, rich text, hyperlink, formula result, date). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in v && v.text !== undefined) return cellText(v.text as ExcelJS.CellValue);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('hyperlink' in v)
      return String(v.hyperlink)
        .replace(/^mailto:/i, '')
        .trim();
  }
  return '';
}

/**
 * Rows of the first worksheet, located by the header row (row 1): `name`, `number`, `email` (and their pt-BR/es
 * spellings). Blank rows are skipped. Throws SpreadsheetError for a file that is not a readable xlsx, has no name
 * and number columns, or too many rows.
 */
export async function readContactSheet(data: Uint8Array): Promise<SheetRow[]> {
  // an xlsx is a zip: refuse anything else before handing it to the parser
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) {
    throw new SpreadsheetError('Envie uma planilha .xlsx');
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  } catch {
    throw new SpreadsheetError('Envie uma planilha .xlsx');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SpreadsheetError('A planilha está vazia');
  const cols: Partial<Record<ImportColumn, number>> = {};
  ws.getRow(1).eachCell((cell, col) => {
    const h = fold(cellText(cell.value));
    for (const key of IMPORT_COLUMNS) {
      if (cols[key] === undefined && HEADER_ALIASES[key].includes(h)) cols[key] = col;
    }
  });
  if (cols.name === undefined || cols.number === undefined) {
    throw new SpreadsheetError('A planilha precisa das colunas name e number (veja o modelo)');
  }
  if (ws.rowCount - 1 > MAX_IMPORT_ROWS) {
    throw new SpreadsheetError(`A planilha excede o limite de ${MAX_IMPORT_ROWS} linhas`);
  }
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (col: number | undefined) => (col === undefined ? '' : cellText(r.getCell(col).value));
    const row = { row: rowNumber, name: get(cols.name), number: get(cols.number), email: get(cols.email) };
    if (row.name || row.number || row.email) rows.push(row);
  });
  return rows;
}

function styledSheet(wb: ExcelJS.Workbook, name: string, columns: { header: string; key: string; width: number }[]) {
  const ws = wb.addWorksheet(name);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  // numbers as text so Excel keeps leading zeros and does not print 5.51E+12
  ws.getColumn('number').numFmt = '@';
  return ws;
}

/** The import model: the three columns and one example row. */
export async function contactTemplate(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = styledSheet(wb, 'contatos', [
    { header: 'name', key: 'name', width: 30 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 30 },
  ]);
  ws.addRow({ name: 'Maria Silva', number: '5511987654321', email: 'maria@exemplo.com.br' });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The export: the import columns first (so an export can be imported back), then categories and extra info. */
export async function contactExport(pages: AsyncIterable<ContactDto[]>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = styledSheet(wb, 'contatos', [
    { header: 'name', key: 'name', width: 30 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 30 },
    { header: 'categories', key: 'categories', width: 30 },
    { header: 'extraInfo', key: 'extraInfo', width: 40 },
    { header: 'createdAt', key: 'createdAt', width: 24 },
  ]);
  for await (const page of pages) {
    for (const c of page) {
      ws.addRow({
        name: c.name,
        number: c.number,
        email: c.email,
        categories: c.categoryContacts.map((x) => x.name).join(', '),
        extraInfo: c.extraInfo.map((e) => `${e.name}: ${e.value}`).join('; '),
        createdAt: c.createdAt,
      });
    }
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
