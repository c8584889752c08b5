import { useEffect, useRef } from 'react';
import { subscribe } from '../../lib/sse';
import { type InvoiceDto, type InvoiceEvent, invoiceChannel } from './invoices-api';

/**
 * Live invoices (spec 3 §4/§7: one event per invoice, `invoice-{id}`): listens to the channel of every invoice on
 * screen and hands each change to the list (`upsert` the new state, `remove` a deleted one).
 */
export function useInvoiceLive(
  items: readonly InvoiceDto[],
  on: { upsert: (invoice: InvoiceDto) => void; remove: (id: number) => void },
): void {
  const ref = useRef(on);
  ref.current = on;
  const key = items.map((i) => i.id).join(',');
  useEffect(() => {
    if (!key) return;
    const offs = key.split(',').map((id) =>
      subscribe(invoiceChannel.of(Number(id)), (e: InvoiceEvent) => {
        if (e.action === 'delete') ref.current.remove(e.invoiceId);
        else ref.current.upsert(e.invoice);
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [key]);
}
