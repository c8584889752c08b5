import { events } from '@zapdesk/core';
import { refreshSession } from '../../lib/api';
import { startSse, stopSse, subscribe } from '../../lib/sse';
import { getSessionToken } from './session-store';

let unsubscribe: (() => void) | null = null;

/**
 * The ONE place the session starts and stops the realtime stream (`lib/sse.ts`): after login/bootstrap, on logout.
 * Channel `user` (update) = this user's profile, group or company flags changed: reload the session user from the
 * server (the refresh answer carries the whole SessionUserDto), so the drawer and top bar follow at once.
 */
export function startLiveUpdates(): void {
  startSse({
    getToken: getSessionToken,
    getFreshToken: async () => (await refreshSession())?.token ?? null,
  });
  unsubscribe?.();
  unsubscribe = subscribe(events.self.of(), (data) => {
    if (data?.action === 'update') void refreshSession();
  });
}

export function stopLiveUpdates(): void {
  unsubscribe?.();
  unsubscribe = null;
  stopSse();
}
