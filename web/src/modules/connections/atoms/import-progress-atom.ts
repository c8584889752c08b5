import { atom } from 'jotai';

export type ImportProgress = { this: number; all: number; state: 'preparing' | 'running' | 'done' | 'failed' };

/** Live progress of history imports per connection id (`importMessages-{companyId}`). */
export const importProgressAtom = atom<Record<number, ImportProgress>>({});
