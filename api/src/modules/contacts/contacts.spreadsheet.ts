import type { ContactDto } from '@zapdesk/core';
import {
  IMPORT_MAX_ENTRY_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_SHEET_TEXTS,
  ImportSheetError,
  type ImportSheetRow,
  importRowsOf,
} from '@zapdesk/core/contacts/import-sheet';
import ExcelJS from 'exceljs';
import { readXlsxRows, XlsxError } from '../../platform/spreadsheet/xlsx-rows';

/**
 * Spreadsheet (xlsx) reading and writing for the contacts import, template and export. Pure of the database:
 * the service feeds rows in and gets rows out. Columns, header spellings, limits and texts are core's
 * (contacts/import-sheet), shared with the browser's import preview.
 */
export class SpreadsheetError extends Error {
  constructor(
    message: string,
    /** an inflated size over the caps (413) rather than a malformed or too long sheet (400) */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const XLSX_TEXT = {
  notXlsx: IMPORT_SHEET_TEXTS.notXlsx,
  empty: IMPORT_SHEET_TEXTS.empty,
  tooManyRows: IMPORT_SHEET_TEXTS.tooManyRows,
  tooLarge: IMPORT_SHEET_TEXTS.tooLargeUnpacked,
} as const;

/**
 * Rows of the first worksheet, located by the header row (row 1): `name`, `number`, `email` (and their pt-BR/es
 * spellings). Blank rows are skipped. Read as a stream with hard caps (platform/spreadsheet/xlsx-rows): declared
 * dimension and sizes are checked before parsing, and reading stops at the row and size caps. Throws
 * SpreadsheetError for a file that is not a readable xlsx, is too big once inflated, has no name and number
 * columns, or too many rows.
 */
export async function readContactSheet(data: Uint8Array): Promise<ImportSheetRow[]> {
  try {
    const grid = await readXlsxRows(data, {
      maxDataRows: IMPORT_MAX_ROWS,
      maxEntryBytes: IMPORT_MAX_ENTRY_BYTES,
      maxTotalBytes: IMPORT_MAX_UNPACKED_BYTES,
    });
    return importRowsOf(grid);
  } catch (err) {
    if (err instanceof XlsxError) throw new SpreadsheetError(XLSX_TEXT[err.kind], err.kind === 'tooLarge');
    if (err instanceof ImportSheetError) throw new SpreadsheetError(err.message);
    throw err;
  }
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
