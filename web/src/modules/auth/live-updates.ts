import { refreshSession } from '../../lib/api';
import { startSse, stopSse } from '../../lib/sse';
import { getSessionToken } from './session-store';

/** The ONE place the session starts and stops the realtime stream (`lib/sse.ts`): after login/bootstrap, on logout. */
export function startLiveUpdates(): void {
  startSse({
    getToken: getSessionToken,
    getFreshToken: async () => (await refreshSession())?.token ?? null,
  });
}

export function stopLiveUpdates(): void {
  stopSse();
}
