import type { SessionUserDto } from '@zapdesk/core';
import { atom } from 'jotai';

/** The logged-in user as `/auth/login` and `/auth/refresh_token` answer it; null while unknown or logged out. */
export const sessionUserAtom = atom<SessionUserDto | null>(null);
