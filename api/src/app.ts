import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { aiRoutes } from './modules/ai/ai.routes';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { fakeGatewayRoutes } from './modules/billing/fake-gateway.routes';
import { billingNoticesRoutes } from './modules/billing-notices/billing-notices.routes';
import { botsRoutes } from './modules/bots/bots.routes';
import { campaignEngineRoutes } from './modules/campaign-engine/campaign-engine.routes';
import { campaignSetupsRoutes } from './modules/campaign-setups/campaign-setups.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { categoryContactsRoutes } from './modules/category-contacts/category-contacts.routes';
import { saasRoutes } from './modules/companies/saas.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { flowsRoutes } from './modules/flows/flows.routes';
import { healthRoutes } from './modules/health/health.routes';
import { kanbanRoutes } from './modules/kanban/kanban.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { mailOutboxRoutes } from './modules/mail-outbox/mail-outbox.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { messageApiRoutes } from './modules/message-api/message-api.routes';
import { messagesListRoutes } from './modules/messages/list/messages-list.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes';
import { queuesRoutes } from './modules/queues/queues.routes';
import { quickAnswersRoutes } from './modules/quick-answers/quick-answers.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { scheduleActionsRoutes } from './modules/schedule-actions/schedule-actions.routes';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { signupRoutes } from './modules/signup/signup.routes';
import { systemControlRoutes } from './modules/system-control/system-control.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { userAuthorizationsRoutes } from './modules/user-authorizations/user-authorizations.routes';
import { usersRoutes } from './modules/users/users.routes';
import { simulatorRoutes } from './modules/whatsapp/simulator.routes';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { requestBodyLimits } from './platform/http/body-limit';
import type { AppEnv } from './platform/http/context';
import { errorBody, onError } from './platform/http/errors';
import { apiSecurityHeaders } from './platform/http/security-headers';
import { requestContext } from './platform/observability/request-context';

export type AppOptions = { corsOrigins: string[] };

/**
 * The root app: every module's routes chained, so `AppType` carries the whole API for the web's `hc` client.
 * Modules add ONE `.route('/', xRoutes)` line below. Auth is per route (`requireAuth`), never `use('*')` in a
 * module: a sub-app's `use('*')` would apply to every other module's routes too.
 */
export function createApp(opts: AppOptions) {
  // strict: false — the spec writes some calls with a trailing slash (`GET /whatsapp/`, `/users/`, `/tags/`…): both forms answer
  const app = new Hono<AppEnv>({ strict: false });
  // request id (X-Request-Id in and out), request-scoped log fields, the access line and the latency histogram
  app.use(requestContext());
  app.use(apiSecurityHeaders());
  app.use(
    cors({
      origin: (origin) => (opts.corsOrigins.includes(origin) ? origin : null),
      credentials: true,
      allowHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID', 'Idempotency-Key'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      exposeHeaders: ['Content-Disposition', 'Retry-After', 'Idempotent-Replayed'],
    }),
  );
  // before validators and rate limiters (after CORS, so the browser can read the 413): nothing reads an oversized body
  app.use(requestBodyLimits());
  app.onError(onError);
  app.notFound((c) => c.json(errorBody('ERR_NOT_FOUND'), 404));

  const routes = app
    .route('/', healthRoutes)
    .route('/', metricsRoutes)
    .route('/', authRoutes)
    .route('/', usersRoutes)
    .route('/', userAuthorizationsRoutes)
    .route('/', queuesRoutes)
    .route('/', contactsRoutes)
    .route('/', categoryContactsRoutes)
    .route('/', quickAnswersRoutes)
    .route('/', tagsRoutes)
    .route('/', kanbanRoutes)
    .route('/', settingsRoutes)
    .route('/', eventsRoutes)
    .route('/', mediaRoutes)
    .route('/', whatsappRoutes)
    .route('/', simulatorRoutes)
    .route('/', messagesRoutes)
    .route('/', pipelineRoutes)
    .route('/', ticketsRoutes)
    .route('/', reportsRoutes)
    .route('/', messagesListRoutes)
    .route('/', schedulesRoutes)
    .route(
      '/',
      docsRoutes(() => app.routes),
    )
    .route('/', apiTokensRoutes)
    .route('/', campaignSetupsRoutes)
    .route('/', scheduleActionsRoutes)
    .route('/', messageApiRoutes)
    .route('/', flowsRoutes)
    .route('/', campaignEngineRoutes)
    .route('/', botsRoutes)
    .route('/', campaignsRoutes)
    .route('/', aiRoutes)
    .route('/', locationsRoutes)
    .route('/', mailOutboxRoutes)
    .route('/', lookupsRoutes)
    .route('/', saasRoutes)
    .route('/', signupRoutes)
    .route('/', systemControlRoutes)
    .route('/', billingRoutes)
    // the embedded fake payment gateway's pay pages; its webhook reaches this app in-process
    .route(
      '/',
      fakeGatewayRoutes((req) => app.fetch(req)),
    )
    .route('/', billingNoticesRoutes);
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
