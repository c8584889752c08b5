/**
 * The live-event catalogue (spec 1 §7 'Realtime events', and the channels of spec 2/3 as their areas arrive): every
 * channel of `GET /events` with its payload type. The API publishes only through these channels (`emit` takes a
 * `Channel<P>` and a `P`), the web subscribes only through them (`useSseChannel(events.ticket.of(companyId), …)`
 * gives the handler the payload type), so both ends are type-checked against one list and no channel name is
 * spelled anywhere else.
 *
 * A channel is one of three kinds:
 * - per company: `ticket-{companyId}`, …          → `events.ticket.of(companyId)`
 * - per record (spec 2/3: `campaign-{id}`, `invoice-{id}`, `botSimulator-{id}`) → `perRecord` below, `.of(id)`
 * - fixed name, scoped by the hub to the company (and often to one user or the admins): `user`, `whatsapp`, …
 *
 * Wire names and payloads are exactly the spec's (see the types referenced here). Adding a channel is one line here
 * plus its payload type in its area's core folder; spec 2/3 channels are added with their areas (room is kept:
 * `campaign-{campaignId}`, `schedule-{companyId}`, `bot-{companyId}`, `flow-{companyId}`, `invoice-{id}`,
 * `plan-{companyId}`, `botSimulator-{id}`).
 *
 * Ticket channels also say which ticket an event is about (`ticketOf`) and what a user who may NOT see that ticket
 * receives instead (`hidden`: nothing, or the id-only `delete` that takes the ticket out of their lists): the live
 * stream applies core's visibility rule (tickets/ticket-visibility.ts) with them, once per event and audience class.
 */
import type { BotSimulatorEvent } from '../ai/ai.schemas';
import type { ApiTokenEvent } from '../api-tokens/api-token.schemas';
import type { InvoiceEvent } from '../billing/invoice.schemas';
import type { BotEvent, BotSetupEvent } from '../bots/bot.schemas';
import type { CampaignEvent, CampaignListEvent } from '../campaigns/campaign.events';
import type { CampaignSetupEvent } from '../campaigns/campaign.schemas';
import type { CategoryContactEvent, ContactEvent } from '../contacts/contact.types';
import type { FlowEvent } from '../flows/flow.schemas';
import type { LocationEvent } from '../locations/location.schemas';
import type { AppMessageEvent, MessageBruteLogEvent } from '../messages/message.types';
import type { QueueEvent } from '../queues/queue.schemas';
import type { QuickAnswerEvent } from '../quick-answers/quick-answer.schemas';
import type { PlanEvent } from '../saas/saas.schemas';
import type { ScheduleActionEvent } from '../schedule-actions/schedule-action.schemas';
import type { ScheduleEvent } from '../schedules/schedule.schemas';
import type { CompanyEvent } from '../settings/company-settings.schemas';
import type { TagEvent } from '../tags/tag.schemas';
import type { TicketEvent, TicketTransferEvent } from '../tickets/ticket.types';
import type { TicketSubject } from '../tickets/ticket-visibility';
import type { UserAuthorizationEvent, UserEvent } from '../users/user.types';
import type {
  ImportMessagesEvent,
  WhatsappDeleteEvent,
  WhatsappEvent,
  WhatsappSessionEvent,
} from '../whatsapp/whatsapp.schemas';

/** Every payload carries the spec's `action`. */
export type EventPayload = { action: string };

declare const payloadType: unique symbol;
/** A channel name that carries its payload type. Only this catalogue makes them (a plain string does not fit). */
export type Channel<P extends EventPayload = EventPayload> = string & { readonly [payloadType]: P };
export type PayloadOf<C> = C extends Channel<infer P> ? P : never;

/** How a channel's events meet the ticket visibility rule (absent: every user of the company may receive them). */
export type TicketScope<P> = {
  /** the ticket the event is about, or null when the payload names no visible content (an id only) */
  ticketOf: (data: P) => TicketSubject | null;
  /** what a user who may not see that ticket gets instead: null = nothing */
  hidden: (data: P) => P | null;
};

export type ChannelDef<P extends EventPayload, K extends unknown[]> = {
  /** the name, or the prefix before `-{key}` */
  readonly name: string;
  readonly of: (...key: K) => Channel<P>;
  readonly ticketScope?: TicketScope<P>;
};

/** `{name}-{companyId}` */
function perCompany<P extends EventPayload>(name: string, ticketScope?: TicketScope<P>): ChannelDef<P, [number]> {
  return { name, of: (companyId: number) => `${name}-${companyId}` as Channel<P>, ticketScope };
}

/** `{name}-{recordId}` (spec 2/3: a campaign's or an invoice's own channel). */
export function perRecord<P extends EventPayload>(name: string): ChannelDef<P, [number]> {
  return { name, of: (id: number) => `${name}-${id}` as Channel<P> };
}

/** A fixed name; who receives it is the publisher's audience (a user, the admins) within the company. */
function fixed<P extends EventPayload>(name: string): ChannelDef<P, []> {
  const channel = name as Channel<P>;
  return { name, of: () => channel };
}

/** `user` (targeted): the edited user's own session refreshes its profile (`{ action: 'update', userId }` when only
 * the permission group changed). */
