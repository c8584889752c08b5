import { expect } from 'bun:test';
import { CAMPAIGN_SETUP_DEFAULTS, QUEUE_PALETTE } from '@zapdesk/core';
import { and, eq, getTableColumns, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import {
  campaignDispatches,
  campaignSetups,
  campaignSetupWhatsapps,
  campaigns,
  messageRawLogs,
  whatsapps,
} from '../db/schema';
import { campaignSweepFixture } from '../modules/campaigns/campaigns.fixtures';
import { connectedSimulator, waitFor } from '../modules/pipeline/pipeline.fixtures';
import { db } from '../platform/db';
import { makeCompany, makeTenant, makeUser } from './factories';
import type { TestApp } from './harness';

/** 8-byte PNG signature + IHDR start: enough for the media sniffer. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/**
 * Every id a route may take, of one company, built through the API (the way users build data) plus the few rows
 * no route creates (raw logs come from the pipeline). `marker` is written into names and bodies so a
 * response of another company can be searched for a leak.
 */
export type RichTenant = {
  companyId: number;
  marker: string;
  admin: { id: number; token: string };
  agent: { id: number; token: string };
  master: { id: number; token: string };
  otherUserId: number;
  groupId: number;
  queueId: number;
  queue2Id: number;
  contactId: number;
  contact2Id: number;
  categoryId: number;
  tagId: number;
  quickAnswerId: number;
  whatsappId: number;
  /** the simulator's number of the inbound contact */
  inboundNumber: string;
  ticketId: number;
  /** that ticket's uuid (GET /tickets/u/{uuid}) */
  ticketUuid: string;
  /** an open ticket with our own (fromMe) message, deletable for everyone */
  openTicketId: number;
  messageId: number;
  ownMessageId: number;
  /** WhatsApp id of that message (what the simulated phone acknowledges) */
  ownMessageWid: string;
  mediaId: string;
  locationId: number;
  rawLogId: number;
  exportFile: string;
  /** a second, non-default connection and an API message token on it */
  apiWhatsappId: number;
  apiTokenId: number;
  /** that token's secret (the message API's bearer) */
  apiToken: string;
  /** a campaign setup on that connection */
  campaignSetupId: number;
  /** a created campaign of the setup, and one of its dispatches left uncertain */
  campaignId: number;
  uncertainDispatchId: number;
  /** campaigns API (issue 15): a setup for creating, a paused campaign of the admin and one of its dispatch rows */
  campaignsSetupId: number;
  managedCampaignId: number;
  campaignDispatchId: number;
  /** a scheduled action (test) queued 30 days ahead: it stays waiting */
  scheduleActionId: string;
  /** a pending schedule of the admin, a day ahead */
  scheduleId: number;
  /** a Chat flow of the admin (the company has enableFlows) */
  flowId: number;
  /** a bot setup (no connection: the bot stays out of the other fixtures' conversations) with command 1 */
  botSetupId: number;
  botCommandId: number;
  /** a second, empty bot setup (deleted by the owner's sweep) */
  botSetup2Id: number;
  /** AI (issue 17; the company has iaIntegrationEnabled): an integration and a prompt, and second ones to delete */
  integrationId: number;
  integration2Id: number;
  botConfigId: number;
  botConfig2Id: number;
  /** SaaS (issue 20): a plan with the company's own flags and limits (saving it changes nothing but the plan id), a
   * second plan and a second company, both deleted by the sweeps (names carry no marker: masters list every one) */
  planId: number;
  sparePlanId: number;
  /** billing (issue 21): an invoice of the company on that plan, and a second one the sweeps delete */
  invoiceId: number;
  spareInvoiceId: number;
  spareCompanyId: number;
  /** billing notices (issue 21): two notification subscriptions (the second deleted by the sweeps) and two templates
   * (platform-level: names carry no marker; the second deleted by the sweeps) */
  subscriptionId: number;
  subscription2Id: number;
  templateId: number;
  template2Id: number;
};

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const body = await r.text();
  if (r.status !== status) throw new Error(`fixture call answered ${r.status} (expected ${status}): ${body}`);
  return JSON.parse(body) as T;
}

let seq = 0;

