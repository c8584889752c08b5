import { atom } from 'jotai';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';

/**
 * `checking` while the startup refresh runs (a token exists), then `authenticated` or `anonymous`.
 * Guards wait while `checking` so a reload of a private page never flashes /login.
 */
export type AuthStatus = 'checking' | 'authenticated' | 'anonymous';

export const authStatusAtom = atom<AuthStatus>(readStorage(STORAGE_KEYS.token) ? 'checking' : 'anonymous');
