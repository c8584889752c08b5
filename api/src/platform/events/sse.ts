import { ticketViewerOf } from '@zapdesk/core';
import { userCtxOf } from '../auth/actor';
import { unsafeLoadActorRow } from '../auth/actor.repo';
import { type Platform, platform, publishEvent } from '../index';
import { log } from '../log';
import { SSE_DISCONNECT_CHANNEL, SSE_VIEWER_CHANNEL, SseHub, type SseHubOptions } from './sse-hub';
import type { EventBus } from './types';

/** One hub per event bus (= per booted platform), created and subscribed on first use, stopped on shutdown. */
const hubs = new WeakMap<EventBus, SseHub>();
let defaults: SseHubOptions = {};

/** Options for hubs created from now on (tests shorten the heartbeat or the buffer). */
export function configureSseHubs(opts: SseHubOptions): void {
  defaults = opts;
}

export function sseHub(p: Platform = platform()): SseHub {
  let hub = hubs.get(p.events);
  if (!hub) {
    const h = new SseHub(p.events, defaults).start();
    hubs.set(p.events, h);
    p.onShutdown.push(() => h.stop());
    hub = h;
  }
  return hub;
}

/** the current platform's hub if one was made (metrics read it without creating one) */
export function peekSseHub(p: Platform = platform()): SseHub | undefined {
  return hubs.get(p.events);
}

/** Boot step of API processes: the resume buffer fills from the start, before the first client connects. */
export function startSseHub(): void {
  sseHub();
}

/**
 * End the SSE streams of a user (logout, deletion, deactivation, password change) in every API process; without
 * `userId`, every stream of the company (company blocked or deleted). The client's reconnect then meets the auth check.
 */
export function disconnectUserStreams(companyId: number, userId?: number): void {
  publishEvent({ companyId, channel: SSE_DISCONNECT_CHANNEL, data: { action: 'disconnect' }, userId });
}

/**
 * After a change of what users may see (their queues, profile or permission group): their open live streams, in every
 * API process, take the new visibility profile, read fresh from the database here and carried in the bus event, so
 * every process decides alike and events published after this resolves are decided with it.
 */
export async function refreshUserStreams(companyId: number, userIds: Iterable<number>): Promise<void> {
  for (const userId of new Set(userIds)) {
    try {
      const row = await unsafeLoadActorRow(userId);
      if (!row || row.user.companyId !== companyId) continue;
      const viewer = ticketViewerOf(userCtxOf(row));
      publishEvent({ companyId, channel: SSE_VIEWER_CHANNEL, userId, data: { action: 'viewer', viewer } });
    } catch (err) {
      log.warn({ err, companyId, userId }, 'live stream profile refresh failed');
    }
  }
}
