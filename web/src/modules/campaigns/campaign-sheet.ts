import { CAMPAIGN_SHEET_COLUMNS, campaignSheetRows } from '@zapdesk/core';
import { readSheetGrid } from '../contacts/import/read-sheet';

/**
 * The creator's Excel import (spec 2 §5): the first sheet's rows with the columns number, name_opcional,
 * email_opcional (core `campaignSheetRows`; throws CampaignSheetError / ImportSheetError with their pt-BR text).
 */
export async function readCampaignSheet(
  file: Blob,
): Promise<{ number: string; name: string | null; email: string | null }[]> {
  return campaignSheetRows(await readSheetGrid(file));
}

/** The downloadable model: the three columns and one example row, built in the browser. */
export async function downloadCampaignModel(): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contatos');
  ws.addRow([...CAMPAIGN_SHEET_COLUMNS]);
  ws.addRow(['5511987654321', 'Maria Silva', 'maria@exemplo.com']);
  ws.getColumn(1).numFmt = '@';
  ws.columns.forEach((c) => {
    c.width = 24;
  });
  const buf = await wb.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = 'modelo-campanha.xlsx';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