/** A company with one of everything, made by its admin through the API. */
export async function buildRichTenant(t: TestApp, label: string): Promise<RichTenant> {
  const n = ++seq;
  const marker = `ZZ${label}${n}MARK`;
  const { company, admin, agent } = await makeTenant({ enableFlows: true, iaIntegrationEnabled: true });
  const companyId = company.id;
  const master = await makeUser(companyId, { profile: 'admin', master: true, name: `Master ${marker}` });
  const tok = admin.token;
  const post = <T>(path: string, body: unknown, status = 200) =>
    json<T>(t.req('POST', path, { token: tok, json: body }), status);
  const put = <T>(path: string, body: unknown) => json<T>(t.req('PUT', path, { token: tok, json: body }));

  const group = await post<{ id: number }>(
    '/usersAuthorizations',
    { name: `Grupo ${marker}`, allowTicketExport: 1, enableAdministration: 1 },
    201,
  );
  const queue = await post<{ id: number }>('/queue', { name: `Fila ${marker}`, color: QUEUE_PALETTE[0] }, 201);
  const queue2 = await post<{ id: number }>('/queue', { name: `Fila2 ${marker}`, color: QUEUE_PALETTE[1] }, 201);
  await put(`/users/${admin.user.id}`, { userAuthorizationId: group.id, queueIds: [queue.id, queue2.id] });
  const other = await post<{ id: number }>(
    '/users',
    {
      name: `Outro ${marker}`,
      email: `outro-${marker.toLowerCase()}@test.local`,
      password: 'secret123',
      queueIds: [queue.id],
    },
    201,
  );
  const whatsappId = await connectedSimulator(t, tok, { name: `Sim ${marker}` });
  const contact = await post<{ id: number }>('/contacts', {
    name: `Contato ${marker}`,
    number: `5511${String(90000000 + n * 1000 + 1)}`,
    email: `c-${marker.toLowerCase()}@test.local`,
    extraInfo: [{ name: 'cpf', value: marker }],
  });
  const contact2 = await post<{ id: number }>('/contacts', {
    name: `Contato2 ${marker}`,
    number: `5511${String(90000000 + n * 1000 + 2)}`,
    email: '',
  });
  const category = await post<{ id: number }>('/categorycontacts', { name: `Cat ${marker}`, color: '#123456' });
  await post('/categoryContacts/sync', { contactId: contact.id, categoryContacts: [category.id] });
  const tag = await post<{ id: number }>('/tags', { name: `Tag ${marker}`, color: '#654321', kanban: 1 });
  const qa = await post<{ id: number }>('/quickAnswers', { shortcut: `q${n}x`, message: `Resposta ${marker} ok` });
  const schedule = await post<{ id: number }>(`/schedules/${companyId}`, {
    contactId: contact2.id,
    body: `Lembrete ${marker}`,
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  const botSetup = await post<{ id: number }>('/BotSetup', { name: `Bot ${marker}` });
  const botSetup2 = await post<{ id: number }>('/BotSetup', { name: `Bot2 ${marker}` });
  const botCommand = await post<{ id: number }>(`/bot/${companyId}`, {
    botSetupId: botSetup.id,
    commandBot: '1',
    commandType: 3,
    queueId: queue.id,
    descriptionBot: `Setor ${marker}`,
    tags: [tag.id],
    botCategoryContacts: [category.id],
  });

  const integration = await post<{ id: number }>('/integration', { name: `IA ${marker}`, apiToken: `sk-${marker}` });
  const integration2 = await post<{ id: number }>('/integration', { name: `IA2 ${marker}`, apiToken: `sk-${marker}` });
  const botConfig = await post<{ id: number }>('/botConfigs', {
    name: `Prompt ${marker}`,
    integrationId: integration.id,
  });
  const botConfig2 = await post<{ id: number }>('/botConfigs', { name: `Prompt2 ${marker}` });

  const inboundNumber = `5511${String(80000000 + n * 1000 + 3)}`;
  const inbound = await json<{ id: string }>(
    t.req('POST', `/simulator/${whatsappId}/inbound`, {
      token: tok,
      json: { from: inboundNumber, name: `Cliente ${marker}`, body: `Oi ${marker}` },
    }),
  );
  const message = await waitFor(async () => {
    const [m] = await db
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.companyId, companyId), eq(schema.messages.wid, inbound.id)));
    return m;
  });
  const [rawLog] = await waitFor(async () => {
    const rows = await db.select().from(messageRawLogs).where(eq(messageRawLogs.companyId, companyId));
    return rows.length ? rows : null;
  });
  await post('/tags/sync', { ticketId: message.ticketId, tags: [tag.id] });

  // an open ticket of the admin on contact 1, with one text and one image sent through the API
  const open = await post<{ id: number }>('/tickets', {
    contactId: contact.id,
    status: 'open',
    userId: admin.user.id,
    queueId: queue.id,
    whatsappId,
  });
  const sent = await post<{ messages: { id: number; wid: string }[] }>(`/messages/${open.id}/${companyId}`, {
    body: `Enviada ${marker}`,
  });
  const form = new FormData();
  form.append('medias', new File([PNG], 'foto.png', { type: 'image/png' }));
  form.append('body', `Foto ${marker}`);
  const media = await json<{ messages: { mediaUrl: string }[] }>(
    t.req('POST', `/messages/${open.id}/${companyId}`, { token: tok, body: form }),
  );
  const mediaId = media.messages[0].mediaUrl.split('/').pop() as string;
  // a saved location, sent in the chat (the /maps view's shared locations read it)
  const location = await post<{ id: number }>('/locations', {
    name: `Local ${marker}`,
    latitude: -23.5,
    longitude: -46.6,
    address: `Rua ${marker}`,
  });
  await post(`/messages/${open.id}/${companyId}`, { locationId: location.id });
  const today = new Date().toISOString().slice(0, 10);
  const exp = await post<{ url: string }>('/ticketsExport', { initialDate: '2020-01-01', finalDate: today });
  const [apiConn] = await db
    .insert(whatsapps)
    .values({ companyId, name: `API ${marker}`, lib: 'simulator', status: 'DISCONNECTED' })
    .returning();
  const apiToken = await post<{ id: number; plainToken: string }>('/ApiSendMessageToken', {
    name: `Token ${marker}`,
    whatsappId: apiConn.id,
  });
  // written directly: the sweep turns the plan's campaigns on only after the tenants are built
  const [campaignSetup] = await db
    .insert(campaignSetups)
    .values({ companyId, name: `Config ${marker}`, warmup: CAMPAIGN_SETUP_DEFAULTS.warmup.map((w) => ({ ...w })) })
    .returning();
  await db
    .insert(campaignSetupWhatsapps)
    .values({ companyId, campaignSetupId: campaignSetup.id, whatsappId: apiConn.id });
  // a campaign (created, no setup: the setup stays deletable) with one dispatch left uncertain by an interrupted send
  const [campaign] = await db
    .insert(campaigns)
    .values({ companyId, name: `Campanha ${marker}` })
    .returning();
  const [uncertainDispatch] = await db
    .insert(campaignDispatches)
    .values({ companyId, campaignId: campaign.id, number: '5511955550000', status: 'uncertain' })
    .returning();
  const scheduled = await post<{ id: string }>('/scheduleActions', {
    action: 'test',
    jsonData: { marker },
    delay: 30 * 24 * 60 * 60 * 1000,
  });
  const flow = await post<{ id: number }>('/flows', {
    name: `Fluxo ${marker}`,
    type: 'Chat',
    flowActions: [{ actionType: 'SendText', body: `Texto ${marker}` }],
  });

  // after every fixture that changes the company's flags (the campaign fixture turns campaigns on)
  const campaignIds = await campaignSweepFixture(companyId, apiConn.id, admin.user.id, marker);
  const [row] = await db.select().from(schema.companies).where(eq(schema.companies.id, companyId));
  const masterPost = (body: unknown) =>
    json<{ id: number }>(t.req('POST', '/plan', { token: master.token, json: body }), 201);
  const plan = await masterPost({
    name: `Plano da varredura ${n}`,
    numberAttendants: row.numberAttendants,
    numberConnections: row.numberConections,
    enableReports: row.enableReports,
    enableDashboard: row.enableDashboard,
    // the sweep turns campaigns on for every tenant (route-sweep.test.ts beforeAll)
    enableCampaigns: true,
    enableSchedules: row.enableSchedules,
    enableApi: row.enableApi,
    enableBots: row.enableBots,
    enableFlows: row.enableFlows,
    iaIntegrationEnabled: row.iaIntegrationEnabled,
    campaignSendLimitPerHour: row.campaignSendLimitPerHour,
    isPublic: false,
  });
  const sparePlan = await masterPost({ name: `Plano avulso ${n}`, isPublic: false });
  const spareCompany = await makeCompany();
  const invoicePost = () =>
    json<{ id: number }>(
      t.req('POST', `/invoice/${plan.id}`, { token: master.token, json: { recurrence: 1, value: 99.9 } }),
    );
  const invoice = await invoicePost();
  const spareInvoice = await invoicePost();
  const subscriptionPost = (name: string) =>
    json<{ id: number }>(
      t.req('POST', '/notification/subscription/store', {
        token: master.token,
        json: { companyId, contactName: `${name} ${marker}`.slice(0, 50), email: `financeiro-${n}@test.local` },
      }),
    );
  const subscription = await subscriptionPost('Financeiro');
  const subscription2 = await subscriptionPost('Contas');
  const templatePost = (name: string) =>
    json<{ id: number }>(
      t.req('POST', '/notification/template', {
        token: master.token,
        json: { name, textWp: 'Olá {{contato}}, fatura {{fatura}}: {{link}}', emailTitle: '{{aviso}}' },
      }),
    );
  const template = await templatePost(`Modelo da varredura ${n}`);
  const template2 = await templatePost(`Modelo avulso ${n}`);

  return {
    planId: plan.id,
    sparePlanId: sparePlan.id,
    invoiceId: invoice.id,
    spareInvoiceId: spareInvoice.id,
    spareCompanyId: spareCompany.id,
    subscriptionId: subscription.id,
    subscription2Id: subscription2.id,
    templateId: template.id,
    template2Id: template2.id,
    companyId,
    marker,
    admin: { id: admin.user.id, token: admin.token },
    agent: { id: agent.user.id, token: agent.token },
    master: { id: master.user.id, token: master.token },
    otherUserId: other.id,
    groupId: group.id,
    queueId: queue.id,
    queue2Id: queue2.id,
    contactId: contact.id,
    contact2Id: contact2.id,
    categoryId: category.id,
    tagId: tag.id,
    quickAnswerId: qa.id,
    whatsappId,
    inboundNumber,
    ticketId: message.ticketId,
    ticketUuid: await ticketUuidOf(message.ticketId),
    openTicketId: open.id,
    messageId: message.id,
    ownMessageId: sent.messages[0].id,
    ownMessageWid: sent.messages[0].wid,
    mediaId,
    locationId: location.id,
    rawLogId: rawLog.id,
    exportFile: exp.url.split('/').pop() as string,
    apiWhatsappId: apiConn.id,
    apiTokenId: apiToken.id,
    apiToken: apiToken.plainToken,
    campaignSetupId: campaignSetup.id,
    campaignId: campaign.id,
    uncertainDispatchId: uncertainDispatch.id,
    ...campaignIds,
    scheduleActionId: scheduled.id,
    scheduleId: schedule.id,
    flowId: flow.id,
    botSetupId: botSetup.id,
    botCommandId: botCommand.id,
    botSetup2Id: botSetup2.id,
    integrationId: integration.id,
    integration2Id: integration2.id,
    botConfigId: botConfig.id,
    botConfig2Id: botConfig2.id,
  };
}

