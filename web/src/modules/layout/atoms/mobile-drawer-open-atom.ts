import { atom } from 'jotai';

/** Narrow screens (< 600 px): the temporary drawer is open. */
export const mobileDrawerOpenAtom = atom(false);
