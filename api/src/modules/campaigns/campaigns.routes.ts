import { CampaignListQuery, DispatchListQuery, DomainError, IdParam } from '@zapdesk/core';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { BODY_TEXT, errorBody } from '../../platform/http/errors';
import { requireCap } from '../../platform/http/policy';
import { assertNoNul, readJsonBody, validate } from '../../platform/http/validate';
import { rateLimiter } from '../../platform/ratelimit';
import {
  type CampaignUpload,
  createCampaign,
  createCampaignV1,
  deleteCampaign,
  deleteCampaignDispatch,
  importSendListSheet,
  listCampaignDispatches,
  listCampaigns,
  SEND_LIST_SHEET_TEXTS,
  showCampaign,
  updateCampaign,
} from './campaigns.service';
import { SEND_LIST_SHEET_MAX_BYTES, sendListModel } from './campaigns.spreadsheet';

const CampaignIdParam = z.object({ campaignId: IdParam.shape.id });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Campaign creations per company (POST /Campaign and the v1 API together) in a 10-minute window. */
export const CAMPAIGN_CREATE_RULE = { limit: 30, windowMs: 10 * 60_000 };
const CREATE_LIMITED = 'Muitas campanhas criadas em pouco tempo. Aguarde e tente novamente.';

const createKey = (companyId: number) => `campaigns:create:${companyId}`;

/**
 * Checked before the body (up to 100,000 contacts) is read: a company over its creations is refused at once. Only
 * campaigns actually created count (`countCreation`), so a refused request does not use up the allowance.
 */
const createRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const s = await rateLimiter().peek(createKey(c.get('ctx').companyId), CAMPAIGN_CREATE_RULE);
  if (s.limited) {
    c.header('Retry-After', String(s.retryAfterS));
    return c.json(errorBody('ERR_TOO_MANY_REQUESTS', CREATE_LIMITED), 429);
  }
  await next();
});

const countCreation = (companyId: number) => rateLimiter().hit(createKey(companyId), CAMPAIGN_CREATE_RULE);

async function jsonObject(req: Request, notJsonText?: string): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req, notJsonText);
  assertNoNul(body);
  return body;
}

const uploadOf = async (f: FormDataEntryValue): Promise<CampaignUpload | null> =>
  f instanceof File && f.size > 0
    ? { data: new Uint8Array(await f.arrayBuffer()), mimeType: f.type, fileName: f.name }
    : null;

/**
 * The v1 multipart: `campaign` (JSON text), `campaignSetupId`, `messageMedias` (one part per message) and, ours,
 * `sendListFile` (an .xlsx with the model's columns, added to the JSON's sendList: one request for a big list).
 */
async function v1Form(req: Request) {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  let campaign: unknown;
  let campaignSetupId: unknown;
  let medias: FormDataEntryValue[] = [];
  let sheet: FormDataEntryValue | null = null;
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData().catch(() => {
      throw new DomainError('ERR_VALIDATION', 'Formulário inválido');
    });
    campaign = form.get('campaign') ?? undefined;
    campaignSetupId = form.get('campaignSetupId') ?? undefined;
    medias = form.getAll('messageMedias');
    sheet = form.get('sendListFile');
  } else {
    const body = await jsonObject(req, BODY_TEXT.notJsonOrMultipart);
    campaign = body.campaign ?? body;
    campaignSetupId = body.campaignSetupId;
  }
  if (typeof campaign === 'string') {
    // parsed here only to refuse a NUL character; text that is not JSON is left to the schema's message
    try {
      campaign = JSON.parse(campaign);
    } catch {}
  }
  if (campaign !== undefined) assertNoNul(campaign);
  if (sheet instanceof File && sheet.size > SEND_LIST_SHEET_MAX_BYTES) {
    throw new DomainError('ERR_PAYLOAD_TOO_LARGE', SEND_LIST_SHEET_TEXTS.tooLarge);
  }
  return {
    campaign,
    campaignSetupId,
    messageMedias: await Promise.all(medias.map(uploadOf)),
    sendListFile: sheet ? ((await uploadOf(sheet))?.data ?? null) : null,
  };
}

const SheetForm = z
  .object({ file: z.unknown().optional(), spreadsheet: z.unknown().optional() })
  .transform((f) => f.file ?? f.spreadsheet)
  .pipe(z.instanceof(File, { error: SEND_LIST_SHEET_TEXTS.notXlsx }));

/**
 * Spec 2 §7 Campaigns: GET /Campaign/ (searchParam, pageNumber, user), GET /Campaign/{id} (campaign and dispatchs),
 * POST /Campaign, PUT /campaign/{id}, DELETE /campaign/{id}, GET /CampaignDispatch/{campaignId} (pageNumber; count,
 * sentCount, failCount), DELETE /CampaignDispatch/{id}, POST /api/campaign/v1 (the creator's multipart). Ours: the
 * creator's Excel import and its model (POST /CampaignSendList/import, GET /CampaignSendList/model).
 * START/PAUSE/Concluir (`/CampaignProcess/…`) are the engine's (modules/campaign-engine).
 */
export const campaignsRoutes = new Hono<AppEnv>()
  .get('/Campaign', requireAuth, validate('query', CampaignListQuery), async (c) =>
    c.json(await listCampaigns(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/Campaign/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await showCampaign(c.get('ctx'), c.req.valid('param').id), 200),
  )
  // bodies up to the send list's size (platform/http/body-limit.ts)
  .post('/Campaign', requireAuth, requireCap('useCampaigns'), createRateLimit, async (c) => {
    const created = await createCampaign(c.get('ctx'), await jsonObject(c.req.raw));
    await countCreation(created.companyId);
    return c.json(created, 200);
  })
  .put('/campaign/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await updateCampaign(c.get('ctx'), c.req.valid('param').id, await jsonObject(c.req.raw)), 200),
  )
  .delete('/campaign/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteCampaign(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Campanha excluída' }, 200);
  })
  .get(
    '/CampaignDispatch/:campaignId',
    requireAuth,
    validate('param', CampaignIdParam),
    validate('query', DispatchListQuery),
    async (c) =>
      c.json(
        await listCampaignDispatches(c.get('ctx'), c.req.valid('param').campaignId, c.req.valid('query').pageNumber),
        200,
      ),
  )
  .delete('/CampaignDispatch/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteCampaignDispatch(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Envio excluído' }, 200);
  })
  .post('/api/campaign/v1', requireAuth, requireCap('useCampaigns'), createRateLimit, async (c) => {
    const created = await createCampaignV1(c.get('ctx'), await v1Form(c.req.raw));
    await countCreation(created.companyId);
    return c.json(created, 200);
  })
  .post('/CampaignSendList/import', requireAuth, requireCap('useCampaigns'), validate('form', SheetForm), async (c) => {
    const file = c.req.valid('form');
    if (file.size > SEND_LIST_SHEET_MAX_BYTES) {
      return c.json(errorBody('ERR_PAYLOAD_TOO_LARGE', SEND_LIST_SHEET_TEXTS.tooLarge), 413);
    }
    return c.json(await importSendListSheet(c.get('ctx'), new Uint8Array(await file.arrayBuffer())), 200);
  })
  .get('/CampaignSendList/model', requireAuth, requireCap('useCampaigns'), async (c) =>
    c.body((await sendListModel()) as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX,
      'content-disposition': 'attachment; filename="modelo-campanha.xlsx"',
      'cache-control': 'no-store',
    }),
  );
