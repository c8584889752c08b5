import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyDto } from '@zapdesk/core';
import { useCallback, useEffect, useState } from 'react';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { IconPlus, IconReceipt } from '../../ui/icons';
import { useCrudState } from '../../ui/use-crud-list';
import { useSessionUser } from '../auth/use-capabilities';
import { CompanySection } from '../companies/company-page-shell';
import { InvoiceDialog } from './invoice-dialog';
import { InvoiceTable } from './invoice-table';
import { invoiceValue } from './invoice-values';
import { companyInvoicesChannel, deleteInvoice, fetchCompanyInvoices, type InvoiceDto } from './invoices-api';
import { useInvoiceLive } from './use-invoice-live';

/**
 * The invoices block of a company page (spec 3 §2: /companiesManager/{id} for the master, /clientCompanyManager for
 * the company's payPanelAccess users): the invoices of the company's plan (`GET /invoiceToPlan/{planId}`), live by
 * each invoice's event; the company pays a PENDING one through its link; the master adds and deletes.
 */
export function CompanyInvoices({ company, master }: { company: CompanyDto; master: boolean }) {
  const { t } = useLingui();
  const [items, setItems] = useState<InvoiceDto[] | null>(null);
  const [creating, setCreating] = useState(false);
  const planId = company.planId;

  const load = useCallback(() => {
    if (!planId) {
      setItems([]);
      return;
    }
    fetchCompanyInvoices(planId, company.id)
      .then(setItems)
      .catch((err) => {
        setItems([]);
        toastError(err);
      });
  }, [planId, company.id]);
  useEffect(load, [load]);

  const upsert = useCallback(
    (invoice: InvoiceDto) =>
      setItems((prev) => {
        const list = prev ?? [];
        const at = list.findIndex((x) => x.id === invoice.id);
        if (at < 0) return [invoice, ...list];
        const next = [...list];
        next[at] = invoice;
        return next;
      }),
    [],
  );
  const remove = useCallback((id: number) => setItems((prev) => (prev ?? []).filter((x) => x.id !== id)), []);
  useInvoiceLive(items ?? [], { upsert, remove });
  // a new invoice of the company (the daily job, the master elsewhere) joins the block: the company's users hear
  // `invoices-{companyId}`, a master every company's on their own company's channel
  const me = useSessionUser();
  useSseChannel(me ? companyInvoicesChannel.of(me.companyId) : null, (e) => {
    if (e.action === 'delete') remove(e.invoiceId);
    else if (e.invoice.companyId === company.id && e.invoice.planId === planId) upsert(e.invoice);
  });
  const crud = useCrudState<InvoiceDto>({
    deleteItem: deleteInvoice,
    deletedMessage: t`Fatura excluída com sucesso`,
    onDeleted: remove,
  });

  return (
    <CompanySection
      icon={<IconReceipt size={18} />}
      title={<Trans>Faturas</Trans>}
      description={<Trans>As faturas do plano da empresa, com pagamento e recibo.</Trans>}
      testId="company-invoices-section"
      actions={
        master && planId ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => setCreating(true)}
            data-testid="company-invoice-add"
          >
            <IconPlus size={16} />
            <Trans>Nova fatura</Trans>
          </button>
        ) : undefined
      }
    >
      {items === null ? (
        <span className="loading loading-dots loading-sm" />
      ) : items.length === 0 ? (
        <p className="text-sm text-base-content/60" data-testid="company-no-invoices">
          {planId ? <Trans>Nenhuma fatura emitida.</Trans> : <Trans>A empresa não tem plano.</Trans>}
        </p>
      ) : (
        <div className="max-h-96 overflow-auto">
          <InvoiceTable
            items={items}
            showCompany={false}
            onDelete={master ? crud.setDeleting : undefined}
            testId="company-invoices-table"
          />
        </div>
      )}
      {creating ? (
        <InvoiceDialog
          company={company}
          onClose={() => setCreating(false)}
          onSaved={(invoice) => {
            setCreating(false);
            upsert(invoice);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir fatura</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(i) => <DeleteText value={invoiceValue(i)} />}
      </ConfirmDeleteDialog>
    </CompanySection>
  );
}

function DeleteText({ value }: { value: string }) {
  return (
    <Trans>
      Excluir a fatura pendente de {value}? O link de pagamento deixa de valer. Esta ação não pode ser desfeita.
    </Trans>
  );
}
