import { Trans, useLingui } from '@lingui/react/macro';
import { CompanyCreateInput, type CompanyDto, type PublicPlanDto } from '@zapdesk/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { FormField } from '../../ui/form-field';
import { IconBuilding, IconUser } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { PasswordInput } from '../../ui/password-input';
import { useCapabilities } from '../auth/use-capabilities';
import { fetchPublicPlans } from '../plans/plans-api';
import { type CompanyValues, createCompany } from './companies-api';
import { type CompanyErrors, CompanyForm } from './company-form';
import { CompanyPageShell, CompanySection, PageFormButtons } from './company-page-shell';
import { NEW_COMPANY } from './company-values';

/**
 * /CreateNewCompany (spec 3 §2, master): the company form, its first user (name, e-mail, password) and its plan; on
 * success the company's page /companiesManager/{id}.
 */
export function CreateCompanyScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.manageCompanies) return <NoPermission />;
  return <CreateCompany />;
}

function CreateCompany() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [company, setCompany] = useState<CompanyValues>(NEW_COMPANY);
  const [userName, setUserName] = useState('');
  const [userEmail, setUserEmail] = useState('');
  const [password, setPassword] = useState('');
  const [planId, setPlanId] = useState<number | null>(null);
  const [plans, setPlans] = useState<PublicPlanDto[]>([]);
  const [errors, setErrors] = useState<CompanyErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchPublicPlans().then(setPlans).catch(toastError);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...company,
      userName,
      ...(userEmail.trim() ? { userEmail } : {}),
      passwordDefault: password,
      ...(planId ? { planId } : {}),
    };
    setSaving(true);
    try {
      await validateAndSave({
        schema: CompanyCreateInput,
        values: body,
        setErrors,
        save: () => createCompany(body),
        savedMessage: t`Empresa criada com sucesso`,
        onSaved: (created: CompanyDto) => navigate(`/companiesManager/${created.id}`),
        fieldOfCode: { ERR_EMAIL_ALREADY_EXISTS: userEmail.trim() ? 'userEmail' : 'email' },
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <CompanyPageShell
      title={<Trans>Nova empresa</Trans>}
      subtitle={<Trans>Cadastro da empresa, do primeiro usuário e do plano</Trans>}
      backTo="/companies"
      testId="create-company-page"
      footer={
        <PageFormButtons
          formId="create-company-form"
          onCancel={() => navigate('/companies')}
          cancelLabel={<Trans>Cancelar</Trans>}
          saving={saving}
        />
      }
    >
      <form
        id="create-company-form"
        className="mx-auto flex w-full max-w-5xl flex-col gap-4"
        onSubmit={submit}
        noValidate
      >
        <CompanySection icon={<IconBuilding size={18} />} title={<Trans>Empresa</Trans>}>
          <CompanyForm
            value={company}
            onChange={setCompany}
            errors={errors}
            setErrors={setErrors}
            mode={{ master: true, showStatus: false }}
          />
        </CompanySection>
        <CompanySection
          icon={<IconUser size={18} />}
          title={<Trans>Primeiro usuário e plano</Trans>}
          description={<Trans>O administrador da empresa, que recebe o acesso e cadastra os demais.</Trans>}
          testId="create-company-user"
        >
          <div className="grid gap-x-4 md:grid-cols-2">
            <FormField
              label={<Trans>Nome do usuário</Trans>}
              error={errors.userName}
              errorTestId="company-userName-error"
            >
              <input
                className={`input w-full ${errors.userName ? 'input-error' : ''}`}
                value={userName}
                maxLength={50}
                onChange={(e) => {
                  setUserName(e.target.value);
                  setErrors((x) => ({ ...x, userName: undefined }));
                }}
                data-testid="company-userName"
              />
            </FormField>
            <FormField
              label={<Trans>E-mail de acesso</Trans>}
              error={errors.userEmail}
              hint={<Trans>Vazio: o e-mail da empresa.</Trans>}
              errorTestId="company-userEmail-error"
            >
              <input
                type="email"
                className={`input w-full ${errors.userEmail ? 'input-error' : ''}`}
                value={userEmail}
                placeholder={company.email}
                maxLength={150}
                onChange={(e) => {
                  setUserEmail(e.target.value);
                  setErrors((x) => ({ ...x, userEmail: undefined }));
                }}
                data-testid="company-userEmail"
              />
            </FormField>
            <FormField label={<Trans>Senha</Trans>} error={errors.passwordDefault} errorTestId="company-password-error">
              <PasswordInput
                value={password}
                invalid={!!errors.passwordDefault}
                autoComplete="new-password"
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors((x) => ({ ...x, passwordDefault: undefined }));
                }}
                data-testid="company-password"
              />
            </FormField>
            <FormField label={<Trans>Plano</Trans>} error={errors.planId}>
              <select
                className="select w-full"
                value={planId ?? ''}
                onChange={(e) => setPlanId(e.target.value ? Number(e.target.value) : null)}
                data-testid="company-plan"
              >
                {/* none picked: the API puts the company on the platform's standard plan */}
                <option value="">{t`Plano padrão da plataforma`}</option>
                {plans.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        </CompanySection>
      </form>
    </CompanyPageShell>
  );
}
