import type { SessionUserDto } from '@zapdesk/core';
import { clearStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { appStore } from '../../lib/store';
import { authStatusAtom } from './atoms/auth-status-atom';
import { sessionUserAtom } from './atoms/session-user-atom';
import { tokenAtom } from './atoms/token-atom';

/** Session state transitions shared by the API client and the session actions (no network here). */
export function getSessionToken(): string | null {
  return appStore.get(tokenAtom);
}

export function setSessionToken(token: string | null): void {
  writeStorage(STORAGE_KEYS.token, token);
  appStore.set(tokenAtom, token);
}

export function setSession(token: string, user: SessionUserDto): void {
  setSessionToken(token);
  appStore.set(sessionUserAtom, user);
  appStore.set(authStatusAtom, 'authenticated');
}

/** 401 anywhere: the token is dropped and the user is logged out (the private guard sends them to /login). */
export function dropSession(): void {
  setSessionToken(null);
  appStore.set(sessionUserAtom, null);
  appStore.set(authStatusAtom, 'anonymous');
}

/** Logout (spec 1 §4): all of local storage goes, not only the token (theme, drafts, volume…). */
export function clearSession(): void {
  clearStorage();
  appStore.set(tokenAtom, null);
  appStore.set(sessionUserAtom, null);
  appStore.set(authStatusAtom, 'anonymous');
}
