import { InvoicesScreen } from '../modules/billing/invoices-screen';

/** /invoices (spec 3 §2): the master's invoices. */
export default function InvoicesPage() {
  return <InvoicesScreen />;
}
