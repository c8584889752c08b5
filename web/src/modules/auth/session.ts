import type { SessionUserDto } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import { navigate } from 'wouter/use-browser-location';
import { api, refreshSession } from '../../lib/api';
import { appStore } from '../../lib/store';
import { migrateStoredVolume } from '../preferences/volume';
import { updateUser } from '../users/users-api';
import { authStatusAtom } from './atoms/auth-status-atom';
import { sessionUserAtom } from './atoms/session-user-atom';
import { startLiveUpdates, stopLiveUpdates } from './live-updates';
import { clearSession, dropSession, getSessionToken, setSession } from './session-store';

/** Startup: with a stored token, renew it through the refresh cookie (spec 1 §7) before showing private pages. */
export async function bootstrapSession(): Promise<void> {
  if (!getSessionToken()) {
    appStore.set(authStatusAtom, 'anonymous');
    return;
  }
  const s = await refreshSession();
  if (!s) {
    dropSession();
    return;
  }
  startLiveUpdates();
  moveStoredVolume(s.user);
}

/** An older version's browser-only volume becomes the user's server value, once (see preferences/volume). */
function moveStoredVolume(user: SessionUserDto): void {
  migrateStoredVolume(user.volume, async (volume) => {
    await updateUser(user.id, { volume });
  }).then(
    (volume) => volume !== null && patchSessionUser({ volume }),
    (err) => console.warn('[volume] not moved to the server yet', err),
  );
}

export async function login(email: string, password: string): Promise<SessionUserDto> {
  const s = await parseResponse(api.auth.login.$post({ json: { email, password } }));
  setSession(s.token, s.user);
  startLiveUpdates();
  moveStoredVolume(s.user);
  return s.user;
}

/**
 * Sign-up answers the same whether or not the e-mail already had an account (no enumeration), without a session:
 * the new account's owner is then logged in with the credentials just typed. Resolves null when that login is
 * refused (the e-mail belonged to someone else, or is throttled): the page then says to log in.
 */
export async function signup(input: { name: string; email: string; password: string }): Promise<SessionUserDto | null> {
  await parseResponse(api.auth.signup.$post({ json: input }));
  try {
    return await login(input.email, input.password);
  } catch {
    return null;
  }
}

/** Spec 1 §4: logout clears all local storage and returns to /login, even if the server call fails. */
export async function logout(): Promise<void> {
  stopLiveUpdates();
  try {
    await api.auth.logout.$delete();
  } catch {
    // offline: the local session still ends
  }
  clearSession();
  navigate('/login', { replace: true });
}

/** Merge a server answer about the current user (profile save, greeting switch, `user` SSE update). */
export function patchSessionUser(patch: Partial<SessionUserDto>): void {
  appStore.set(sessionUserAtom, (u) => (u ? { ...u, ...patch } : u));
}
