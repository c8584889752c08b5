import { type Actor, type Capabilities, capabilities, type SessionUserDto } from '@zapdesk/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { sessionUserAtom } from './atoms/session-user-atom';

/** The session user as core's `Actor` (profile, master, payPanelAccess, group flags, company plan flags). */
export function actorOf(user: SessionUserDto): Actor {
  return {
    profile: user.profile,
    master: user.master === 1,
    payPanelAccess: user.payPanelAccess,
    group: user.userAuthorization,
    plan: user.company.plan,
  };
}

/** What the logged-in user may see and do (the API enforces the same rules). Null when logged out. */
export function useCapabilities(): Capabilities | null {
  const user = useAtomValue(sessionUserAtom);
  return useMemo(() => (user ? capabilities(actorOf(user)) : null), [user]);
}

export function useSessionUser(): SessionUserDto | null {
  return useAtomValue(sessionUserAtom);
}
