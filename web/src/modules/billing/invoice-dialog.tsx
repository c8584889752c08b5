import { Trans, useLingui } from '@lingui/react/macro';
import { BILLING_TYPES, type BillingType, type CompanyDto } from '@zapdesk/core';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { Autocomplete } from '../../ui/autocomplete';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toasts/toast';
import { fetchCompaniesPage } from '../companies/companies-api';
import { useBillingTypeLabel } from '../plans/plan-labels';
import { createInvoice, type InvoiceDto } from './invoices-api';

const MONTHS = [1, 3, 6, 12] as const;

/** today as `YYYY-MM-DD` in the browser's calendar */
function today(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The company the invoice is for: the company page passes its own; /invoices picks one. */
export type InvoiceCompany = Pick<CompanyDto, 'id' | 'name' | 'planId' | 'planName'>;

/**
 * "Nova fatura" (master, `POST /invoice/{planId}`): a manual invoice of a company's plan for 1, 3, 6 or 12 months,
 * with its billing type and due date; the gateway's payment link comes back with it.
 */
export function InvoiceDialog({
  company: fixedCompany,
  onClose,
  onSaved,
}: {
  company?: InvoiceCompany;
  onClose: () => void;
  onSaved: (invoice: InvoiceDto) => void;
}) {
  const { t } = useLingui();
  const billingLabel = useBillingTypeLabel();
  const [company, setCompany] = useState<InvoiceCompany | null>(fixedCompany ?? null);
  const [months, setMonths] = useState<number | ''>('');
  const [billingType, setBillingType] = useState<BillingType | ''>('');
  const [dueDate, setDueDate] = useState(today);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ company?: string; dueDate?: string; value?: string }>({});

  const submit = async () => {
    const next: typeof errors = {};
    if (!company) next.company = t`Escolha a empresa`;
    else if (!company.planId) next.company = t`A empresa não tem plano`;
    if (!dueDate) next.dueDate = t`Informe o vencimento`;
    if (value.trim() && !/^\d{1,8}([.,]\d{1,2})?$/.test(value.trim())) next.value = t`Valor inválido`;
    setErrors(next);
    if (!company?.planId || next.dueDate || next.value) return;
    try {
      const invoice = await createInvoice(company.planId, {
        companyId: company.id,
        ...(months ? { recurrence: months } : {}),
        ...(billingType ? { billingType } : {}),
        dueDate,
        ...(value.trim() ? { value: value.trim() } : {}),
      });
      toast.success(t`Fatura criada com sucesso`);
      onSaved(invoice);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <FormDialog
      title={<Trans>Nova fatura</Trans>}
      testId="invoice-dialog"
      saveTestId="invoice-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField label={<Trans>Empresa</Trans>} error={errors.company} errorTestId="invoice-company-error">
        {fixedCompany ? (
          <input className="input w-full" value={fixedCompany.name} disabled data-testid="invoice-company-fixed" />
        ) : (
          <Autocomplete<CompanyDto>
            minChars={2}
            search={async (text) => (await fetchCompaniesPage(text, 1)).items}
            getKey={(c) => c.id}
            getLabel={(c) => c.name}
            renderOption={(c) => (
              <span className="flex flex-col">
                <span>{c.name}</span>
                <span className="text-xs text-base-content/60">{c.planName ?? t`Sem plano`}</span>
              </span>
            )}
            value={company as CompanyDto | null}
            onChange={setCompany}
            placeholder={t`Pesquisar empresa`}
            onError={toastError}
            testId="invoice-company"
            autoFocus
          />
        )}
      </FormField>
      {company ? (
        <p className="-mt-2 text-sm text-base-content/70" data-testid="invoice-plan">
          {company.planName ? <Trans>Plano: {company.planName}</Trans> : <Trans>A empresa não tem plano</Trans>}
        </p>
      ) : null}
      <div className="grid gap-x-3 sm:grid-cols-2">
        <FormField label={<Trans>Período</Trans>}>
          <select
            className="select w-full"
            value={months}
            onChange={(e) => setMonths(e.target.value ? Number(e.target.value) : '')}
            data-testid="invoice-recurrence"
          >
            <option value="">{t`Conforme o plano`}</option>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {m === 1 ? t`1 mês` : t`${m} meses`}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={<Trans>Forma de pagamento</Trans>}>
          <select
            className="select w-full"
            value={billingType}
            onChange={(e) => setBillingType(e.target.value as BillingType | '')}
            data-testid="invoice-billing-type"
          >
            <option value="">{t`Conforme o plano`}</option>
            {BILLING_TYPES.map((b) => (
              <option key={b} value={b}>
                {billingLabel(b)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={<Trans>Vencimento</Trans>} error={errors.dueDate} errorTestId="invoice-due-error">
          <input
            type="date"
            className={`input w-full ${errors.dueDate ? 'input-error' : ''}`}
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            data-testid="invoice-due-date"
          />
        </FormField>
        <FormField
          label={<Trans>Valor (R$)</Trans>}
          error={errors.value}
          errorTestId="invoice-value-error"
          hint={<Trans>Em branco: o preço do plano para o período.</Trans>}
        >
          <input
            className={`input w-full ${errors.value ? 'input-error' : ''}`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            inputMode="decimal"
            placeholder="0,00"
            data-testid="invoice-value"
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
