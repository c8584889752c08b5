import { describe, expect, test } from 'bun:test';
import { DEFAULT_GROUPS } from '../users/default-groups';
import {
  type Actor,
  type Capabilities,
  capabilities,
  DEFAULT_GROUP_FLAGS,
  drawerEntries,
  type PermissionGroupFlags,
  type PlanFlags,
} from './capabilities';

const ALL_PLAN: PlanFlags = {
  enableReports: true,
  enableDashboard: true,
  enableCampaigns: true,
  enableSchedules: true,
  enableApi: true,
  enableBots: true,
  enableFlows: true,
  iaIntegrationEnabled: true,
};
const NO_PLAN: PlanFlags = Object.fromEntries(Object.keys(ALL_PLAN).map((k) => [k, false])) as PlanFlags;
const FULL_GROUP: PermissionGroupFlags = DEFAULT_GROUPS[0].flags;

function actor(over: Partial<Actor> = {}): Actor {
  return { profile: 'admin', master: false, payPanelAccess: false, group: FULL_GROUP, plan: ALL_PLAN, ...over };
}
const caps = (over: Partial<Actor> = {}) => capabilities(actor(over));

describe('plan flags gate their features (spec 1 §6, spec 2 §1)', () => {
  const rows: [keyof PlanFlags, keyof Capabilities][] = [
    ['enableDashboard', 'viewDashboard'],
    ['enableCampaigns', 'useCampaigns'],
    ['enableReports', 'viewReports'],
    ['enableBots', 'manageBots'],
    ['enableBots', 'useBots'],
    ['iaIntegrationEnabled', 'useAi'],
    ['enableFlows', 'manageFlows'],
    ['enableFlows', 'useFlows'],
    ['enableApi', 'useApi'],
    ['enableSchedules', 'useSchedules'],
  ];
  test.each(rows)('%s gates %s', (flag, cap) => {
    expect(caps({ plan: ALL_PLAN })[cap]).toBe(true);
    expect(caps({ plan: { ...ALL_PLAN, [flag]: false } })[cap]).toBe(false);
    // the flag alone, every other plan flag off, is enough
    expect(caps({ plan: { ...NO_PLAN, [flag]: true } })[cap]).toBe(true);
  });
});

describe('group flags (spec 1 §6)', () => {
  const rows: [keyof PermissionGroupFlags, keyof Capabilities, boolean][] = [
    ['enableDash', 'viewDashboard', true],
    ['enableAdministration', 'administration', true],
    ['enableAdministration', 'manageUsers', true],
    ['enableAdministration', 'manageQueues', true],
    ['enableAdministration', 'manageTags', true],
    ['enableAdministration', 'manageSettings', true],
    ['enableAdministration', 'viewReports', true],
    ['allowViewPendingTickets', 'viewPendingTickets', true],
    ['allowNoQueue', 'allowNoQueue', true],
    ['allowMultipleTickets', 'allowMultipleTickets', true],
    ['allowTicketExport', 'exportTickets', true],
    ['allowCategorizeContacts', 'categorizeContacts', true],
    ['allowCreateCategoryContacts', 'createCategoryContacts', true],
    // the disable* flags hide their toggle
    ['disableGreeting', 'showGreetingSwitch', false],
    ['disableSignature', 'signatureToggle', false],
  ];
  test.each(rows)('%s → %s', (flag, cap, onMeans) => {
    expect(caps({ group: { ...FULL_GROUP, [flag]: true } })[cap]).toBe(onMeans);
    expect(caps({ group: { ...FULL_GROUP, [flag]: false } })[cap]).toBe(!onMeans);
  });

  test('viewMessagesByTicket passes through (0, 1, 2)', () => {
    for (const v of [0, 1, 2] as const) {
      expect(caps({ group: { ...FULL_GROUP, viewMessagesByTicket: v } }).viewMessagesByTicket).toBe(v);
    }
  });

  test('a user without a group gets the new-group defaults of spec 1 §9', () => {
    const c = caps({ group: null });
    expect(DEFAULT_GROUP_FLAGS.allowNoQueue).toBe(true);
    expect(DEFAULT_GROUP_FLAGS.allowMultipleTickets).toBe(false);
    expect(DEFAULT_GROUP_FLAGS.enableAdministration).toBe(true);
    expect(DEFAULT_GROUP_FLAGS.enableDash).toBe(true);
    expect(c.allowNoQueue).toBe(true);
    expect(c.allowMultipleTickets).toBe(false);
    expect(c.administration).toBe(true);
    expect(c.viewDashboard).toBe(true);
  });
});

