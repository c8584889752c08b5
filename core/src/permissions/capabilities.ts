/**
 * Who may see and do what: profile + permission-group flags + company plan flags + master/payPanelAccess.
 * Pure; the API enforces it (policies) and the web uses it to show/hide (drawer, buttons).
 */
export type Profile = 'admin' | 'user';

export type PermissionGroupFlags = {
  allowNoQueue: boolean;
  allowMultipleTickets: boolean;
  /** 0 all messages of the contact, 1 only those belonging to the user, 2 separated by ticket */
  viewMessagesByTicket: 0 | 1 | 2;
  disableGreeting: boolean;
  disableSignature: boolean;
  enableAdministration: boolean;
  enableDash: boolean;
  allowCategorizeContacts: boolean;
  allowCreateCategoryContacts: boolean;
  allowViewPendingTickets: boolean;
  allowTicketExport: boolean;
};

export type PlanFlags = {
  enableReports: boolean;
  enableDashboard: boolean;
  enableCampaigns: boolean;
  enableSchedules: boolean;
  enableApi: boolean;
  enableBots: boolean;
  enableFlows: boolean;
  iaIntegrationEnabled: boolean;
};

export type Actor = {
  profile: Profile;
  master: boolean;
  payPanelAccess: boolean;
  /** null when the user has no permission group: the new-group defaults apply (spec 1 §9). */
  group: PermissionGroupFlags | null;
  plan: PlanFlags;
};

/** Defaults of a new permission group (spec 1 §9) plus our choices for the flags the spec leaves open. */
export const DEFAULT_GROUP_FLAGS: PermissionGroupFlags = {
  allowNoQueue: true,
  allowMultipleTickets: false,
  viewMessagesByTicket: 0,
  disableGreeting: false,
  disableSignature: false,
  enableAdministration: true,
  enableDash: true,
  allowCategorizeContacts: true,
  allowCreateCategoryContacts: true,
  allowViewPendingTickets: true,
  allowTicketExport: false,
};

export type Capabilities = {
  isAdmin: boolean;
  isMaster: boolean;
  // drawer / screens
  viewDashboard: boolean;
  /** the group's enableDash with the plan's dashboard, any profile: an attendant opens /dash with their own figures */
  viewOwnDashboard: boolean;
  /** the plan's enableDashboard (a refusal says plan, not permission) */
  dashboardInPlan: boolean;
  useCampaigns: boolean;
  administration: boolean;
  viewReports: boolean;
  /** the plan's enableReports */
  reportsInPlan: boolean;
  manageUsers: boolean;
  manageTags: boolean;
  manageQueues: boolean;
  manageLocations: boolean;
  manageBots: boolean;
  /** bot setups and commands (spec 2 §6: the bot screens need the plan's enableBots; owner/admin rules per row) */
  useBots: boolean;
  /** AI integration entry: shown to administrators, enabled only with the plan flag */
  useAi: boolean;
  /** flows screens: shown to administrators, enabled only with the plan flag */
  manageFlows: boolean;
  /** the ';' flows picker in chat */
  useFlows: boolean;
  useApi: boolean;
  manageSettings: boolean;
  financialPanel: boolean;
  useSchedules: boolean;
  // SaaS administration (master)
  manageCompanies: boolean;
  managePlans: boolean;
  manageNotificationTemplates: boolean;
  manageInvoices: boolean;
  systemControl: boolean;
  viewMessageLogs: boolean;
  // named checks of spec 1 §6
  'ticket-options:deleteTicket': boolean;
  'ticket-options:transferWhatsapp': boolean;
  'contacts-page:deleteContact': boolean;
  'user-modal:editProfile': boolean;
  // tickets
  showAllTickets: boolean;
  bulkResolve: boolean;
  viewPendingTickets: boolean;
  allowNoQueue: boolean;
  allowMultipleTickets: boolean;
  exportTickets: boolean;
  viewMessagesByTicket: 0 | 1 | 2;
  // contacts
  categorizeContacts: boolean;
  createCategoryContacts: boolean;
  // connections
  manageConnections: boolean;
  // top bar
  showGreetingSwitch: boolean;
  signatureToggle: boolean;
  // user modal
  editMasterField: boolean;
  editPayPanelAccessField: boolean;
};

export type CapabilityName = {
  [K in keyof Capabilities]: Capabilities[K] extends boolean ? K : never;
}[keyof Capabilities];

