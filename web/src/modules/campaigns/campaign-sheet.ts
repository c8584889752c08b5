import { campaignSheetRows } from '@zapdesk/core';
import { downloadFile } from '../../lib/download';
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

/** The downloadable model (`GET /CampaignSendList/model`): the three columns and an example row. */
export const downloadCampaignModel = (): Promise<void> =>
  downloadFile('/CampaignSendList/model', 'modelo-campanha.xlsx');