describe('profile: admin-only checks (spec 1 §6)', () => {
  const adminOnly: (keyof Capabilities)[] = [
    'isAdmin',
    'ticket-options:deleteTicket',
    'ticket-options:transferWhatsapp',
    'contacts-page:deleteContact',
    'user-modal:editProfile',
    'showAllTickets',
    'bulkResolve',
    'manageConnections',
    'viewDashboard',
    'useCampaigns',
    'administration',
    'manageUsers',
    'manageQueues',
    'manageTags',
    'manageLocations',
    'manageSettings',
    'viewReports',
    'manageBots',
    'useAi',
    'manageFlows',
    'useApi',
  ];
  test.each(adminOnly)('%s: admin yes, user no', (cap) => {
    expect(caps({ profile: 'admin' })[cap]).toBe(true);
    expect(caps({ profile: 'user' })[cap]).toBe(false);
  });

  test('an admin whose group lacks enableAdministration has no administration menu but keeps admin checks', () => {
    const c = caps({ group: { ...FULL_GROUP, enableAdministration: false } });
    expect(c.manageUsers).toBe(false);
    expect(c.manageQueues).toBe(false);
    expect(c['user-modal:editProfile']).toBe(true);
    expect(c['ticket-options:deleteTicket']).toBe(true);
  });

  test('agents keep the features every user has', () => {
    const c = caps({ profile: 'user' });
    expect(c.useSchedules).toBe(true);
    expect(c.useFlows).toBe(true);
    expect(c.viewPendingTickets).toBe(true);
  });
});

describe('master and payPanelAccess', () => {
  const masterOnly: (keyof Capabilities)[] = [
    'isMaster',
    'manageCompanies',
    'managePlans',
    'manageNotificationTemplates',
    'manageInvoices',
    'systemControl',
    'viewMessageLogs',
    'editMasterField',
  ];
  test.each(masterOnly)('%s needs master', (cap) => {
    expect(caps({ master: true })[cap]).toBe(true);
    expect(caps({ master: false })[cap]).toBe(false);
    // master is independent of profile
    expect(caps({ master: true, profile: 'user' })[cap]).toBe(true);
  });

  test('financial panel needs payPanelAccess', () => {
    expect(caps({ payPanelAccess: true }).financialPanel).toBe(true);
    expect(caps({ payPanelAccess: false, master: true }).financialPanel).toBe(false);
  });

  test('payPanelAccess field: editable by a master or by a user who already has the access', () => {
    expect(caps({ master: true }).editPayPanelAccessField).toBe(true);
    expect(caps({ payPanelAccess: true }).editPayPanelAccessField).toBe(true);
    expect(caps({}).editPayPanelAccessField).toBe(false);
  });
});

describe('drawer entries', () => {
  const demoAdmin = caps({ master: true, payPanelAccess: true });
  const demoAgent = caps({ profile: 'user', group: DEFAULT_GROUPS[2].flags });
  const keys = (c: Capabilities) => drawerEntries(c).map((e) => e.key);
  const main = ['connections', 'tickets', 'kanban', 'contacts', 'schedules', 'quickAnswers'];

  test('demo agent sees only the entries every user has', () => {
    expect(keys(demoAgent)).toEqual(main);
  });

  test('demo admin (master, payPanelAccess, every plan feature) sees everything, in order', () => {
    expect(keys(demoAdmin)).toEqual([
      ...main,
      'dashboard',
      'campaigns',
      'scheduleAction',
      'reports',
      'users',
      'tags',
      'queues',
      'locations',
      'botSetups',
      'aiIntegration',
      'flows',
      'api',
      'settings',
      'financial',
      'companies',
      'plans',
      'notificationTemplates',
      'invoices',
      'systemControl',
      'mailOutbox',
    ]);
    expect(drawerEntries(demoAdmin).every((e) => !e.disabled)).toBe(true);
  });

  test('AI and flows entries are shown disabled without their plan flag', () => {
    const e = drawerEntries(caps({ plan: { ...ALL_PLAN, iaIntegrationEnabled: false, enableFlows: false } }));
    expect(e.find((x) => x.key === 'aiIntegration')?.disabled).toBe(true);
    expect(e.find((x) => x.key === 'flows')?.disabled).toBe(true);
  });

  test('campaigns and dashboard entries follow plan and group flags', () => {
    const noCampaigns = keys(caps({ plan: { ...ALL_PLAN, enableCampaigns: false } }));
    expect(noCampaigns).not.toContain('campaigns');
    const noDash = keys(caps({ group: { ...FULL_GROUP, enableDash: false } }));
    expect(noDash).not.toContain('dashboard');
    const noAdmin = keys(caps({ group: { ...FULL_GROUP, enableAdministration: false } }));
    expect(noAdmin).not.toContain('users');
    expect(noAdmin).toContain('dashboard');
  });

  test('the schedules entry follows the plan flag (for agents and admins alike)', () => {
    expect(keys(caps({ plan: { ...ALL_PLAN, enableSchedules: false } }))).not.toContain('schedules');
    const agentNoSchedules = caps({
      profile: 'user',
      group: DEFAULT_GROUPS[2].flags,
      plan: { ...ALL_PLAN, enableSchedules: false },
    });
    expect(keys(agentNoSchedules)).toEqual(main.filter((k) => k !== 'schedules'));
  });

  test('a non-admin master sees the SaaS menu but no admin section', () => {
    const k = keys(caps({ profile: 'user', master: true }));
    expect(k).toContain('companies');
    expect(k).not.toContain('users');
  });
});
