import { QUEUE_PALETTE } from '@zapdesk/core';
import type { RichTenant } from './route-sweep.fixtures';

/**
 * The classification of every route of the app (`createApp().routes`), read by `route-sweep.test.ts`.
 * A route missing here fails the sweep: a new route is covered by construction once it is classified.
 *
 * - `public`: answers without a session (login, refresh, health…).
 * - `auth`: needs a session; no id in its path — the company comes from the session (ids in its body or query are
 *   swept by the foreign-reference checks).
 * - `id`: needs a session and takes ids in its path; `params` gives company A's ids, and a user of company B must
 *   get 404 (another company's row is indistinguishable from a missing one), unless `crossTenant` says otherwise.
 */
export type Actor = 'admin' | 'agent' | 'master';

export type Body = { kind: 'json'; value: unknown } | { kind: 'multipart'; value: () => FormData } | { kind: 'none' };

export type SweepRoute = {
  access: 'public' | 'auth' | 'id';
  /** path parameter values taken from a tenant (required for `id` routes) */
  params?: (x: RichTenant) => Record<string, string | number>;
  /** a valid body: a refused call must be refused for tenancy or permission, not because the body was bad */
  body?: (x: RichTenant) => Body;
  /** a second valid JSON body, for routes that take JSON or multipart (swept like any JSON body) */
  jsonAlt?: (x: RichTenant) => unknown;
  /** query keys the route reads (fuzzed by the bad-input sweep) */
  query?: string[];
  /** a valid query string, where the route requires one (so a refusal is for permission, not validation) */
  search?: (x: RichTenant) => string;
  /** path parameters that are free text by design (a phone number): any answer but a 5xx is fine */
  textParams?: string[];
  /**
   * Set only where a path id is company-agnostic by design. `status` is what a non-master admin of another
   * company gets; `master` says why a master may act across companies (it is then not expected to 404).
   */
  crossTenant?: { status: 403 | 404; master?: string; why: string };
  /** who is refused with 403 ERR_NO_PERMISSION (capability gates of the services), with the gate's name */
  deny?: { actors: Actor[]; gate: string };
  /** a plan flag the route needs (company with the flag off → 403) */
  planFlag?:
    | 'enableCampaigns'
    | 'enableApi'
    | 'enableFlows'
    | 'iaIntegrationEnabled'
    | 'enableBots'
    | 'enableDashboard'
    | 'enableReports';
  /** what the owner's own valid call answers when it is a business refusal by design (else 2xx) */
  owner?: { status: number; error: string; why: string };
  /** a long-lived stream (SSE): only the refusals are swept */
  stream?: true;
};

const json = (value: unknown): Body => ({ kind: 'json', value });
/** admin-only gates (profile admin): an agent is refused */
const admin = (gate: string) => ({ actors: ['agent'] as Actor[], gate });
/** master-only gates: a company admin and an agent are refused */
const masterOnly = (gate: string) => ({ actors: ['agent', 'admin'] as Actor[], gate });

function settingsForm(): FormData {
  const f = new FormData();
  f.append('body', JSON.stringify({ companyName: 'Empresa Nova', slogan: 'slogan' }));
  return f;
}

function importForm(): FormData {
  const f = new FormData();
  // an empty but well-formed request: the route must refuse it (not a spreadsheet) before importing anything
  f.append('file', new File([new Uint8Array([1, 2, 3])], 'contatos.xlsx'));
  return f;
}

const PAGE = ['searchParam', 'pageNumber'];
/** a well-formed sign-up link id that no lead has */
const SWEEP_LEAD_ID = '00000000-0000-4000-8000-000000000000';

const MASTER_COMPANIES = 'the master manages every company (spec 3 §1, §6: companies screens)';
const OWN_COMPANY = 'a payPanelAccess user reads their own company only: another company is a missing one';
const MASTER_PLANS = 'plans are platform-level: the master defines them for every company (spec 3 §1)';
const MASTER_INVOICES = "the master issues and follows every company's invoices (spec 3 §1, §2 /invoices, §6)";
/** a payment id no fake payment has (the pages answer their 404 page) */
const SWEEP_PAYMENT_ID = 'pay_fake_00000000000000000000000000000000';
const MASTER_TEMPLATES = 'notification templates are platform-level: the master writes them for every company';
const TEMPLATES_WHY = 'templates are not a company row: a non-master is refused before any lookup';
const PLANS_WHY = 'plans are not a company row: a non-master without payPanelAccess is refused before any lookup';

/** a valid flow form */
const flowBody = (x: RichTenant) => ({
  name: `Fluxo editado ${x.marker}`,
  type: 'Chat',
  flowActions: [
    { actionType: 'Composing', param: 1 },
    { actionType: 'SendText', body: 'Olá de novo' },
  ],
});
function flowForm(x: RichTenant): FormData {
  const b = flowBody(x);
  const f = new FormData();
  f.append('name', b.name);
  f.append('type', b.type);
  f.append('flowActions', JSON.stringify(b.flowActions));
  return f;
}

/** a valid bot command form: a sector command at `path` of the tenant's setup */
const botCommandBody = (x: RichTenant, path: string) => ({
  botSetupId: x.botSetupId,
  commandBot: path,
  commandType: 3,
  queueId: x.queue2Id,
  userId: x.otherUserId,
  descriptionBot: 'Setor da varredura',
  tags: [x.tagId],
  botCategoryContacts: [x.categoryId],
});
function botCommandForm(x: RichTenant, path: string): FormData {
  const f = new FormData();
  f.append('body', JSON.stringify(botCommandBody(x, path)));
  return f;
}

