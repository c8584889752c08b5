import { atom } from 'jotai';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';

/** The access token, mirrored in localStorage (key `token`). Write it through `setSessionToken` (session.ts). */
export const tokenAtom = atom<string | null>(readStorage(STORAGE_KEYS.token));
