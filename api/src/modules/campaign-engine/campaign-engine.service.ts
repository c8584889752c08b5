import {
  applyDispatchMove,
  CAMPAIGN_PROCESS_ACTIONS,
  type CampaignDispatchDto,
  type CampaignDto,
  type CampaignProcessAction,
  type CampaignTypeMessage,
  DomainError,
  type UpdateCampaignActionData,
} from '@zapdesk/core';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { beginCampaignById, enqueueResend, enqueueTick, moveCampaign, publishCampaign } from './campaign-engine.engine';
import * as repo from './campaign-engine.repo';

/**
 * What the routes (and the campaigns area, the scheduled actions) ask of the engine: the process actions
 * (POST /CampaignProcess/{id}/{start|pause|finalized}), the admin's resend of an uncertain dispatch, and the begin of a
 * campaign created without a schedule. Plan flag enableCampaigns and the campaigns permission are the server's.
 */

export const ENGINE_SERVICE_TEXTS = {
  notFound: 'Campanha não encontrada.',
  dispatchNotFound: 'Envio não encontrado.',
} as const;

const notFound = () => new DomainError('ERR_NOT_FOUND', ENGINE_SERVICE_TEXTS.notFound);

/** Campaigns are an administrator's tool on a plan with enableCampaigns (core capabilities `useCampaigns`). */
function assertCampaigns(ctx: UserCtx): void {
  if (!ctx.caps.useCampaigns) {
    if (ctx.caps.isAdmin) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
    assertCan(ctx, 'useCampaigns');
  }
}

async function campaignDto(companyId: number, id: number): Promise<CampaignDto> {
  const found = await repo.loadCampaign(companyId, id);
  if (!found) throw notFound();
  const c = found.campaign;
  const [messages, conns] = await Promise.all([
    repo.campaignMessagesOf(companyId, id),
    found.setup ? repo.setupConnections(companyId, found.setup.id) : Promise.resolve([]),
  ]);
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    schedule: c.schedule?.toISOString() ?? null,
    initialized: c.initialized?.toISOString() ?? null,
    finalized: c.finalized?.toISOString() ?? null,
    userId: c.userId,
    campaignSetupId: c.campaignSetupId,
    campaignSetup: found.setup
      ? { id: found.setup.id, name: found.setup.name, whatsapps: conns.map((w) => ({ id: w.id, name: w.name })) }
      : null,
    campaignMessages: messages.map((m) => ({
      id: m.id,
      greeting: m.greeting,
      body: m.body,
      typeMessage: m.typeMessage as CampaignTypeMessage,
      mediaUrl: m.mediaUrl,
      mediaUrlVt: m.mediaUrlVt,
      mediaName: m.mediaName,
    })),
    pauseReason: c.pauseReason,
    companyId: c.companyId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The actions of a campaign, by its company (scheduled actions run them as the admin who queued them). */
export async function runCampaignAction(
  companyId: number,
  id: number,
  action: CampaignProcessAction,
): Promise<CampaignDto> {
  if (!(await repo.loadCampaign(companyId, id))) throw notFound();
  await moveCampaign(companyId, id, { type: CAMPAIGN_PROCESS_ACTIONS[action] });
  return campaignDto(companyId, id);
}

/**
 * POST /CampaignProcess/{id}/{start|pause|finalized}: START (or resume) from created, scheduled or pause; PAUSE from
 * start (takes effect before the next greeting); Concluir from any non-final state (pending rows canceled, the
 * concluded webhook called once). A move the state does not allow: 409 ERR_INVALID_CAMPAIGN_TRANSITION.
 */
export async function processCampaign(ctx: UserCtx, id: number, action: CampaignProcessAction): Promise<CampaignDto> {
  assertCampaigns(ctx);
  return runCampaignAction(ctx.companyId, id, action);
}

/**
 * A campaign created without a schedule begins (the campaigns area calls this after inserting the campaign and its
 * dispatch rows): started when the setup's autoStart is true, paused otherwise.
 */
export async function beginCampaign(ctx: Pick<UserCtx, 'companyId'>, id: number): Promise<CampaignDto> {
  await beginCampaignById(ctx.companyId, id);
  return campaignDto(ctx.companyId, id);
}

/**
 * The campaign's schedule (the creator's or the manager's dialog; null clears it): a scheduled campaign starts on
 * time through the delayed `campaigns.start` job. For the campaigns area.
 */
export async function scheduleCampaign(
  ctx: Pick<UserCtx, 'companyId'>,
  id: number,
  at: number | null,
): Promise<CampaignDto> {
  if (!(await repo.loadCampaign(ctx.companyId, id))) throw notFound();
  await moveCampaign(ctx.companyId, id, { type: 'schedule', at });
  return campaignDto(ctx.companyId, id);
}

/**
 * POST /CampaignDispatch/{id}/resend (administrators): an uncertain dispatch goes back to the list (pending,
 * resendCount + 1, its marks cleared); it is sent again when the campaign runs — or, on a finalized campaign, at once
 * by a one-off `campaigns.resend` job under the same claim, pacing and plan-limit rules (the campaign stays finalized,
 * its webhook is not called again). A paused campaign's row waits for START.
 */
export async function resendDispatch(ctx: UserCtx, id: number): Promise<CampaignDispatchDto> {
  assertCampaigns(ctx);
  const row = await repo.findDispatch(ctx.companyId, id);
  if (!row) throw new DomainError('ERR_NOT_FOUND', ENGINE_SERVICE_TEXTS.dispatchNotFound);
  const found = await repo.loadCampaign(ctx.companyId, row.campaignId);
  if (!found) throw new DomainError('ERR_NOT_FOUND', ENGINE_SERVICE_TEXTS.dispatchNotFound);
  const r = applyDispatchMove(
    {
      status: row.status,
      whatsappId: row.whatsappId,
      schedule: row.schedule?.getTime() ?? null,
      greetingSentAt: row.greetingSentAt?.getTime() ?? null,
      messageSentAt: row.messageSentAt?.getTime() ?? null,
      failReason: row.failReason,
      resendCount: row.resendCount,
    },
    { type: 'resend', byAdmin: ctx.caps.isAdmin },
  );
  if (!r.ok) throw new DomainError(r.error, r.message);
  const moved = await repo.moveDispatch(ctx.companyId, id, 'uncertain', null, {
    status: 'pending',
    whatsappId: null,
    schedule: null,
    greetingSentAt: null,
    messageSentAt: null,
    failReason: null,
    finishedAt: null,
    claimedBy: null,
    claimedAt: null,
    resendCount: r.value.patch.resendCount,
  });
  if (!moved) throw new DomainError('ERR_INVALID_CAMPAIGN_TRANSITION');
  await publishCampaign(ctx.companyId, found.campaign);
  if (found.campaign.status === 'start') await enqueueTick(ctx.companyId, found.campaign.id);
  // a finalized campaign stays finalized: this one row is sent by its own job (same claim and pacing rules)
  if (found.campaign.status === 'finalized') await enqueueResend(ctx.companyId, found.campaign.id, moved.id);
  return repo.toDispatchDto(moved);
}

/** The scheduled action `updateCampaign` ({ campaignId, status }): the same moves, as the admin who queued it. */
export async function updateCampaignAction(actor: UserCtx, data: UpdateCampaignActionData) {
  const c = await processCampaign(actor, data.campaignId, data.status);
  return { campaignId: c.id, status: c.status };
}
