import { atom } from 'jotai';

/** Queues the open/pending/closed lists are limited to; null until initialised (the user's queues, or all for admins). */
export const selectedQueuesAtom = atom<number[] | null>(null);
