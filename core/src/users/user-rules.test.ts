import { describe, expect, test } from 'bun:test';
import { type Capabilities, capabilities, type PlanFlags } from '../permissions/capabilities';
import { DEFAULT_GROUPS } from './default-groups';
import { checkUserCreate, checkUserDelete, checkUserLimit, checkUserUpdate, type UserRulesTarget } from './user-rules';

const plan: PlanFlags = {
  enableReports: true,
  enableDashboard: true,
  enableCampaigns: true,
  enableSchedules: true,
  enableApi: true,
  enableBots: true,
  enableFlows: true,
  iaIntegrationEnabled: true,
};
const mk = (
  id: number,
  over: { profile?: 'admin' | 'user'; master?: boolean; pay?: boolean; group?: number } = {},
) => ({
  id,
  caps: capabilities({
    profile: over.profile ?? 'user',
    master: over.master ?? false,
    payPanelAccess: over.pay ?? false,
    group: DEFAULT_GROUPS[over.group ?? 0].flags,
    plan,
  }) as Capabilities,
});
const admin = mk(1, { profile: 'admin' });
const master = mk(2, { profile: 'admin', master: true });
const agent = mk(3);
const target = (over: Partial<UserRulesTarget> = {}): UserRulesTarget => ({
  id: 3,
  profile: 'user',
  master: false,
  payPanelAccess: false,
  queueIds: [1],
  userAuthorizationId: 9,
  showAllTickets: false,
  enableGreeting: false,
  signMessage: false,
  ...over,
});
const allowed = (r: { ok: boolean }) => r.ok;

describe('checkUserUpdate', () => {
  test('an agent may edit their own harmless fields, also when the form repeats unchanged admin fields', () => {
    expect(allowed(checkUserUpdate(agent, target(), {}))).toBe(true);
    expect(
      allowed(
        checkUserUpdate(agent, target(), { profile: 'user', queueIds: [1], userAuthorizationId: 9, master: false }),
      ),
    ).toBe(true);
    expect(allowed(checkUserUpdate(agent, target(), { enableGreeting: true, signMessage: true }))).toBe(true);
  });
  test.each([
    ['profile', { profile: 'admin' as const }],
    ['queues', { queueIds: [1, 2] }],
    ['group', { userAuthorizationId: 1 }],
    ['showAllTickets', { showAllTickets: true }],
    ['master', { master: true }],
    ['payPanelAccess', { payPanelAccess: true }],
  ])('an agent may not change their own %s', (_n, change) => {
    expect(checkUserUpdate(agent, target(), change)).toEqual({ ok: false, error: 'ERR_NO_PERMISSION' });
  });
  test('an agent may not edit another user at all', () => {
    expect(allowed(checkUserUpdate(agent, target({ id: 99 }), { enableGreeting: true }))).toBe(false);
  });
  test('an agent whose group disables greeting/signature may not flip them', () => {
    const restricted = {
      id: 3,
      caps: { ...agent.caps, showGreetingSwitch: false, signatureToggle: false },
    };
    expect(allowed(checkUserUpdate(restricted, target(), { enableGreeting: true }))).toBe(false);
    expect(allowed(checkUserUpdate(restricted, target(), { signMessage: true }))).toBe(false);
  });
  test('an admin edits profile, queues and group of another user', () => {
    expect(allowed(checkUserUpdate(admin, target(), { profile: 'admin', queueIds: [2], userAuthorizationId: 1 }))).toBe(
      true,
    );
  });
  test('master field: only a master changes it', () => {
    expect(allowed(checkUserUpdate(admin, target(), { master: true }))).toBe(false);
    expect(allowed(checkUserUpdate(master, target(), { master: true }))).toBe(true);
  });
  test('payPanelAccess: a master or a user who already has it', () => {
    expect(allowed(checkUserUpdate(admin, target(), { payPanelAccess: true }))).toBe(false);
    expect(allowed(checkUserUpdate(master, target(), { payPanelAccess: true }))).toBe(true);
    const payAdmin = mk(5, { profile: 'admin', pay: true });
    expect(allowed(checkUserUpdate(payAdmin, target(), { payPanelAccess: true }))).toBe(true);
  });
  test('a company admin may not edit a master account', () => {
    expect(allowed(checkUserUpdate(admin, target({ master: true }), { name: 'x' } as never))).toBe(false);
    expect(allowed(checkUserUpdate(master, target({ id: 7, master: true }), {}))).toBe(true);
  });
  test('an admin without the administration flag cannot manage others', () => {
    const limited = mk(8, { profile: 'admin', group: 1 });
    expect(allowed(checkUserUpdate(limited, target(), {}))).toBe(false);
  });
});

describe('checkUserCreate / checkUserDelete / checkUserLimit', () => {
  test('create needs manageUsers; master and payPanelAccess need their rights', () => {
    expect(allowed(checkUserCreate(agent, {}))).toBe(false);
    expect(allowed(checkUserCreate(admin, {}))).toBe(true);
    expect(allowed(checkUserCreate(admin, { master: true }))).toBe(false);
    expect(allowed(checkUserCreate(admin, { payPanelAccess: true }))).toBe(false);
    expect(allowed(checkUserCreate(master, { master: true, payPanelAccess: true }))).toBe(true);
  });
  test('delete: admins only, never yourself, masters only by masters', () => {
    expect(allowed(checkUserDelete(agent, { id: 9, master: false }))).toBe(false);
    expect(allowed(checkUserDelete(admin, { id: 9, master: false }))).toBe(true);
    expect(allowed(checkUserDelete(admin, { id: 1, master: false }))).toBe(false);
    expect(allowed(checkUserDelete(admin, { id: 9, master: true }))).toBe(false);
    expect(allowed(checkUserDelete(master, { id: 9, master: true }))).toBe(true);
  });
  test('limit', () => {
    expect(checkUserLimit(2, 3)).toEqual({ ok: true, value: true });
    expect(checkUserLimit(3, 3)).toEqual({ ok: false, error: 'ERR_NO_LIMIT_USER' });
  });
});
