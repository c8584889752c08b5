import { atom } from 'jotai';

/** Admin show-all switch (alt+z); null until initialised from the user's showAllTickets setting. */
export const showAllAtom = atom<boolean | null>(null);
