import { atom } from 'jotai';

/** Wide screens: the permanent drawer is collapsed to icons (spec 1 §2 "collapsible"). */
export const drawerCollapsedAtom = atom(false);