export function capabilities(actor: Actor): Capabilities {
  const g = actor.group ?? DEFAULT_GROUP_FLAGS;
  const p = actor.plan;
  const isAdmin = actor.profile === 'admin';
  const isMaster = actor.master;
  const administration = isAdmin && g.enableAdministration;
  return {
    isAdmin,
    isMaster,
    viewDashboard: isAdmin && g.enableDash && p.enableDashboard,
    viewOwnDashboard: g.enableDash && p.enableDashboard,
    dashboardInPlan: p.enableDashboard,
    useCampaigns: isAdmin && p.enableCampaigns,
    administration,
    viewReports: administration && p.enableReports,
    reportsInPlan: p.enableReports,
    manageUsers: administration,
    manageTags: administration,
    manageQueues: administration,
    manageLocations: administration,
    manageBots: administration && p.enableBots,
    useBots: p.enableBots,
    useAi: administration && p.iaIntegrationEnabled,
    manageFlows: administration && p.enableFlows,
    useFlows: p.enableFlows,
    useApi: administration && p.enableApi,
    manageSettings: administration,
    financialPanel: actor.payPanelAccess,
    useSchedules: p.enableSchedules,
    manageCompanies: isMaster,
    managePlans: isMaster,
    manageNotificationTemplates: isMaster,
    manageInvoices: isMaster,
    systemControl: isMaster,
    viewMessageLogs: isMaster,
    'ticket-options:deleteTicket': isAdmin,
    'ticket-options:transferWhatsapp': isAdmin,
    'contacts-page:deleteContact': isAdmin,
    'user-modal:editProfile': isAdmin,
    showAllTickets: isAdmin,
    bulkResolve: isAdmin,
    viewPendingTickets: g.allowViewPendingTickets,
    allowNoQueue: g.allowNoQueue,
    allowMultipleTickets: g.allowMultipleTickets,
    exportTickets: g.allowTicketExport,
    viewMessagesByTicket: g.viewMessagesByTicket,
    categorizeContacts: g.allowCategorizeContacts,
    createCategoryContacts: g.allowCreateCategoryContacts,
    manageConnections: isAdmin,
    showGreetingSwitch: !g.disableGreeting,
    signatureToggle: !g.disableSignature,
    editMasterField: isMaster,
    editPayPanelAccessField: isMaster || actor.payPanelAccess,
  };
}

export type DrawerEntry = {
  key: string;
  path: string;
  section: 'main' | 'admin' | 'administration' | 'saas';
  /** shown but not clickable (spec: AI integration and flows are disabled without the plan flag) */
  disabled?: boolean;
};

/** The drawer of spec 1 §2, in order, for a given capability set. */
export function drawerEntries(c: Capabilities): DrawerEntry[] {
  const e: DrawerEntry[] = [
    { key: 'connections', path: '/connections', section: 'main' },
    { key: 'tickets', path: '/tickets', section: 'main' },
    // spec 2 §2 /kanban: every user, on the tickets of their own queues (docs/DECISIONS.md, Kanban)
    { key: 'kanban', path: '/kanban', section: 'main' },
    { key: 'contacts', path: '/contacts', section: 'main' },
    // spec 1 §6: the plan's enableSchedules gates the schedules entry
    ...(c.useSchedules ? [{ key: 'schedules', path: '/schedules', section: 'main' } as const] : []),
    { key: 'quickAnswers', path: '/quickAnswers', section: 'main' },
  ];
  if (c.isAdmin) {
    if (c.viewDashboard) e.push({ key: 'dashboard', path: '/dash', section: 'admin' });
    if (c.useCampaigns) e.push({ key: 'campaigns', path: '/Campaigns', section: 'admin' });
    // scheduled actions (spec 2 §2 /scheduleAction): company administrators
    e.push({ key: 'scheduleAction', path: '/scheduleAction', section: 'admin' });
    if (c.administration) {
      const a = (key: string, path: string, disabled?: boolean): void => {
        e.push({ key, path, section: 'administration', ...(disabled ? { disabled } : {}) });
      };
      if (c.viewReports) a('reports', '/reports');
      a('users', '/users');
      a('tags', '/tags');
      a('queues', '/queues');
      a('locations', '/locations');
      if (c.manageBots) a('botSetups', '/BotSetups');
      a('aiIntegration', '/botConfig', !c.useAi);
      a('flows', '/flowlist', !c.manageFlows);
      if (c.useApi) a('api', '/api');
      a('settings', '/Settings');
      if (c.financialPanel) a('financial', '/clientCompanyManager');
    }
  }
  if (c.isMaster) {
    e.push({ key: 'companies', path: '/companies', section: 'saas' });
    e.push({ key: 'plans', path: '/plans', section: 'saas' });
    e.push({ key: 'notificationTemplates', path: '/notificationTemplateList', section: 'saas' });
    e.push({ key: 'invoices', path: '/invoices', section: 'saas' });
    e.push({ key: 'systemControl', path: '/systemcontrol', section: 'saas' });
    // ours: the embedded e-mail outbox (sign-up e-mails when no SMTP server is configured)
    e.push({ key: 'mailOutbox', path: '/mailOutbox', section: 'saas' });
  }
  return e;
}
