import { atom } from 'jotai';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export type Toast = {
  id: number;
  kind: ToastKind;
  message: string;
  /** ms before auto-close; null = persistent (closed by the user or by its action) */
  duration: number | null;
  action?: { label: string; onClick: () => void };
  /** what the toast is about (e.g. `ticket:12`): `dismissToastsOf` closes it when that thing leaves the screen */
  scope?: string;
};

/** The visible toasts, oldest first. Write through `showToast` / `dismissToast` (toast.ts). */
export const toastsAtom = atom<Toast[]>([]);