async function ticketUuidOf(ticketId: number): Promise<string> {
  const [r] = await db
    .select({ uuid: schema.tickets.uuid })
    .from(schema.tickets)
    .where(eq(schema.tickets.id, ticketId));
  return r.uuid;
}

/** Every drizzle table with a companyId column (the tenant tables), found from the schema module. */
function tenantTables(): { name: string; table: PgTable; companyId: PgColumn }[] {
  const out: { name: string; table: PgTable; companyId: PgColumn }[] = [];
  for (const [name, value] of Object.entries(schema)) {
    if (!is(value, PgTable)) continue;
    const cols = getTableColumns(value);
    if ('companyId' in cols) out.push({ name, table: value, companyId: cols.companyId });
  }
  return out;
}

/**
 * Every row of every tenant table of one company, as comparable JSON (ordered by its JSON text). The jobs table
 * is left out: the queue is platform bookkeeping that moves on its own.
 */
export async function snapshotCompany(companyId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { name, table, companyId: col } of tenantTables()) {
    if (name === 'jobs') continue;
    const rows = await db.select().from(table).where(eq(col, companyId));
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const [c] = await db.select().from(schema.companies).where(eq(schema.companies.id, companyId));
  out.companies = [JSON.stringify(c)];
  return out;
}

export function expectSameSnapshot(before: Record<string, string[]>, after: Record<string, string[]>, what: string) {
  for (const table of Object.keys(before)) {
    if (JSON.stringify(before[table]) !== JSON.stringify(after[table])) {
      throw new Error(`${what}: rows of company A changed in ${table}`);
    }
  }
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
}
