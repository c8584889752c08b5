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
  /** ties the toast to what it is about (see `dismissToastsOf`): a warning must not outlive its subject */
  scope?: string;
};

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  appStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

/**
 * Closes every toast about `scope` or one of its parts (`ticket:12` also closes `ticket:12:noQueue`): the open
 * ticket's warnings when the user leaves that ticket.
 */
export function dismissToastsOf(scope: string): void {
  for (const t of appStore.get(toastsAtom)) {
    if (t.scope === scope || t.scope?.startsWith(`${scope}:`)) dismissToast(t.id);
  }
}

/** the scope of a ticket's own toasts (they go when its chat closes), or of one of its warnings */
export const ticketToastScope = (ticketId: number, part?: string): string =>
  part ? `ticket:${ticketId}:${part}` : `ticket:${ticketId}`;

export function showToast(kind: ToastKind, message: string, opts: ToastOptions = {}): number {
  const id = nextId++;
  const duration = opts.persistent ? null : (opts.duration ?? DEFAULT_TOAST_MS);
  const toast: Toast = { id, kind, message, duration, action: opts.action, scope: opts.scope };
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
