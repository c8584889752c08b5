import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { IconReceipt, IconSettings } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { useCrudState } from '../../ui/use-crud-list';
import { textMatches, usePagedList } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { InvoiceDialog } from './invoice-dialog';
import { useInvoiceStatusLabel } from './invoice-status';
import { InvoiceTable } from './invoice-table';
import { invoiceValue } from './invoice-values';
import {
  type BillingSettings,
  companyInvoicesChannel,
  deleteInvoice,
  fetchBillingSettings,
  fetchInvoicesPage,
  INVOICE_STATUSES,
  type InvoiceDto,
  type InvoiceStatus,
  saveBillingSettings,
} from './invoices-api';
import { useInvoiceLive } from './use-invoice-live';

/**
 * /invoices (spec 3 §2, master): every company's invoices, searchable by company and filtered by status, paged with
 * infinite scroll and kept live by each invoice's event; a manual invoice for a company; delete a PENDING one.
 */
export function InvoicesScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.manageInvoices) return <NoPermission />;
  return <InvoicesPage />;
}

function InvoicesPage() {
  const { t } = useLingui();
  const statusLabel = useInvoiceStatusLabel();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<InvoiceDto | null>(null);
  return (
    <PageCard
      title={<Trans>Faturas</Trans>}
      subtitle={<Trans>Cobranças dos planos das empresas clientes</Trans>}
      testId="invoices-page"
      actions={
        <>
          <GraceSetting />
          <AddButton onClick={() => setCreating(true)} testId="invoice-add">
            <Trans>Nova fatura</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <>
          <SearchInput
            onSearch={setSearch}
            placeholder={t`Pesquisar por empresa`}
            className="w-full sm:w-80"
            testId="invoices-search"
          />
          <select
            className="select select-sm w-full sm:w-48"
            value={status}
            onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}
            aria-label={t`Situação`}
            data-testid="invoices-status-filter"
          >
            <option value="">{t`Todas as situações`}</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </>
      }
    >
      <InvoicesList key={status} search={search} status={status} created={created} />
      {creating ? (
        <InvoiceDialog
          onClose={() => setCreating(false)}
          onSaved={(invoice) => {
            setCreating(false);
            setCreated(invoice);
          }}
        />
      ) : null}
    </PageCard>
  );
}

function InvoicesList({
  search,
  status,
  created,
}: {
  search: string;
  status: InvoiceStatus | '';
  /** the invoice the dialog just created: shown at once */
  created: InvoiceDto | null;
}) {
  const { t } = useLingui();
  const list = usePagedList<InvoiceDto>({
    fetchPage: (text, page) => fetchInvoicesPage({ status }, text, page),
    search,
    matches: (i, s) => (!status || i.status === status) && textMatches([i.companyName], s),
    onError: toastError,
  });
  const { upsert } = list;
  useEffect(() => {
    if (created) upsert(created);
  }, [created, upsert]);
  useInvoiceLive(list.items, list);
  // new invoices of any company (the daily job, another master): a master hears every company's on their own
  const me = useSessionUser();
  useSseChannel(me ? companyInvoicesChannel.of(me.companyId) : null, (e) => {
    if (e.action === 'delete') list.remove(e.invoiceId);
    else list.upsert(e.invoice);
  });
  const crud = useCrudState<InvoiceDto>({
    deleteItem: deleteInvoice,
    deletedMessage: t`Fatura excluída com sucesso`,
    onDeleted: list.remove,
  });
  const searching = !!search || !!status;
  return (
    <>
      <PagedListBody
        list={list}
        testId="invoices-scroll"
        empty={
          <EmptyState
            icon={<IconReceipt size={28} />}
            title={searching ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhuma fatura emitida</Trans>}
            description={
              searching ? (
                <Trans>Nenhuma fatura corresponde à pesquisa.</Trans>
              ) : (
                <Trans>As faturas dos planos aparecem aqui quando são geradas ou criadas.</Trans>
              )
            }
          />
        }
      >
        <InvoiceTable items={list.items} showCompany onDelete={crud.setDeleting} testId="invoices-table" />
      </PagedListBody>
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir fatura</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(i) => <DeleteText company={i.companyName} value={invoiceValue(i)} />}
      </ConfirmDeleteDialog>
    </>
  );
}

