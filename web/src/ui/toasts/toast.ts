import { appStore } from '../../lib/store';
import { type Toast, type ToastKind, toastsAtom } from './toasts-atom';

/** Spec 1 §8: toasts auto-close after 3 s unless told otherwise. */
export const DEFAULT_TOAST_MS = 3000;
const MAX_VISIBLE = 5;

export type ToastOptions = {
  /** ms; default 3000 */
  duration?: number;
  /** stays until closed (or its action is used) */
  persistent?: boolean;
  /** e.g. { label: t`Visualizar ticket`, onClick: () => navigate(`/tickets/${id}`) }; the toast closes after it */
  action?: { label: string; onClick: () => void };
};

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  appStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

export function showToast(kind: ToastKind, message: string, opts: ToastOptions = {}): number {
  const id = nextId++;
  const duration = opts.persistent ? null : (opts.duration ?? DEFAULT_TOAST_MS);
  const toast: Toast = { id, kind, message, duration, action: opts.action };
  const current = appStore.get(toastsAtom);
  // the oldest go first when too many pile up
  for (const old of current.slice(0, Math.max(0, current.length - MAX_VISIBLE + 1))) dismissToast(old.id);
  appStore.set(toastsAtom, (list) => [...list, toast]);
  if (duration !== null)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  return id;
}

export const toast = {
  success: (message: string, opts?: ToastOptions) => showToast('success', message, opts),
  error: (message: string, opts?: ToastOptions) => showToast('error', message, opts),
  warning: (message: string, opts?: ToastOptions) => showToast('warning', message, opts),
  info: (message: string, opts?: ToastOptions) => showToast('info', message, opts),
};
