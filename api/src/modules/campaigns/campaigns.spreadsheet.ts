import {
  CAMPAIGN_SHEET_COLUMNS,
  CampaignSheetError,
  campaignSheetRows,
  mergeSendList,
  SEND_LIST_MAX,
  type SendListBuild,
} from '@zapdesk/core';
import { IMPORT_SHEET_TEXTS } from '@zapdesk/core/contacts/import-sheet';
import ExcelJS from 'exceljs';
import { readXlsxRows, XlsxError } from '../../platform/spreadsheet/xlsx-rows';

/**
 * The campaign send list's spreadsheet (spec 2 §5: columns number, name_opcional, email_opcional; a downloadable
 * model). Reading goes through the house's streaming xlsx reader (zip-bomb caps, ~0.5 s for 100,000 rows); exceljs
 * writes the model. Pure of the database.
 */

const KB = 1024;
const MB = 1024 * KB;
/** The upload: 100,000 rows of three short columns are ~3 MB zipped; room for long names. */
export const SEND_LIST_SHEET_MAX_BYTES = 20 * MB;
/** Inflated: the sheet's XML (~150 bytes a row with inline strings) and the shared strings. */
const MAX_ENTRY_BYTES = 96 * MB;
const MAX_TOTAL_BYTES = 128 * MB;

export const SEND_LIST_SHEET_TEXTS = {
  notXlsx: IMPORT_SHEET_TEXTS.notXlsx,
  empty: 'A planilha está vazia',
  tooManyRows: 'A planilha excede o limite de 100000 linhas',
  tooLarge: 'Planilha muito grande (máximo 20 MB)',
  tooLargeUnpacked: 'Planilha muito grande depois de descompactada (máximo 128 MB)',
} as const;

export class SendListSheetError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** The send list of an .xlsx: rows by the header's columns, numbers normalised, short and repeated ones counted. */
export async function readSendListSheet(data: Uint8Array): Promise<SendListBuild & { rows: number }> {
  try {
    const grid = await readXlsxRows(data, {
      maxDataRows: SEND_LIST_MAX,
      maxEntryBytes: MAX_ENTRY_BYTES,
      maxTotalBytes: MAX_TOTAL_BYTES,
    });
    const rows = campaignSheetRows(grid);
    return { ...mergeSendList([], rows), rows: rows.length };
  } catch (err) {
    if (err instanceof XlsxError) {
      const text = {
        notXlsx: SEND_LIST_SHEET_TEXTS.notXlsx,
        empty: SEND_LIST_SHEET_TEXTS.empty,
        tooManyRows: SEND_LIST_SHEET_TEXTS.tooManyRows,
        tooLarge: SEND_LIST_SHEET_TEXTS.tooLargeUnpacked,
      }[err.kind];
      throw new SendListSheetError(text, err.kind === 'tooLarge');
    }
    if (err instanceof CampaignSheetError) throw new SendListSheetError(err.message);
    throw err;
  }
}

/** An .xlsx of send-list rows under the model's three columns (numbers as text: Excel keeps leading zeros). */
export async function sendListSheet(rows: readonly (readonly [string, string, string])[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contatos');
  ws.columns = CAMPAIGN_SHEET_COLUMNS.map((key) => ({ header: key, key, width: key === 'number' ? 20 : 30 }));
  ws.getRow(1).font = { bold: true };
  ws.getColumn('number').numFmt = '@';
  for (const r of rows) ws.addRow([...r]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The downloadable model: the three columns and two example rows (one with only the number). */
export function sendListModel(): Promise<Uint8Array> {
  return sendListSheet([
    ['5511987654321', 'Maria Silva', 'maria@exemplo.com.br'],
    ['5521998765432', '', ''],
  ]);
}
