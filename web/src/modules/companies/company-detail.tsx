import { Trans, useLingui } from '@lingui/react/macro';
import { type CompanyDto, CompanyUpdateInput } from '@zapdesk/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { refreshSession } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { IconBuilding } from '../../ui/icons';
import { ListSpinner } from '../../ui/list-body';
import { useSessionUser } from '../auth/use-capabilities';
import { CompanyInvoices } from '../billing/company-invoices';
import { SubscriptionsBlock } from '../billing-notices/subscriptions-block';
import { type CompanyValues, fetchCompany, updateCompany } from './companies-api';
import { CompanyStatusBadge } from './company-bits';
import { type CompanyErrors, CompanyForm } from './company-form';
import { CompanyPageShell, CompanySection, PageFormButtons, SectionLinks } from './company-page-shell';
import { CompanyPlans } from './company-plans';
import { formatDay, formOf, NEW_COMPANY, payloadOf } from './company-values';

/**
 * The company detail of spec 3 §2 (/companiesManager/{id} for the master, /clientCompanyManager for the company's
 * own payPanelAccess users): the company form, the plans section, the notification subscriptions and the invoices.
 */
export function CompanyDetail({
  companyId,
  master,
  backTo,
  title,
  testId,
}: {
  companyId: number;
  master: boolean;
  backTo: string;
  title: ReactNode;
  testId: string;
}) {
  const { t } = useLingui();
  const [company, setCompany] = useState<CompanyDto | null>(null);
  const [missing, setMissing] = useState(false);
  const [form, setForm] = useState<CompanyValues>(NEW_COMPANY);
  const [errors, setErrors] = useState<CompanyErrors>({});
  const [saving, setSaving] = useState(false);

  const me = useSessionUser();
  // the user's own company changed (name, slogan, plan flags): the top bar and the drawer follow at once
  const ownChanged = () => {
    if (me?.companyId === companyId) void refreshSession();
  };

  const load = useCallback(() => {
    fetchCompany(companyId)
      .then((c) => {
        setCompany(c);
        setForm(formOf(c));
      })
      .catch((err) => {
        setMissing(true);
        toastError(err);
      });
  }, [companyId]);
  useEffect(load, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await validateAndSave({
        schema: CompanyUpdateInput,
        values: payloadOf(form, master),
        setErrors,
        save: (_data) => updateCompany(companyId, payloadOf(form, master)),
        savedMessage: t`Empresa salva com sucesso`,
        onSaved: (saved: CompanyDto) => {
          setCompany(saved);
          setForm(formOf(saved));
          ownChanged();
        },
        fieldOfCode: { ERR_EMAIL_ALREADY_EXISTS: 'email' },
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <CompanyPageShell
      title={company ? company.name : title}
      subtitle={
        company ? (
          <span className="inline-flex items-center gap-2">
            {title}
            <CompanyStatusBadge active={company.status === 1} />
            <span className="hidden sm:inline">
              <Trans>Criada em {formatDay(company.createdAt)}</Trans>
            </span>
          </span>
        ) : undefined
      }
      backTo={backTo}
      testId={testId}
      actions={
        company ? (
          <SectionLinks
            links={[
              { id: 'company-data-section', label: <Trans>Dados</Trans> },
              { id: 'company-plans-section', label: <Trans>Plano</Trans> },
              { id: 'company-notifications-section', label: <Trans>Notificações</Trans> },
              { id: 'company-invoices-section', label: <Trans>Faturas</Trans> },
            ]}
          />
        ) : undefined
      }
      footer={
        company ? (
          <PageFormButtons
            formId="company-data-form"
            onCancel={() => {
              setForm(formOf(company));
              setErrors({});
            }}
            cancelLabel={<Trans>Descartar alterações</Trans>}
            saving={saving}
          />
        ) : undefined
      }
    >
      {missing ? (
        <p className="py-10 text-center text-base-content/60" data-testid="company-missing">
          <Trans>Empresa não encontrada.</Trans>
        </p>
      ) : !company ? (
        <ListSpinner />
      ) : (
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
          <CompanySection
            icon={<IconBuilding size={18} />}
            title={<Trans>Dados da empresa</Trans>}
            testId="company-data-section"
          >
            <form id="company-data-form" onSubmit={submit} noValidate>
              <CompanyForm
                value={form}
                onChange={setForm}
                errors={errors}
                setErrors={setErrors}
                mode={{ master, showStatus: true }}
              />
            </form>
          </CompanySection>
          <CompanyPlans
            company={company}
            master={master}
            onChanged={() => {
              load();
              ownChanged();
            }}
          />
          <SubscriptionsBlock companyId={company.id} master={master} />
          <CompanyInvoices company={company} master={master} />
        </div>
      )}
    </CompanyPageShell>
  );
}
