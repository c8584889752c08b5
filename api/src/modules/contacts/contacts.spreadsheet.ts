import type { ContactDto } from '@zapdesk/core';
import {
  cellText,
  IMPORT_MAX_ROWS,
  IMPORT_SHEET_TEXTS,
  type ImportSheetRow,
  locateImportColumns,
} from '@zapdesk/core/contacts/import-sheet';
import ExcelJS from 'exceljs';

/**
 * Spreadsheet (xlsx) reading and writing for the contacts import, template and export. Pure of the database:
 * the service feeds rows in and gets rows out. Columns, header spellings, limits and texts are core's
 * (contacts/import-sheet), shared with the browser's import preview.
 */
export class SpreadsheetError extends Error {}

/**
 * Rows of the first worksheet, located by the header row (row 1): `name`, `number`, `email` (and their pt-BR/es
 * spellings). Blank rows are skipped. Throws SpreadsheetError for a file that is not a readable xlsx, has no name
 * and number columns, or too many rows.
 */
export async function readContactSheet(data: Uint8Array): Promise<ImportSheetRow[]> {
  // an xlsx is a zip: refuse anything else before handing it to the parser
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) {
    throw new SpreadsheetError(IMPORT_SHEET_TEXTS.notXlsx);
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  } catch {
    throw new SpreadsheetError(IMPORT_SHEET_TEXTS.notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SpreadsheetError(IMPORT_SHEET_TEXTS.empty);
  const header: string[] = [];
  ws.getRow(1).eachCell((cell, col) => {
    header[col - 1] = cellText(cell.value);
  });
  // 0-based positions; exceljs counts columns from 1
  const cols = locateImportColumns(Array.from(header, (h) => h ?? ''));
  if (cols.name === undefined || cols.number === undefined) {
    throw new SpreadsheetError(IMPORT_SHEET_TEXTS.missingColumns);
  }
  if (ws.rowCount - 1 > IMPORT_MAX_ROWS) throw new SpreadsheetError(IMPORT_SHEET_TEXTS.tooManyRows);
  const rows: ImportSheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (col: number | undefined) => (col === undefined ? '' : cellText(r.getCell(col + 1).value));
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