/** a valid campaign of the sweep's tenant (text message, two numbers) */
const campaignBody = (x: RichTenant) => ({
  name: 'Campanha da varredura',
  campaignSetupId: x.campaignsSetupId,
  messages: [{ greeting: 'Olá', body: 'Mensagem da campanha' }],
  sendList: [{ number: '5511970000101' }, { number: '5511970000102' }],
});
function campaignV1Form(x: RichTenant): FormData {
  const f = new FormData();
  f.append('campaign', JSON.stringify(campaignBody(x)));
  return f;
}

/** a valid schedule form (a day ahead, at call time) */
const scheduleBody = (x: RichTenant) => ({
  contactId: x.contact2Id,
  body: 'Lembrete agendado',
  sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  typeSchedule: 'Recorrente Semanal',
  repeatCount: 2,
});
function scheduleForm(x: RichTenant): FormData {
  const f = new FormData();
  f.append('body', JSON.stringify(scheduleBody(x)));
  return f;
}

export const ROUTES: Record<string, SweepRoute> = {
  // public
  'GET /health': { access: 'public' },
  // Prometheus series: no session, its own bearer token (METRICS_TOKEN; unset → 404), issue 22
  'GET /metrics': { access: 'public' },
  // the OpenAPI documents (spec 3 §7: no session)
  'GET /api/documents': { access: 'public' },
  'GET /api/internalDocs': { access: 'public' },
  'POST /auth/login': { access: 'public', body: () => json({ email: 'nobody@test.local', password: 'x' }) },
  'POST /auth/refresh_token': { access: 'public' },
  'DELETE /auth/logout': { access: 'public' },
  'POST /auth/signup': {
    access: 'public',
    body: () => json({ name: 'Novo', email: 'novo@test.local', password: 'secret' }),
  },

  // users
  'GET /users': { access: 'auth', query: PAGE },
  'GET /users/list': { access: 'auth' },
  'GET /users/:id': { access: 'id', params: (x) => ({ id: x.otherUserId }) },
  'POST /users': {
    access: 'auth',
    body: (x) => json({ name: 'Novo Usuário', email: `novo-${x.marker}@test.local`.toLowerCase(), password: 'secret' }),
    deny: admin('manageUsers'),
  },
  'PUT /users/:id': {
    access: 'id',
    params: (x) => ({ id: x.otherUserId }),
    body: () => json({ name: 'Nome Alterado' }),
    deny: admin('manageUsers (another user)'),
  },
  'DELETE /users/:id': { access: 'id', params: (x) => ({ id: x.otherUserId }), deny: admin('manageUsers') },

  // permission groups
  'GET /usersAuthorizations': { access: 'auth', query: PAGE, deny: admin('manageUsers') },
  'GET /usersAuthorizations/:id': { access: 'id', params: (x) => ({ id: x.groupId }), deny: admin('manageUsers') },
  'POST /usersAuthorizations': { access: 'auth', body: () => json({ name: 'Grupo Novo' }), deny: admin('manageUsers') },
  'PUT /usersAuthorizations/:id': {
    access: 'id',
    params: (x) => ({ id: x.groupId }),
    body: () => json({ name: 'Grupo Alterado' }),
    deny: admin('manageUsers'),
  },
  'DELETE /usersAuthorizations/:id': { access: 'id', params: (x) => ({ id: x.groupId }), deny: admin('manageUsers') },

  // queues
  'GET /queue': { access: 'auth' },
  'GET /queue/:id': { access: 'id', params: (x) => ({ id: x.queueId }) },
  'POST /queue': {
    access: 'auth',
    body: () => json({ name: 'Fila Nova', color: QUEUE_PALETTE[10] }),
    deny: admin('manageQueues'),
  },
  'PUT /queue/:id': {
    access: 'id',
    params: (x) => ({ id: x.queueId }),
    body: () => json({ name: 'Fila Alterada' }),
    deny: admin('manageQueues'),
  },
  'DELETE /queue/:id': { access: 'id', params: (x) => ({ id: x.queueId }), deny: admin('manageQueues') },

  // contacts
  'GET /contacts': { access: 'auth', query: [...PAGE, 'search', 'selectedContactCategories'] },
  'GET /contacts/export': {
    access: 'auth',
    query: ['searchParam', 'selectedContactCategories'],
    deny: admin('manageSettings'),
  },
  'GET /contacts/import-template': { access: 'auth' },
  'GET /contacts/:id': { access: 'id', params: (x) => ({ id: x.contactId }) },
  'POST /contacts': { access: 'auth', body: () => json({ name: 'Contato Novo', number: '5511912345678', email: '' }) },
  'POST /contact': { access: 'auth', body: () => json({ name: 'Contato Novo', number: '5511912345679', email: '' }) },
  'PUT /contacts/:id': {
    access: 'id',
    params: (x) => ({ id: x.contactId }),
    body: () => json({ name: 'Nome Alterado' }),
  },
  'DELETE /contacts/:id': {
    access: 'id',
    params: (x) => ({ id: x.contactId }),
    deny: admin('contacts-page:deleteContact'),
  },
  // every user may import (spec 1: contacts screen); the file is checked before anything is written
  'POST /contacts/import': { access: 'auth', body: () => ({ kind: 'multipart', value: importForm }) },
  'GET /contactsall': {
    access: 'auth',
    query: ['selectedContactCategories'],
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'POST /contactsImport': {
    access: 'auth',
    body: () => json({ name: 'Importado', number: '5511912345670', email: '' }),
  },

  // contact categories
  'GET /categoryContacts/list': { access: 'auth' },
  'POST /categoryContacts/sync': {
    access: 'auth',
    body: (x) => json({ contactId: x.contactId, categoryContacts: [x.categoryId] }),
  },
  'GET /categorycontacts': { access: 'auth', query: PAGE },
  'GET /categorycontacts/:id': { access: 'id', params: (x) => ({ id: x.categoryId }) },
  'POST /categorycontacts': { access: 'auth', body: () => json({ name: 'Categoria Nova' }) },
  'PUT /categorycontacts/:id': {
    access: 'id',
    params: (x) => ({ id: x.categoryId }),
    body: () => json({ name: 'Categoria Alterada' }),
  },
  'DELETE /categorycontacts/:id': { access: 'id', params: (x) => ({ id: x.categoryId }) },

  // quick answers (every user of the company manages them: DECISIONS, Directory)
  'GET /quickAnswers': { access: 'auth', query: PAGE },
  'GET /quickAnswers/:id': { access: 'id', params: (x) => ({ id: x.quickAnswerId }) },
  'POST /quickAnswers': { access: 'auth', body: () => json({ shortcut: 'novo', message: 'mensagem nova' }) },
  'PUT /quickAnswers/:id': {
    access: 'id',
    params: (x) => ({ id: x.quickAnswerId }),
    body: () => json({ message: 'mensagem alterada' }),
  },
  'DELETE /quickAnswers/:id': { access: 'id', params: (x) => ({ id: x.quickAnswerId }) },

  // tags
  'GET /tags': { access: 'auth', query: PAGE },
  'GET /tags/list': { access: 'auth', query: ['kanban'] },
  'POST /tags/sync': { access: 'auth', body: (x) => json({ ticketId: x.ticketId, tags: [x.tagId] }) },
  'GET /tags/:id': { access: 'id', params: (x) => ({ id: x.tagId }) },
  'POST /tags': { access: 'auth', body: () => json({ name: 'Tag Nova' }), deny: admin('manageTags') },
  'PUT /tags/:id': {
    access: 'id',
    params: (x) => ({ id: x.tagId }),
    body: () => json({ name: 'Tag Alterada' }),
    deny: admin('manageTags'),
  },
  'GET /tagcontacts': {
    access: 'auth',
    query: ['tags', 'dateInitial', 'dateFinal'],
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'DELETE /tags/:id': { access: 'id', params: (x) => ({ id: x.tagId }), deny: admin('manageTags') },

  // kanban (spec 2 §7): any user, on the tickets they may open (their queues)
  'GET /tagskanban': { access: 'auth' },
  'GET /ticketkanban': { access: 'auth', query: ['queueIds', 'test', 'lane', 'cursor'] },
  'DELETE /ticket-tags/:ticketId': { access: 'id', params: (x) => ({ ticketId: x.ticketId }) },
  'PUT /ticket-tags/:ticketId/:tagId': { access: 'id', params: (x) => ({ ticketId: x.ticketId, tagId: x.tagId }) },

  // the outbound message API (spec 2 §7): an API token, never a session (swept in modules/message-api/*.test.ts)
  'POST /api/messages/send/text': { access: 'public' },
  'POST /api/messages/send/media': { access: 'public' },
  'POST /api/messages/send': { access: 'public' },

  // campaign setups (spec 2 §7): administrators with the plan's campaigns; /CampaignSetup/ = /CampaignSetup (strict: false)
  'GET /CampaignSetup': {
    access: 'auth',
    query: [...PAGE, 'user'],
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'GET /campaignSetup/:id': {
    access: 'id',
    params: (x) => ({ id: x.campaignSetupId }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'POST /CampaignSetup': {
    access: 'auth',
    body: (x) => json({ name: 'Config Nova', whatsapps: [x.apiWhatsappId] }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'PUT /campaignSetup/:id': {
    access: 'id',
    params: (x) => ({ id: x.campaignSetupId }),
    body: (x) => json({ name: 'Config Alterada', whatsapps: [x.apiWhatsappId] }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'DELETE /campaignSetup/:id': {
    access: 'id',
    params: (x) => ({ id: x.campaignSetupId }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },

  // the campaign engine (spec 2 §7 CampaignProcess; ours: resend of an uncertain dispatch)
  'POST /CampaignProcess/:campaignId/:action': {
    access: 'id',
    params: (x) => ({ campaignId: x.campaignId, action: 'pause' }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
    owner: {
      status: 409,
      error: 'ERR_INVALID_CAMPAIGN_TRANSITION',
      why: 'a created campaign cannot be paused (the machine refuses; start would begin sending)',
    },
  },
  'POST /CampaignDispatch/:id/resend': {
    access: 'id',
    params: (x) => ({ id: x.uncertainDispatchId }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  // campaigns (spec 2 §7): administrators with the plan's campaigns; /Campaign/ = /Campaign (strict: false)
  'GET /Campaign': {
    access: 'auth',
    query: [...PAGE, 'user'],
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'GET /Campaign/:id': {
    access: 'id',
    params: (x) => ({ id: x.managedCampaignId }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'POST /Campaign': {
    access: 'auth',
    body: (x) => json(campaignBody(x)),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'PUT /campaign/:id': {
    access: 'id',
    params: (x) => ({ id: x.managedCampaignId }),
    body: () => json({ name: 'Campanha Alterada', campaignDispatchs: [] }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'GET /CampaignDispatch/:campaignId': {
    access: 'id',
    params: (x) => ({ campaignId: x.managedCampaignId }),
    query: ['pageNumber'],
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  // before DELETE /campaign/:id (same rank in the owner's control run): the campaign's delete takes its rows along
  'DELETE /CampaignDispatch/:id': {
    access: 'id',
    params: (x) => ({ id: x.campaignDispatchId }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'DELETE /campaign/:id': {
    access: 'id',
    params: (x) => ({ id: x.managedCampaignId }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'POST /api/campaign/v1': {
    access: 'auth',
    body: (x) => ({ kind: 'multipart', value: () => campaignV1Form(x) }),
    jsonAlt: (x) => campaignBody(x),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'POST /CampaignSendList/import': {
    access: 'auth',
    body: () => ({ kind: 'multipart', value: importForm }),
    deny: admin('useCampaigns'),
    planFlag: 'enableCampaigns',
  },
  'GET /CampaignSendList/model': { access: 'auth', deny: admin('useCampaigns'), planFlag: 'enableCampaigns' },

  // API message tokens (spec 2 §7): administrators with the plan's API
  'GET /ApiSendMessageToken': { access: 'auth', query: PAGE, deny: admin('useApi'), planFlag: 'enableApi' },
  'GET /ApiSendMessageToken/:id': {
    access: 'id',
    params: (x) => ({ id: x.apiTokenId }),
    deny: admin('useApi'),
    planFlag: 'enableApi',
  },
  'GET /ApiSendMessageToken/:id/reveal': {
    access: 'id',
    params: (x) => ({ id: x.apiTokenId }),
    deny: admin('useApi'),
    planFlag: 'enableApi',
  },
  'POST /ApiSendMessageToken': {
    access: 'auth',
    body: (x) => json({ name: 'Token Novo', whatsappId: x.apiWhatsappId }),
    deny: admin('useApi'),
    planFlag: 'enableApi',
  },
  'PUT /ApiSendMessageToken/:id': {
    access: 'id',
    params: (x) => ({ id: x.apiTokenId }),
    body: (x) => json({ name: 'Token Alterado', whatsappId: x.apiWhatsappId }),
    deny: admin('useApi'),
    planFlag: 'enableApi',
  },
  'DELETE /ApiSendMessageToken/:id': {
    access: 'id',
    params: (x) => ({ id: x.apiTokenId }),
    deny: admin('useApi'),
    planFlag: 'enableApi',
  },

  // settings: the own company only (a master manages other companies through the companies screens, spec 3)
  'PUT /companyByCompany/:companyId': {
    access: 'id',
    params: (x) => ({ companyId: x.companyId }),
    body: () => ({ kind: 'multipart', value: settingsForm }),
    jsonAlt: () => ({ companyName: 'Empresa Nova', slogan: 'slogan' }),
    deny: admin('manageSettings'),
  },

  'GET /events': { access: 'auth', query: ['lastEventId'], stream: true },
  'GET /media/:id': { access: 'id', params: (x) => ({ id: x.mediaId }), query: ['download'] },

  // connections
  'GET /whatsapp': { access: 'auth' },
  'GET /whatsapp/:id': { access: 'id', params: (x) => ({ id: x.whatsappId }) },
  'POST /whatsapp': {
    access: 'auth',
    body: () => json({ name: 'Conexão Nova', lib: 'simulator' }),
    deny: admin('manageConnections'),
  },
  'PUT /whatsapp/:id': {
    access: 'id',
    params: (x) => ({ id: x.whatsappId }),
    body: () => json({ name: 'Conexão Alterada' }),
    deny: admin('manageConnections'),
  },
  'DELETE /whatsapp/:id': {
    access: 'id',
    params: (x) => ({ id: x.whatsappId }),
    deny: admin('manageConnections'),
    owner: { status: 400, error: 'ERR_NO_OTHER_WHATSAPP', why: 'the only default connection cannot be deleted' },
  },
  'POST /whatsappsession/:id': {
    access: 'id',
    params: (x) => ({ id: x.whatsappId }),
    deny: admin('manageConnections'),
  },
  'PUT /whatsappsession/:id': {
    access: 'id',
    params: (x) => ({ id: x.whatsappId }),
    deny: admin('manageConnections'),
  },
  'DELETE /whatsappsession/:id': {
    access: 'id',
    params: (x) => ({ id: x.whatsappId }),
    deny: admin('manageConnections'),
  },
  'POST /closedimported/:id': {
    access: 'id',
    params: (x) => ({ id: x.whatsappId }),
    deny: admin('manageConnections'),
  },

  // simulator (any user of the connection's company plays the phone)
  'GET /simulator/:whatsappId': { access: 'id', params: (x) => ({ whatsappId: x.whatsappId }) },
  'POST /simulator/:whatsappId/scan': { access: 'id', params: (x) => ({ whatsappId: x.whatsappId }) },
  'POST /simulator/:whatsappId/disconnect': { access: 'id', params: (x) => ({ whatsappId: x.whatsappId }) },
  'POST /simulator/:whatsappId/inbound': {
    access: 'id',
    params: (x) => ({ whatsappId: x.whatsappId }),
    body: () => json({ from: '5511955554444', body: 'olá' }),
  },
  'POST /simulator/:whatsappId/event': {
    access: 'id',
    params: (x) => ({ whatsappId: x.whatsappId }),
    body: () => json({ type: 'revoke', id: 'NOPE' }),
  },
  'POST /simulator/:whatsappId/ack': {
    access: 'id',
    params: (x) => ({ whatsappId: x.whatsappId }),
    body: (x) => json({ id: x.ownMessageWid, ack: 3 }),
  },
  'GET /simulator/:whatsappId/outbox': { access: 'id', params: (x) => ({ whatsappId: x.whatsappId }), query: ['to'] },
  'GET /simulator/:whatsappId/chats': { access: 'id', params: (x) => ({ whatsappId: x.whatsappId }) },
  'GET /simulator/:whatsappId/conversation/:number': {
    access: 'id',
    params: (x) => ({ whatsappId: x.whatsappId, number: x.inboundNumber }),
    textParams: ['number'],
  },
  'GET /simulator/:whatsappId/check/:number': {
    access: 'id',
    params: (x) => ({ whatsappId: x.whatsappId, number: x.inboundNumber }),
    textParams: ['number'],
  },

  // schedules (spec 2 §7)
  'GET /schedules': { access: 'auth', query: ['status', 'user', 'contactId', ...PAGE] },
  'GET /schedules/:id': { access: 'id', params: (x) => ({ id: x.scheduleId }) },
  'POST /schedules/:companyId': {
    access: 'id',
    params: (x) => ({ companyId: x.companyId }),
    body: (x) => ({ kind: 'multipart', value: () => scheduleForm(x) }),
    jsonAlt: scheduleBody,
  },
  'PUT /schedules/:id/:companyId': {
    access: 'id',
    params: (x) => ({ id: x.scheduleId, companyId: x.companyId }),
    body: (x) => ({ kind: 'multipart', value: () => scheduleForm(x) }),
    jsonAlt: scheduleBody,
  },
  'DELETE /schedules/:id': { access: 'id', params: (x) => ({ id: x.scheduleId }) },
  'POST /schedulesDelete': { access: 'auth', body: () => json({ status: 'ENVIADA', mySchedule: true }) },

  // flows (spec 2 §7; POST /flows/{id}/run is ours: the chat input's ';')
  'GET /flows': { access: 'auth', query: ['type', ...PAGE], planFlag: 'enableFlows' },
  'GET /flows/:id': { access: 'id', params: (x) => ({ id: x.flowId }), planFlag: 'enableFlows' },
  'POST /flows': {
    access: 'auth',
    body: (x) => ({ kind: 'multipart', value: () => flowForm(x) }),
    jsonAlt: flowBody,
    deny: admin('manageFlows'),
    planFlag: 'enableFlows',
  },
  'PUT /flows/:id': {
    access: 'id',
    params: (x) => ({ id: x.flowId }),
    body: (x) => ({ kind: 'multipart', value: () => flowForm(x) }),
    jsonAlt: flowBody,
    deny: admin('manageFlows'),
    planFlag: 'enableFlows',
  },
  'DELETE /flows/:id': {
    access: 'id',
    params: (x) => ({ id: x.flowId }),
    deny: admin('manageFlows'),
    planFlag: 'enableFlows',
  },
  'POST /flows/:id/run': {
    access: 'id',
    params: (x) => ({ id: x.flowId }),
    body: (x) => json({ ticketId: x.openTicketId }),
    planFlag: 'enableFlows',
  },
  // AI prompts and integrations (spec 2 §7; issue 17)
  'GET /botConfigs': { access: 'auth', query: PAGE, deny: admin('useAi'), planFlag: 'iaIntegrationEnabled' },
  'GET /botConfigs/:id': {
    access: 'id',
    params: (x) => ({ id: x.botConfigId }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'POST /botConfigs': {
    access: 'auth',
    body: (x) => json({ name: 'Prompt da varredura', lastQueueId: x.queueId, integrationId: x.integrationId }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'PUT /botConfigs/:id': {
    access: 'id',
    params: (x) => ({ id: x.botConfigId }),
    body: (x) => json({ name: 'Prompt renomeado', lastQueueId: x.queueId, integrationId: x.integrationId }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'DELETE /botConfigs/:id': {
    access: 'id',
    params: (x) => ({ id: x.botConfig2Id }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'GET /botSimulator/:botConfigId': {
    access: 'id',
    params: (x) => ({ botConfigId: x.botConfigId }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'POST /botSimulator': {
    access: 'auth',
    body: (x) => json({ message: { body: 'oi', fromMe: true }, botConfigId: x.botConfigId }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'GET /aiUsage': { access: 'auth', deny: admin('useAi'), planFlag: 'iaIntegrationEnabled' },
  'GET /integration': { access: 'auth', query: PAGE, deny: admin('useAi'), planFlag: 'iaIntegrationEnabled' },
  'GET /integration/:id': {
    access: 'id',
    params: (x) => ({ id: x.integrationId }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'POST /integration': {
    access: 'auth',
    body: () => json({ name: 'IA da varredura', apiToken: 'sk-varredura' }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'PUT /integration/:id': {
    access: 'id',
    params: (x) => ({ id: x.integrationId }),
    body: () => json({ name: 'IA renomeada' }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  'DELETE /integration/:id': {
    access: 'id',
    params: (x) => ({ id: x.integration2Id }),
    deny: admin('useAi'),
    planFlag: 'iaIntegrationEnabled',
  },
  // chatbots (spec 2 §7 Bot setups, Bot commands)
  'GET /BotSetup': { access: 'auth', query: PAGE, planFlag: 'enableBots' },
  'GET /BotSetup/:id': { access: 'id', params: (x) => ({ id: x.botSetupId }), planFlag: 'enableBots' },
  'POST /BotSetup': {
    access: 'auth',
    body: () => json({ name: 'Bot da varredura', countErrorsBot: 3 }),
    planFlag: 'enableBots',
  },
  'PUT /BotSetup/:id': {
    access: 'id',
    planFlag: 'enableBots',
    params: (x) => ({ id: x.botSetupId }),
    body: (x) => json({ name: 'Bot renomeado', whatsapps: [], transferQueueId: x.queueId }),
  },
  'DELETE /botSetup/:id': { access: 'id', params: (x) => ({ id: x.botSetup2Id }), planFlag: 'enableBots' },
  'GET /botBySetup/:botSetupId': {
    access: 'id',
    params: (x) => ({ botSetupId: x.botSetupId }),
    planFlag: 'enableBots',
  },
  'GET /bot': { access: 'auth', query: ['botSetupId', 'searchParam'], planFlag: 'enableBots' },
  'GET /bot/:id': { access: 'id', params: (x) => ({ id: x.botCommandId }), planFlag: 'enableBots' },
  'POST /bot/:companyId': {
    access: 'id',
    planFlag: 'enableBots',
    params: (x) => ({ companyId: x.companyId }),
    body: (x) => ({ kind: 'multipart', value: () => botCommandForm(x, '2') }),
    jsonAlt: (x) => botCommandBody(x, '2'),
    owner: {
      status: 400,
      error: 'O comando 2 já existe',
      why: 'the wrong-types sweep already created command 2 with this valid body (e.g. userId ""); a path is unique in its setup (book index, no duplicates)',
    },
  },
  'PUT /bot/:companyId/:id': {
    access: 'id',
    planFlag: 'enableBots',
    params: (x) => ({ companyId: x.companyId, id: x.botCommandId }),
    body: (x) => ({ kind: 'multipart', value: () => botCommandForm(x, '1') }),
    jsonAlt: (x) => botCommandBody(x, '1'),
  },
  'DELETE /bot/:id': { access: 'id', params: (x) => ({ id: x.botCommandId }), planFlag: 'enableBots' },

  // messages
  'POST /messages/:ticketId/:companyId': {
    access: 'id',
    params: (x) => ({ ticketId: x.openTicketId, companyId: x.companyId }),
    body: () => json({ body: 'mensagem' }),
  },
  'DELETE /messages/:id/:channel': {
    access: 'id',
    params: (x) => ({ id: x.ownMessageId, channel: 'simulator' }),
  },
  'GET /messages/:ticketId': {
    access: 'id',
    params: (x) => ({ ticketId: x.ticketId }),
    query: ['pageNumber', 'searchTerm'],
  },

  // raw message logs: the platform's view, master only and across companies by design (spec 3)
  'GET /messageLogs': {
    access: 'auth',
    query: ['searchParam', 'pageNumber', 'searchParamWitchError'],
    deny: masterOnly('viewMessageLogs'),
  },
  'POST /reprocessMessage/:id': {
    access: 'id',
    params: (x) => ({ id: x.rawLogId }),
    deny: masterOnly('viewMessageLogs'),
    crossTenant: {
      status: 403,
      master: 'raw logs are the platform-level view of spec 3 (message logs: master only, every company)',
      why: 'master only: a company admin is refused before any lookup',
    },
  },
  'POST /messagesBruteLogsDeleteAll': { access: 'auth', deny: masterOnly('viewMessageLogs') },

  // system control (spec 3 §7, issue 22): the platform's processes and database, master only
  'POST /systemcontrol': {
    access: 'auth',
    body: () => json({ action: 'getPm2Info' }),
    jsonAlt: () => ({ action: 'getSystemResources' }),
    deny: masterOnly('systemControl'),
  },
  'GET /adjustDb': { access: 'auth', deny: masterOnly('systemControl') },

  // SaaS administration (spec 3 §7, issue 20): companies and plans are the platform's; the master acts on every one
  'GET /company': { access: 'auth', query: PAGE, deny: masterOnly('manageCompanies') },
  'POST /company': {
    access: 'auth',
    body: (x) =>
      json({
        name: 'Empresa da varredura',
        email: `empresa-${x.companyId}@sweep.local`,
        userName: 'Primeiro usuário',
        passwordDefault: 'secret123',
      }),
    deny: masterOnly('manageCompanies'),
  },
  'GET /company/:id': {
    access: 'id',
    params: (x) => ({ id: x.companyId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'PUT /company/:id': {
    access: 'id',
    params: (x) => ({ id: x.companyId }),
    body: () => json({ observation: 'Observação da varredura' }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'DELETE /company/:id': {
    access: 'id',
    params: (x) => ({ id: x.spareCompanyId }),
    deny: masterOnly('manageCompanies'),
    crossTenant: { status: 403, master: MASTER_COMPANIES, why: 'master only: refused before any lookup' },
  },
  'GET /companyPlan/:companyId': {
    access: 'id',
    params: (x) => ({ companyId: x.companyId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'POST /savePlanInCompany/:companyId/:planId': {
    access: 'id',
    params: (x) => ({ companyId: x.companyId, planId: x.planId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'GET /publicplan': { access: 'public' },
  // billing (issue 21): invoices, the billing settings, the gateway's webhook and the embedded fake gateway's pages
  'GET /invoiceToPlan/:planId': {
    access: 'id',
    params: (x) => ({ planId: x.planId }),
    query: ['companyId'],
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 403, master: MASTER_INVOICES, why: PLANS_WHY },
  },
  'GET /invoices': {
    access: 'auth',
    query: [...PAGE, 'status', 'companyId'],
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
  },
  'GET /invoice/:id': {
    access: 'id',
    params: (x) => ({ id: x.invoiceId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_INVOICES, why: OWN_COMPANY },
  },
  'POST /invoice/:planId': {
    access: 'id',
    params: (x) => ({ planId: x.planId }),
    body: () => json({ recurrence: 1, value: 99.9 }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 403, master: MASTER_INVOICES, why: PLANS_WHY },
  },
  'DELETE /invoice/:id': {
    access: 'id',
    params: (x) => ({ id: x.spareInvoiceId }),
    deny: masterOnly('manageCompanies'),
    crossTenant: {
      status: 403,
      master: MASTER_INVOICES,
      why: "deleting an invoice is the master's: refused before any lookup",
    },
  },
  'GET /billing/settings': { access: 'auth', deny: masterOnly('manageCompanies') },
  'PUT /billing/settings': {
    access: 'auth',
    body: () => json({ invoiceDaysBefore: 10 }),
    deny: masterOnly('manageCompanies'),
  },
  // the gateway's token header authenticates it (401 otherwise): swept in billing.test.ts
  'POST /billing/webhook/:gateway': { access: 'public', params: () => ({ gateway: 'fake' }), textParams: ['gateway'] },
  'GET /fake-gateway/pay/:id': { access: 'public', params: () => ({ id: SWEEP_PAYMENT_ID }), textParams: ['id'] },
  'POST /fake-gateway/pay/:id': { access: 'public', params: () => ({ id: SWEEP_PAYMENT_ID }), textParams: ['id'] },
  'GET /fake-gateway/receipt/:id': { access: 'public', params: () => ({ id: SWEEP_PAYMENT_ID }), textParams: ['id'] },

  'GET /plan': { access: 'auth', query: PAGE, deny: { actors: ['agent', 'admin'], gate: 'financialPanel' } },
  'POST /plan': {
    access: 'auth',
    body: () => json({ name: 'Plano novo', numberAttendants: 2, value1Month: 99.9, isPublic: false }),
    deny: masterOnly('managePlans'),
  },
  'GET /plan/:id': {
    access: 'id',
    params: (x) => ({ id: x.planId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 403, master: MASTER_PLANS, why: PLANS_WHY },
  },
  'PUT /plan/:id': {
    access: 'id',
    params: (x) => ({ id: x.planId }),
    body: () => json({ description: 'Descrição da varredura' }),
    deny: masterOnly('managePlans'),
    crossTenant: { status: 403, master: MASTER_PLANS, why: PLANS_WHY },
  },
  'DELETE /plan/:id': {
    access: 'id',
    params: (x) => ({ id: x.sparePlanId }),
    deny: masterOnly('managePlans'),
    crossTenant: { status: 403, master: MASTER_PLANS, why: PLANS_WHY },
  },

  // tickets
  'GET /tickets': {
    access: 'auth',
    query: [
      'searchParam',
      'pageNumber',
      'status',
      'date',
      'showAll',
      'queueIds',
      'withUnreadMessages',
      'tags',
      'contactCategories',
      'tab',
      'searchContactId',
      'searchUserId',
      'searchInitialDate',
      'searchFinalDate',
      'searchTicketStatus',
    ],
  },
  'POST /tickets/checkcontactopen': { access: 'auth', body: (x) => json({ contactId: x.contact2Id }) },
  'POST /tickets': { access: 'auth', body: (x) => json({ contactId: x.contact2Id, status: 'pending' }) },
  'GET /tickets/:id': { access: 'id', params: (x) => ({ id: x.ticketId }) },
  'GET /tickets/u/:uuid': { access: 'id', params: (x) => ({ uuid: x.ticketUuid }) },
  'PUT /tickets/:id': { access: 'id', params: (x) => ({ id: x.ticketId }), body: () => json({ status: 'open' }) },
  'DELETE /tickets/:id': {
    access: 'id',
    params: (x) => ({ id: x.ticketId }),
    deny: admin('ticket-options:deleteTicket'),
  },
  'POST /ticketsclosed': {
    access: 'auth',
    body: (x) => json({ Tickets: [x.ticketId] }),
    deny: admin('bulkResolve'),
  },
  'GET /ticketsquery': {
    access: 'auth',
    query: ['initialDate', 'finalDate', 'selectedQueueIds', 'selectedUserIds'],
    search: () => 'initialDate=2020-01-01&finalDate=2030-01-01',
    deny: admin('bulkResolve'),
  },
  // dashboard (issue 19): an attendant with the group's enableDash sees their own figures, so nobody is denied here;
  // a foreign queue/user id in the query is swept by the foreign-reference checks (404)
  'GET /dash/attendances': {
    access: 'auth',
    query: ['initialDate', 'finalDate', 'currentQueue', 'currentUser'],
    planFlag: 'enableDashboard',
  },
  'GET /report/attendances': {
    access: 'auth',
    query: ['initialDate', 'finalDate', 'selectedQueueIds', 'selectedUserIds'],
    deny: admin('viewReports'),
    planFlag: 'enableReports',
  },
  'POST /ticketsExport': {
    access: 'auth',
    body: () => json({ initialDate: '2020-01-01', finalDate: '2030-01-01' }),
    deny: admin('exportTickets (group flag allowTicketExport)'),
  },
  'GET /ticketsExport/:file': { access: 'id', params: (x) => ({ file: x.exportFile }) },

  // locations (spec 2 §7): reading open to the company's users (the chat's location picker), changes need
  // manageLocations; the places search (ours) too
  'GET /locations': { access: 'auth', query: PAGE },
  'GET /locations/search': {
    access: 'auth',
    query: ['q'],
    search: () => 'q=Paulista',
    deny: admin('manageLocations'),
  },
  'GET /locations/shared': { access: 'auth', deny: admin('manageLocations') },
  'GET /locations/:id': { access: 'id', params: (x) => ({ id: x.locationId }) },
  'POST /locations': {
    access: 'auth',
    body: () => json({ name: 'Filial Nova', latitude: -23.56, longitude: -46.65 }),
    deny: admin('manageLocations'),
  },
  'PUT /locations/:id': {
    access: 'id',
    params: (x) => ({ id: x.locationId }),
    body: () => json({ name: 'Filial Alterada', latitude: -22.9, longitude: -43.2 }),
    deny: admin('manageLocations'),
  },
  'DELETE /locations/:id': { access: 'id', params: (x) => ({ id: x.locationId }), deny: admin('manageLocations') },

  // the embedded mail outbox (ours): platform-level, the master's SaaS administration
  'GET /mailOutbox': { access: 'auth', query: PAGE, deny: masterOnly('manageCompanies') },

  // registration-form lookups (spec 3 §7): CNPJ and CEP without a session (the public /subscription page), rate
  // limited per IP; the WhatsApp check for the company pages (master or payPanelAccess). Free text, not ids.
  'GET /helper/cnpj/:digits': {
    access: 'public',
    params: () => ({ digits: '11222333000181' }),
    textParams: ['digits'],
  },
  'GET /helper/cep/:cep': { access: 'public', params: () => ({ cep: '01310-100' }), textParams: ['cep'] },
  // the public store and self-subscription (spec 3 §7): no session, rate limited per IP. The sweep's plans are not
  // public (ERR_PLAN_UNAVAILABLE) and its lead id is unknown (ERR_LEAD_NOT_FOUND): nothing is created.
  'POST /lead': {
    access: 'public',
    body: (x) =>
      json({ name: 'Pessoa da Loja', email: 'loja@test.local', whatsAppNumber: '5511999999999', planId: x.planId }),
  },
  'GET /lead/:leadId': { access: 'public', params: () => ({ leadId: SWEEP_LEAD_ID }), textParams: ['leadId'] },
  'POST /subscription': {
    access: 'public',
    body: () =>
      json({ leadId: SWEEP_LEAD_ID, name: 'Empresa da Loja', documentNumber: '11222333000181', userName: 'Pessoa' }),
  },
  // billing notices (issue 21): subscriptions on the company page (master any company; payPanelAccess its own; contact
  // fields, store and delete master only); templates platform-level (master); /n public, rate-limited
  'GET /notification/subscription/list/:companyId': {
    access: 'id',
    params: (x) => ({ companyId: x.companyId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'GET /notification/subscription/show/:id': {
    access: 'id',
    params: (x) => ({ id: x.subscriptionId }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'POST /notification/subscription/store': {
    access: 'auth',
    body: (x) => json({ companyId: x.companyId, contactName: 'Contato novo', email: 'novo@test.local' }),
    deny: masterOnly('manageCompanies'),
  },
  'PUT /notification/subscription/edit/:id': {
    access: 'id',
    params: (x) => ({ id: x.subscriptionId }),
    body: () => json({ invoiceDayWp: false, invoiceDaysBeforeExpirationEmail: 3 }),
    deny: { actors: ['agent', 'admin'], gate: 'financialPanel' },
    crossTenant: { status: 404, master: MASTER_COMPANIES, why: OWN_COMPANY },
  },
  'DELETE /notification/subscription/:id': {
    access: 'id',
    params: (x) => ({ id: x.subscription2Id }),
    body: (x) => json({ companyId: x.companyId }),
    deny: masterOnly('manageCompanies'),
    crossTenant: { status: 403, master: MASTER_COMPANIES, why: 'master only: refused before any lookup' },
  },
  'GET /notification/template': { access: 'auth', deny: masterOnly('manageNotificationTemplates') },
  'GET /notification/template/placeholders': { access: 'auth', deny: masterOnly('manageNotificationTemplates') },
  'POST /notification/template/preview': {
    access: 'auth',
    body: () => json({ notice: 'dueDay', textWp: 'Olá {{contato}}: {{valor}}' }),
    deny: masterOnly('manageNotificationTemplates'),
  },
  'POST /notification/template': {
    access: 'auth',
    body: () => json({ name: 'Modelo novo', textWp: 'Olá {{contato}}' }),
    deny: masterOnly('manageNotificationTemplates'),
  },
  'GET /notification/template/:id': {
    access: 'id',
    params: (x) => ({ id: x.templateId }),
    deny: masterOnly('manageNotificationTemplates'),
    crossTenant: { status: 403, master: MASTER_TEMPLATES, why: TEMPLATES_WHY },
  },
  'PUT /notification/template/:id': {
    access: 'id',
    params: (x) => ({ id: x.templateId }),
    body: () => json({ emailTitle: 'Fatura {{fatura}}' }),
    deny: masterOnly('manageNotificationTemplates'),
    crossTenant: { status: 403, master: MASTER_TEMPLATES, why: TEMPLATES_WHY },
  },
  'DELETE /notification/template/:id': {
    access: 'id',
    params: (x) => ({ id: x.template2Id }),
    deny: masterOnly('manageNotificationTemplates'),
    crossTenant: { status: 403, master: MASTER_TEMPLATES, why: TEMPLATES_WHY },
  },
  'GET /n/:platform/:id': {
    access: 'public',
    params: () => ({ platform: 'email', id: 'linkInexistente1' }),
    textParams: ['platform', 'id'],
  },
  'GET /helper/whatsapp/:number': {
    access: 'auth',
    params: (x) => ({ number: x.inboundNumber }),
    textParams: ['number'],
    deny: masterOnly('financialPanel (payPanelAccess) or manageCompanies'),
  },

  // scheduled actions (spec 2 §7): company admins only; only the company's own scheduled-action jobs
  'POST /scheduleActions': {
    access: 'auth',
    body: () => json({ action: 'test', jsonData: { ok: true }, delay: 30 * 24 * 60 * 60 * 1000, name: 'sweep' }),
    deny: admin('isAdmin'),
  },
  'GET /scheduleActions': { access: 'auth', deny: admin('isAdmin') },
  'DELETE /scheduleActions/:id': {
    access: 'id',
    params: (x) => ({ id: x.scheduleActionId }),
    deny: admin('isAdmin'),
  },
  'DELETE /scheduleActionsAll': { access: 'auth', deny: admin('isAdmin') },
};

export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** The route's URL for a tenant: path ids filled in, plus its required query string. */
export function urlOf(path: string, spec: SweepRoute, x: RichTenant): string {
  const filled = spec.params ? fillPath(path, spec.params(x)) : path;
  return spec.search ? `${filled}?${spec.search(x)}` : filled;
}

/** `/users/:id` + {id: 3} → `/users/3` (values URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

/** The app's routes, one per method + path (middleware entries `ALL /*` left out). */
export function appRoutes(routes: { method: string; path: string }[]): string[] {
  const keys = new Set<string>();
  for (const r of routes) {
    if (r.method === 'ALL' && r.path.endsWith('*')) continue;
    keys.add(routeKey(r.method, r.path));
  }
  return [...keys];
}
