import { log } from '../../platform/log';

/**
 * The seam billing offers the notices dispatcher (issue 21): after an invoice change is committed, each listener
 * hears which invoice of which company and what happened. A listener's failure is logged and never undoes nor stops
 * the change (the dispatcher's daily run catches up).
 */
export type InvoiceHookEvent = {
  companyId: number;
  invoiceId: number;
  event: 'created' | 'confirmed' | 'overdue' | 'deleted';
};
export type InvoiceListener = (e: InvoiceHookEvent) => Promise<void> | void;

const listeners = new Set<InvoiceListener>();

/** Registers a listener (startup step of the notices area); answers the function that removes it. */
export function onInvoiceEvent(listener: InvoiceListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the billing service after the change is stored. */
export async function runInvoiceHooks(e: InvoiceHookEvent): Promise<void> {
  for (const l of listeners) {
    try {
      await l(e);
    } catch (err) {
      log.error({ err, ...e }, 'invoice hook failed');
    }
  }
}
