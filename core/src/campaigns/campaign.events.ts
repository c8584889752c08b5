import type { CampaignDispatchDto, CampaignDto, CampaignStatus } from './campaign.schemas';

/**
 * The live channel `campaign-{campaignId}` (spec 2 §7: action refresh, update or create with campaignDispatch).
 * Defined here, neutral between the campaigns area (CRUD, creation) and the campaign engine (sending), so both
 * publish the same payloads. Counters come from the rows (the manager's sent / failed numbers).
 */
export type CampaignCounters = {
  count: number;
  sentCount: number;
  failCount: number;
  uncertainCount: number;
  pendingCount: number;
  canceledCount: number;
  /** dispatches being sent now (claimed): after PAUSE or Concluir the manager shows "Pausando…" until it is 0 */
  inFlightCount?: number;
};

export type CampaignEvent =
  /**
   * a dispatch row was created (resend) or moved (claimed, greeting sent, sent, failed, uncertain, canceled); the
   * counters come with the moves that change them (a finish), not with a claim or a greeting mark
   */
  | { action: 'create' | 'update'; campaignDispatch: CampaignDispatchDto; counters?: CampaignCounters }
  /** the campaign itself changed (start, pause with its reason, finalize) or many rows at once: reload */
  | {
      action: 'refresh';
      campaignId: number;
      status: CampaignStatus;
      pauseReason: string | null;
      counters: CampaignCounters;
    }
  /** ours: a dispatch row was taken out of the list (DELETE /CampaignDispatch/{id}) */
  | { action: 'delete'; campaignDispatchId: number; counters: CampaignCounters }
  /** ours: the campaign was deleted (its rows with it: the counters are zero) */
  | { action: 'delete'; campaignId: number; counters: CampaignCounters };

/** `campaigns-{companyId}` (ours: the campaigns list; administrators only): a campaign created, changed or deleted. */
export type CampaignListEvent =
  | { action: 'create' | 'update'; campaign: CampaignDto }
  | { action: 'delete'; campaignId: number };
