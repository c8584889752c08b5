import { atom } from 'jotai';

/** The open tab's sub-tab: assigned (mine, or everyone's with show-all) or pending. */
export const openSubTabAtom = atom<'assigned' | 'pending'>('assigned');
