import { lazy } from 'react';
import type { PageComponent } from './lib/route-types';

/**
 * Every route of the spec (spec 1 §2, spec 2 §2, spec 3 §2) → a lazy page. ONE LINE PER ROUTE.
 *
 * Each page is `page(() => import('./pages/<area>-page'))` (the module's default export receives `{ params }`).
 * Paths are case-sensitive like the spec's; aliases are listed explicitly.
 *
 * access: `private` → logged-in users, inside the main layout (drawer + top bar), else redirect to /login;
 *         `publicOnly` → /login and /signup, a logged-in user is sent to /;
 *         `public` → anyone, no layout (store, subscription, notification redirect).
 */
export type RouteAccess = 'private' | 'public' | 'publicOnly';
export type RouteDef = { path: string; access: RouteAccess; page: PageComponent };

const page = (load: () => Promise<{ default: PageComponent }>): PageComponent => lazy(load);

export const ROUTES: RouteDef[] = [
  // public-only (spec 1 §2)
  { path: '/login', access: 'publicOnly', page: page(() => import('./modules/auth/login-page')) },
  { path: '/signup', access: 'publicOnly', page: page(() => import('./modules/auth/signup-page')) },

  // public (spec 1 §2, spec 3 §2)
  { path: '/store/:planId?', access: 'public', page: page(() => import('./pages/store-page')) },
  { path: '/subscription/:leadId?', access: 'public', page: page(() => import('./pages/subscription-page')) },
  {
    path: '/n/:notificationPlatform/:notificationId',
    access: 'public',
    page: page(() => import('./pages/notice-redirect-page')),
  },

  // private: attendance core (spec 1)
  { path: '/tickets/:ticketId?', access: 'private', page: page(() => import('./pages/tickets-page')) },
  { path: '/connections', access: 'private', page: page(() => import('./pages/connections-page')) },
  // the phone mock-up of a simulator connection (our route, reached from /connections; docs/DECISIONS.md)
  { path: '/simulator/:whatsappId', access: 'private', page: page(() => import('./pages/simulator-page')) },
  { path: '/contacts/:p?', access: 'private', page: page(() => import('./pages/contacts-page')) },
  { path: '/CategoryContact', access: 'private', page: page(() => import('./pages/category-contacts-page')) },
  { path: '/users', access: 'private', page: page(() => import('./pages/users-page')) },
  { path: '/UserAuthorizations', access: 'private', page: page(() => import('./pages/user-authorizations-page')) },
  { path: '/quickAnswers', access: 'private', page: page(() => import('./pages/quick-answers-page')) },
  { path: '/Settings', access: 'private', page: page(() => import('./pages/settings-page')) },
  { path: '/queues/:param?', access: 'private', page: page(() => import('./pages/queues-page')) },
  { path: '/tags', access: 'private', page: page(() => import('./pages/tags-page')) },

  // private: automation and outbound (spec 2)
  { path: '/schedules', access: 'private', page: page(() => import('./pages/schedules-page')) },
  { path: '/scheduleAction', access: 'private', page: page(() => import('./pages/schedule-actions-page')) },
  { path: '/CampaignSetups', access: 'private', page: page(() => import('./pages/campaign-setups-page')) },
  { path: '/Campaigns', access: 'private', page: page(() => import('./pages/campaigns-page')) },
  {
    path: '/CampaignsManager/:campaignId?',
    access: 'private',
    page: page(() => import('./pages/campaigns-manager-page')),
  },
  {
    path: '/CampaignsCreator/:campaignId?',
    access: 'private',
    page: page(() => import('./pages/campaigns-creator-page')),
  },
  { path: '/BotSetups', access: 'private', page: page(() => import('./pages/bot-setups-page')) },
  { path: '/Bots/:botSetupId?/:botSetupName?', access: 'private', page: page(() => import('./pages/bots-page')) },
  { path: '/botConfig/:id?', access: 'private', page: page(() => import('./pages/bot-configs-page')) },
  { path: '/integration', access: 'private', page: page(() => import('./pages/integrations-page')) },
  { path: '/flowList', access: 'private', page: page(() => import('./pages/flows-page')) },
  { path: '/flowlist', access: 'private', page: page(() => import('./pages/flows-page')) },
  { path: '/flowmanager/:flowId?', access: 'private', page: page(() => import('./pages/flow-manager-page')) },
  { path: '/api', access: 'private', page: page(() => import('./pages/api-page')) },
  { path: '/apisendmessage', access: 'private', page: page(() => import('./pages/api-tokens-page')) },
  { path: '/api_old', access: 'private', page: page(() => import('./pages/api-documentation-page')) },
  { path: '/ApiDocumentation', access: 'private', page: page(() => import('./pages/api-documentation-page')) },
  { path: '/internalDocs', access: 'private', page: page(() => import('./pages/internal-docs-page')) },
  { path: '/InternalDocs', access: 'private', page: page(() => import('./pages/internal-docs-page')) },
  { path: '/kanban', access: 'private', page: page(() => import('./pages/kanban-page')) },
  { path: '/locations/:id?', access: 'private', page: page(() => import('./pages/locations-page')) },
  { path: '/maps', access: 'private', page: page(() => import('./pages/maps-page')) },

  // private: platform administration and reporting (spec 3)
  { path: '/dash', access: 'private', page: page(() => import('./pages/dash-page')) },
  { path: '/reports', access: 'private', page: page(() => import('./pages/reports-page')) },
  { path: '/companies', access: 'private', page: page(() => import('./pages/companies-page')) },
  { path: '/CreateNewCompany', access: 'private', page: page(() => import('./pages/create-company-page')) },
  {
    path: '/companiesManager/:companyId?',
    access: 'private',
    page: page(() => import('./pages/company-manager-page')),
  },
  {
    path: '/clientCompanyManager',
    access: 'private',
    page: page(() => import('./pages/client-company-manager-page')),
  },
  { path: '/plans', access: 'private', page: page(() => import('./pages/plans-page')) },
  { path: '/invoices', access: 'private', page: page(() => import('./pages/invoices-page')) },
  {
    path: '/notificationTemplateList',
    access: 'private',
    page: page(() => import('./pages/notification-templates-page')),
  },
  {
    path: '/notificationTemplatelist',
    access: 'private',
    page: page(() => import('./pages/notification-templates-page')),
  },
  {
    path: '/notificationTemplateManager/:templatesNotificationId?',
    access: 'private',
    page: page(() => import('./pages/notification-template-manager-page')),
  },
  { path: '/systemControl', access: 'private', page: page(() => import('./pages/system-control-page')) },
  { path: '/systemcontrol', access: 'private', page: page(() => import('./pages/system-control-page')) },
  { path: '/messageLogs', access: 'private', page: page(() => import('./pages/message-logs-page')) },
  // ours: the embedded e-mail outbox (master; DECISIONS "Public store, mail and lookups")
  { path: '/mailOutbox', access: 'private', page: page(() => import('./pages/mail-outbox-page')) },
];