function DeleteText({ company, value }: { company: string; value: string }) {
  return (
    <Trans>
      Excluir a fatura pendente de {value} da empresa "{company}"? O link de pagamento deixa de valer. Esta ação não
      pode ser desfeita.
    </Trans>
  );
}

/**
 * The overdue rule (issue 21: a setting shown to the master): how many days an overdue invoice may wait before its
 * company is deactivated (payment reactivates it), and how early automatic invoices are created. A badge in the
 * title row; clicking it opens the setting.
 */
function GraceSetting() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<BillingSettings | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    fetchBillingSettings().then(setSettings, () => setSettings(null));
  }, []);
  if (!settings) return null;
  const days = settings.graceDays;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm tooltip tooltip-bottom before:max-w-64 before:whitespace-normal"
        data-tip={
          days > 0
            ? t`Uma empresa com fatura vencida há mais de ${days} dias é desativada; o pagamento a reativa.`
            : t`Uma empresa com fatura vencida é desativada no dia seguinte ao vencimento; o pagamento a reativa.`
        }
        onClick={() => setEditing(true)}
        data-testid="invoices-grace"
      >
        <IconSettings size={16} />
        <span className="hidden sm:inline">
          <Trans>Carência: {days} dias</Trans>
        </span>
      </button>
      {editing ? (
        <BillingSettingsDialog
          settings={settings}
          onClose={() => setEditing(false)}
          onSaved={(s) => {
            setSettings(s);
            setEditing(false);
          }}
        />
      ) : null}
    </>
  );
}

function BillingSettingsDialog({
  settings,
  onClose,
  onSaved,
}: {
  settings: BillingSettings;
  onClose: () => void;
  onSaved: (s: BillingSettings) => void;
}) {
  const { t } = useLingui();
  const [graceDays, setGraceDays] = useState(String(settings.graceDays));
  const [daysBefore, setDaysBefore] = useState(String(settings.invoiceDaysBefore));
  const [errors, setErrors] = useState<{ graceDays?: string; invoiceDaysBefore?: string }>({});
  const submit = async () => {
    const bad = (v: string) => !/^\d+$/.test(v) || Number(v) > 60;
    const next = {
      graceDays: bad(graceDays) ? t`Informe de 0 a 60 dias` : undefined,
      invoiceDaysBefore: bad(daysBefore) ? t`Informe de 0 a 60 dias` : undefined,
    };
    setErrors(next);
    if (next.graceDays || next.invoiceDaysBefore) return;
    try {
      const saved = await saveBillingSettings({ graceDays: Number(graceDays), invoiceDaysBefore: Number(daysBefore) });
      toast.success(t`Configurações de cobrança salvas`);
      onSaved(saved);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={<Trans>Configurações de cobrança</Trans>}
      size="sm"
      testId="billing-settings-dialog"
      saveTestId="billing-settings-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField
        label={<Trans>Dias de carência após o vencimento</Trans>}
        error={errors.graceDays}
        hint={<Trans>Passado esse prazo sem pagamento, a empresa é desativada; o pagamento a reativa.</Trans>}
      >
        <input
          type="number"
          min={0}
          max={60}
          className="input w-full"
          value={graceDays}
          onChange={(e) => setGraceDays(e.target.value)}
          data-testid="billing-grace-days"
        />
      </FormField>
      <FormField
        label={<Trans>Dias de antecedência das faturas automáticas</Trans>}
        error={errors.invoiceDaysBefore}
        hint={<Trans>Para planos com faturamento automático: quantos dias antes do período a fatura é gerada.</Trans>}
      >
        <input
          type="number"
          min={0}
          max={60}
          className="input w-full"
          value={daysBefore}
          onChange={(e) => setDaysBefore(e.target.value)}
          data-testid="billing-days-before"
        />
      </FormField>
    </FormDialog>
  );
}