export type SelfUserEvent = UserEvent | { action: 'update'; userId: number };

/** The first frame of a stream, and the frame that replaces missed events when they left the resume buffer. */
export type StreamEvent = { action: 'ready' } | { action: 'resync' } | { action: 'reauth' };

export const events = {
  // tickets and messages: each event reaches only the users who may see its ticket
  ticket: perCompany<TicketEvent>('ticket', {
    ticketOf: (e) => (e.action === 'update' ? e.ticket : null),
    // a user who saw it before must drop it from their lists; an id says nothing of the conversation
    hidden: (e) => (e.action === 'update' ? { action: 'delete', ticketId: e.ticket.id } : e),
  }),
  appMessage: perCompany<AppMessageEvent>('appMessage', { ticketOf: (e) => e.ticket, hidden: () => null }),
  /** addressed to the new attendant only (who owns the ticket, so sees it) */
  ticketTransfer: perCompany<TicketTransferEvent>('ticketTransfer', { ticketOf: (e) => e.ticket, hidden: () => null }),
  // directory
  contact: perCompany<ContactEvent>('contact'),
  categoryContact: perCompany<CategoryContactEvent>('categoryContact'),
  quickAnswer: perCompany<QuickAnswerEvent>('quickAnswer'),
  tag: perCompany<TagEvent>('tag'),
  queue: perCompany<QueueEvent>('queue'),
  /** ours: saved locations (spec 2 Locations: the live list), every user of the company */
  location: perCompany<LocationEvent>('location'),
  // automation (spec 2 §7)
  schedule: perCompany<ScheduleEvent>('schedule'),
  /** chatbot setups and commands (spec 2 §7: `bot-{companyId}` with bot or botId) */
  botSetup: perCompany<BotSetupEvent>('botSetup'),
  bot: perCompany<BotEvent>('bot'),
  flow: perCompany<FlowEvent>('flow'),
  /** `botSimulator-{botConfigId}`: the AI prompt simulator's status and messages (administrators only) */
  botSimulator: perRecord<BotSimulatorEvent>('botSimulator'),
  /** `campaign-{campaignId}`: a campaign's counters and dispatch rows (its company only) */
  campaign: perRecord<CampaignEvent>('campaign'),
  // users, groups, company
  user: perCompany<UserEvent>('user'),
  self: fixed<SelfUserEvent>('user'),
  userAuthorization: perCompany<UserAuthorizationEvent>('userAuthorization'),
  company: perCompany<CompanyEvent>('company'),
  // connections
  whatsapp: perCompany<WhatsappEvent>('whatsapp'),
  whatsappDelete: fixed<WhatsappDeleteEvent>('whatsapp'),
  /** administrators only: session data (QR code, retries) and session errors */
  whatsappSession: fixed<WhatsappSessionEvent>('whatsappSession'),
  /** administrators only */
  importMessages: perCompany<ImportMessagesEvent>('importMessages'),
  // message API (spec 2 §2 /apisendmessage): administrators only (publish with adminOnly)
  apiSendMessageToken: perCompany<ApiTokenEvent>('apiSendMessageToken'),
  /** campaign setups (spec 2 §7): administrators only (publish with adminOnly) */
  campaignSetup: perCompany<CampaignSetupEvent>('campaignSetup'),
  /** administrators only: scheduled-action jobs added, settled (finished, failed, retrying) or deleted */
  scheduleAction: perCompany<ScheduleActionEvent>('scheduleAction'),
  /** ours: the campaigns list (`campaigns-{companyId}`), administrators only */
  campaigns: perCompany<CampaignListEvent>('campaigns'),
  // platform (spec 3 §7): masters only, addressed to each master user
  messagesBruteLog: fixed<MessageBruteLogEvent>('messagesBruteLog'),
  /** `plan-{companyId}` (spec 3 §7: create, update, delete): the acting master's company, administrators only */
  plan: perCompany<PlanEvent>('plan'),
  /** `invoice-{invoiceId}` (spec 3 §7): the invoice's company, and each master user (in their own company) */
  invoice: perRecord<InvoiceEvent>('invoice'),
  /** ours: `invoices-{companyId}` — every invoice change of the company (its invoice lists: /clientCompanyManager);
   * masters get every company's on their own company's channel (/invoices, /companiesManager) */
  invoices: perCompany<InvoiceEvent>('invoices'),
  // the stream itself (sent by the hub, never published by areas)
  ready: fixed<StreamEvent>('ready'),
  resync: fixed<StreamEvent>('resync'),
} as const;

export type EventCatalogue = typeof events;

/** The ticket scope of a channel name, for the publisher (by prefix: `ticket-12` → events.ticket's). */
const scopes = new Map<string, TicketScope<never>>();
for (const def of Object.values(events) as ChannelDef<EventPayload, unknown[]>[]) {
  if (def.ticketScope) scopes.set(def.name, def.ticketScope as unknown as TicketScope<never>);
}

export function ticketScopeOf<P extends EventPayload>(channel: Channel<P>): TicketScope<P> | undefined {
  const dash = channel.lastIndexOf('-');
  return (dash > 0 ? scopes.get(channel.slice(0, dash)) : undefined) as TicketScope<P> | undefined;
}
