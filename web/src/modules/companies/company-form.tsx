import { Trans } from '@lingui/react/macro';
import { checkDocumentNumber, documentKindOf } from '@zapdesk/core';
import type { ReactNode } from 'react';
import { translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { FlagField } from '../plans/flag-field';
import { NumberField } from '../plans/plan-dialog';
import type { CompanyAddress, CompanyFlags, CompanyValues } from './companies-api';
import { useCepLookup, useCnpjLookup } from './company-lookups';

export type CompanyErrors = Partial<Record<string, string>>;

export type CompanyFormMode = {
  /** the master edits limits, flags and the notification contacts; others see them read-only */
  master: boolean;
  /** show the 'Empresa Ativada' switch (an existing company) */
  showStatus: boolean;
};

/**
 * The company form of spec 3 §3 (/CreateNewCompany, /companiesManager/{id}, /clientCompanyManager): identification
 * with the CPF/CNPJ rules and the CNPJ lookup, the address with the CEP lookup (country Brasil by default), the
 * notification contacts, the plan limits and flags, the observation and the 'Empresa Ativada' switch.
 */
export function CompanyForm({
  value: v,
  onChange,
  errors,
  setErrors,
  mode,
}: {
  value: CompanyValues;
  onChange: (next: (prev: CompanyValues) => CompanyValues) => void;
  errors: CompanyErrors;
  setErrors: (next: (prev: CompanyErrors) => CompanyErrors) => void;
  mode: CompanyFormMode;
}) {
  const set = <K extends keyof CompanyValues>(key: K, value: CompanyValues[K]) => {
    onChange((x) => ({ ...x, [key]: value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };
  const setAddress = (key: keyof CompanyAddress, value: string) => {
    onChange((x) => ({ ...x, address: { ...x.address, [key]: value } }));
    setErrors((x) => ({ ...x, [`address.${key}`]: undefined }));
  };
  const cnpj = useCnpjLookup(onChange);
  const cep = useCepLookup(onChange);
  const text = (
    key: keyof CompanyValues,
    label: ReactNode,
    opts: { maxLength?: number; type?: string; disabled?: boolean; hint?: ReactNode; className?: string } = {},
  ) => (
    <FormField
      label={label}
      error={errors[key]}
      hint={opts.hint}
      className={opts.className}
      errorTestId={`company-${key}-error`}
    >
      <input
        type={opts.type ?? 'text'}
        className={`input w-full ${errors[key] ? 'input-error' : ''}`}
        value={String(v[key] ?? '')}
        onChange={(e) => set(key, e.target.value as never)}
        maxLength={opts.maxLength ?? 150}
        disabled={opts.disabled}
        data-testid={`company-${key}`}
      />
    </FormField>
  );
  const address = (key: keyof CompanyAddress, label: ReactNode, maxLength = 150, className?: string) => (
    <FormField label={label} error={errors[`address.${key}`]} className={className}>
      <input
        className="input w-full"
        value={v.address[key]}
        onChange={(e) => setAddress(key, e.target.value)}
        maxLength={maxLength}
        data-testid={`company-address-${key}`}
      />
    </FormField>
  );
  const flag = (key: keyof CompanyFlags, label: ReactNode) => (
    <FlagField
      label={label}
      checked={v[key]}
      onChange={(on) => set(key, on)}
      readOnly={!mode.master}
      testId={`company-${key}`}
    />
  );

  return (
    <div className="flex flex-col gap-5" data-testid="company-form">
      {mode.showStatus ? (
        <FlagField
          label={<Trans>Empresa Ativada</Trans>}
          description={
            <Trans>Desativada: os usuários da empresa não entram e são desconectados; as conexões param.</Trans>
          }
          checked={v.status === 1}
          onChange={(on) => set('status', on ? 1 : 0)}
          readOnly={!mode.master}
          testId="company-status"
        />
      ) : null}

      <Block title={<Trans>Identificação</Trans>}>
        <div className="grid gap-x-4 md:grid-cols-2 xl:grid-cols-3">
          {text('name', <Trans>Nome</Trans>)}
          {text('companyName', <Trans>Razão social</Trans>)}
          <FormField
            label={
              v.documentNumber.trim() ? (
                documentKindOf(v.documentNumber) === 'cnpj' ? (
                  <Trans>CNPJ</Trans>
                ) : (
                  <Trans>CPF</Trans>
                )
              ) : (
                <Trans>CPF / CNPJ</Trans>
              )
            }
            error={errors.documentNumber}
            hint={cnpj.busy ? <Trans>Consultando o CNPJ…</Trans> : <Trans>Com um CNPJ os dados são preenchidos.</Trans>}
            errorTestId="company-documentNumber-error"
          >
            <input
              className={`input w-full ${errors.documentNumber ? 'input-error' : ''}`}
              value={v.documentNumber}
              inputMode="text"
              maxLength={18}
              onChange={(e) => {
                set('documentNumber', e.target.value);
                cnpj.onDocumentChange(e.target.value);
              }}
              onBlur={() => {
                if (!v.documentNumber.trim()) return;
                const r = checkDocumentNumber(v.documentNumber);
                if (!r.ok) setErrors((x) => ({ ...x, documentNumber: translateValidation(r.message) }));
              }}
              data-testid="company-documentNumber"
            />
          </FormField>
          {text('email', <Trans>E-mail</Trans>, { type: 'email' })}
          {text('inscrMunicipal', <Trans>Inscrição municipal</Trans>, { maxLength: 50 })}
          {text('inscrEstadual', <Trans>Inscrição estadual</Trans>, { maxLength: 50 })}
          {text('slogan', <Trans>Slogan</Trans>, { className: 'md:col-span-2 xl:col-span-3' })}
        </div>
      </Block>

      <Block title={<Trans>Endereço</Trans>}>
        <div className="grid grid-cols-2 gap-x-4 md:grid-cols-4">
          <FormField
            label={<Trans>CEP</Trans>}
            hint={cep.busy ? <Trans>Consultando o CEP…</Trans> : undefined}
            className="col-span-2 md:col-span-1"
          >
            <input
              className="input w-full"
              value={v.address.cep}
              inputMode="numeric"
              maxLength={9}
              onChange={(e) => {
                setAddress('cep', e.target.value);
                cep.onCepChange(e.target.value);
              }}
              data-testid="company-address-cep"
            />
          </FormField>
          {address('street', <Trans>Logradouro</Trans>, 150, 'col-span-2 md:col-span-2')}
          {address('numberAddress', <Trans>Número</Trans>, 20)}
          {address('complement', <Trans>Complemento</Trans>, 100, 'col-span-2 md:col-span-1')}
          {address('district', <Trans>Bairro</Trans>, 100)}
          {address('city', <Trans>Cidade</Trans>, 100)}
          {address('state', <Trans>Estado</Trans>, 50)}
          {address('country', <Trans>País</Trans>, 50, 'col-span-2 md:col-span-1')}
        </div>
      </Block>

      <Block title={<Trans>Contatos de cobrança</Trans>}>
        <div className="grid gap-x-4 md:grid-cols-2">
          {text('emailsOfNotifications', <Trans>E-mails para notificações</Trans>, {
            maxLength: 500,
            disabled: !mode.master,
            hint: <Trans>Separe vários por vírgula.</Trans>,
          })}
          {text('whatsappsOfNotifications', <Trans>WhatsApps para notificações</Trans>, {
            maxLength: 500,
            disabled: !mode.master,
            hint: <Trans>Com DDI e DDD; separe vários por vírgula.</Trans>,
          })}
        </div>
      </Block>

      <Block title={<Trans>Limites e recursos</Trans>}>
        <div className="grid grid-cols-2 gap-x-4 md:grid-cols-4">
          <NumberField
            label={<Trans>Atendentes</Trans>}
            value={v.numberAttendants}
            onChange={(n) => set('numberAttendants', n)}
            error={errors.numberAttendants}
            disabled={!mode.master}
            testId="company-numberAttendants"
          />
          <NumberField
            label={<Trans>Conexões</Trans>}
            value={v.numberConections}
            onChange={(n) => set('numberConections', n)}
            error={errors.numberConections}
            disabled={!mode.master}
            testId="company-numberConections"
          />
          <NumberField
            label={<Trans>Envios de campanha por hora</Trans>}
            hint={<Trans>0 = sem limite</Trans>}
            value={v.campaignSendLimitPerHour}
            onChange={(n) => set('campaignSendLimitPerHour', n)}
            error={errors.campaignSendLimitPerHour}
            disabled={!mode.master}
            testId="company-campaignSendLimitPerHour"
          />
        </div>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {flag('enableReports', <Trans>Relatórios</Trans>)}
          {flag('enableDashboard', <Trans>Dashboard</Trans>)}
          {flag('enableCampaigns', <Trans>Campanhas</Trans>)}
          {flag('enableSchedules', <Trans>Agendamentos</Trans>)}
          {flag('enableApi', <Trans>API</Trans>)}
          {flag('enableBots', <Trans>Bots</Trans>)}
          {flag('enableFlows', <Trans>Fluxos</Trans>)}
          {flag('iaIntegrationEnabled', <Trans>Integração IA</Trans>)}
        </div>
      </Block>

      <FormField label={<Trans>Observação</Trans>} error={errors.observation}>
        <textarea
          className="textarea w-full"
          rows={3}
          value={v.observation}
          onChange={(e) => set('observation', e.target.value)}
          maxLength={2000}
          data-testid="company-observation"
        />
      </FormField>
    </div>
  );
}

export function Block({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2 border-b border-base-300 pb-1">
        <h3 className="flex-1 text-sm font-semibold uppercase tracking-wide text-base-content/60">{title}</h3>
        {actions}
      </div>
      {children}
    </div>
  );
}
