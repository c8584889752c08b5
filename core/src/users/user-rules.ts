import { ok, type Result, refuse } from '../errors';
import type { Capabilities } from '../permissions/capabilities';

/**
 * Who may create, edit and delete which user fields (spec 1 §6), as pure rules the API enforces.
 * A field is only checked when its value actually changes: the user modal sends the whole form, also when a user
 * edits their own greeting, so an unchanged `profile` must not be refused.
 */
export type UserRulesActor = {
  id: number;
  caps: Pick<
    Capabilities,
    | 'manageUsers'
    | 'user-modal:editProfile'
    | 'editMasterField'
    | 'editPayPanelAccessField'
    | 'showGreetingSwitch'
    | 'signatureToggle'
  >;
};

export type UserRulesTarget = {
  id: number;
  profile: 'admin' | 'user';
  master: boolean;
  payPanelAccess: boolean;
  queueIds: number[];
  userAuthorizationId: number | null;
  showAllTickets: boolean;
  enableGreeting: boolean;
  signMessage: boolean;
};

export type UserRulesChange = {
  profile?: 'admin' | 'user';
  master?: boolean;
  payPanelAccess?: boolean;
  queueIds?: number[];
  userAuthorizationId?: number | null;
  showAllTickets?: boolean;
  enableGreeting?: boolean;
  signMessage?: boolean;
};

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

export function checkUserCreate(
  actor: UserRulesActor,
  input: { master?: boolean; payPanelAccess?: boolean },
): Result<true, 'ERR_NO_PERMISSION'> {
  if (!actor.caps.manageUsers) return refuse('ERR_NO_PERMISSION');
  if (input.master && !actor.caps.editMasterField) return refuse('ERR_NO_PERMISSION');
  if (input.payPanelAccess && !actor.caps.editPayPanelAccessField) return refuse('ERR_NO_PERMISSION');
  return ok(true);
}

export function checkUserUpdate(
  actor: UserRulesActor,
  target: UserRulesTarget,
  change: UserRulesChange,
): Result<true, 'ERR_NO_PERMISSION'> {
  const self = actor.id === target.id;
  const manager = actor.caps.manageUsers;
  if (!self && !manager) return refuse('ERR_NO_PERMISSION');
  // a company admin must not take over a platform (master) account
  if (!self && target.master && !actor.caps.editMasterField) return refuse('ERR_NO_PERMISSION');

  const changed = <K extends keyof UserRulesChange>(k: K) =>
    change[k] !== undefined && change[k] !== (target as UserRulesChange)[k];

  if (changed('profile') && !(manager && actor.caps['user-modal:editProfile'])) return refuse('ERR_NO_PERMISSION');
  if (
    change.queueIds !== undefined &&
    !sameSet(change.queueIds, target.queueIds) &&
    !(manager && actor.caps['user-modal:editProfile'])
  )
    return refuse('ERR_NO_PERMISSION');
  if (changed('userAuthorizationId') && !manager) return refuse('ERR_NO_PERMISSION');
  if (changed('showAllTickets') && !manager) return refuse('ERR_NO_PERMISSION');
  if (changed('master') && !actor.caps.editMasterField) return refuse('ERR_NO_PERMISSION');
  if (changed('payPanelAccess') && !actor.caps.editPayPanelAccessField) return refuse('ERR_NO_PERMISSION');
  if (changed('payPanelAccess') && !self && !manager) return refuse('ERR_NO_PERMISSION');
  // the greeting switch and the signature toggle are hidden by the group's disableGreeting / disableSignature
  if (!manager && changed('enableGreeting') && !actor.caps.showGreetingSwitch) return refuse('ERR_NO_PERMISSION');
  if (!manager && changed('signMessage') && !actor.caps.signatureToggle) return refuse('ERR_NO_PERMISSION');
  return ok(true);
}

export function checkUserDelete(
  actor: UserRulesActor,
  target: { id: number; master: boolean },
): Result<true, 'ERR_NO_PERMISSION'> {
  if (!actor.caps.manageUsers) return refuse('ERR_NO_PERMISSION');
  // deleting yourself would end your own session mid-request and can leave a company without an admin
  if (actor.id === target.id) return refuse('ERR_NO_PERMISSION');
  if (target.master && !actor.caps.editMasterField) return refuse('ERR_NO_PERMISSION');
  return ok(true);
}

/** Plan user limit (company.numberAttendants): a new user is refused once the company has that many. */
export function checkUserLimit(currentUsers: number, limit: number): Result<true, 'ERR_NO_LIMIT_USER'> {
  return currentUsers >= limit ? refuse('ERR_NO_LIMIT_USER') : ok(true);
}
