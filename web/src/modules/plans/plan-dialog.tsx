import { Trans, useLingui } from '@lingui/react/macro';
import {
  BILLING_TYPES,
  type BillingType,
  PlanCreateInput,
  type PlanDto,
  PlanUpdateInput,
  RECURRENCES,
  type Recurrence,
} from '@zapdesk/core';
import { type ReactNode, useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { FlagField } from './flag-field';
import { HIGHLIGHTS, useBillingTypeLabel, useHighlightLabel, useRecurrenceLabel } from './plan-labels';
import { PlanPrices } from './plan-prices';
import { createPlan, type PlanForm, updatePlan } from './plans-api';

type Errors = Partial<Record<keyof PlanForm, string>>;

/** Spec 3 §9: a new plan's defaults (every flag on except campaigns; limits 1; PIX; no prices yet). */
export const NEW_PLAN: PlanForm = {
  name: '',
  slogan: '',
  description: '',
  numberAttendants: 1,
  numberConnections: 1,
  status: true,
  isStandard: false,
  isPublic: true,
  automaticInvoice: false,
  recurrence: 'months3',
  billingType: 'PIX',
  highlighted: 0,
  media: '',
  enableReports: true,
  enableDashboard: true,
  enableCampaigns: false,
  enableSchedules: true,
  enableApi: true,
  enableBots: true,
  enableFlows: true,
  iaIntegrationEnabled: true,
  campaignSendLimitPerHour: 0,
  value1Month: '0',
  value3Months: '0',
  value6Months: '0',
  value12Months: '0',
};

const price = (v: number | undefined) => (v === undefined ? '0' : String(v));
const formOf = (p: PlanDto): PlanForm => ({
  name: p.name,
  slogan: p.slogan ?? '',
  description: p.description ?? '',
  numberAttendants: p.numberAttendants,
  numberConnections: p.numberConnections,
  status: p.status,
  isStandard: p.isStandard,
  isPublic: p.isPublic,
  automaticInvoice: p.automaticInvoice ?? false,
  recurrence: p.recurrence as Recurrence,
  billingType: p.billingType as BillingType,
  highlighted: p.highlighted ?? 0,
  media: p.media ?? '',
  enableReports: p.enableReports,
  enableDashboard: p.enableDashboard,
  enableCampaigns: p.enableCampaigns,
  enableSchedules: p.enableSchedules,
  enableApi: p.enableApi,
  enableBots: p.enableBots,
  enableFlows: p.enableFlows,
  iaIntegrationEnabled: p.iaIntegrationEnabled,
  campaignSendLimitPerHour: p.campaignSendLimitPerHour,
  value1Month: price(p.value1Month),
  value3Months: price(p.value3Months),
  value6Months: price(p.value6Months),
  value12Months: price(p.value12Months),
});

/**
 * The plan modal (spec 3 §2 /plans, §3 Plan, §5, §6): every field of a plan. The master edits it all; a user with
 * payPanelAccess who is not master sees it read-only and without the master's fields (prices, the campaigns switch and
 * its hourly cap, automatic invoicing, highlight).
 */
export function PlanDialog({
  plan,
  master,
  onClose,
  onSaved,
}: {
  plan: PlanDto | null;
  master: boolean;
  onClose: () => void;
  onSaved: (p: PlanDto) => void;
}) {
  const { t } = useLingui();
  const [v, setV] = useState<PlanForm>(plan ? formOf(plan) : NEW_PLAN);
  const [errors, setErrors] = useState<Errors>({});
  const readOnly = !master;
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => {
    setV((x) => ({ ...x, [key]: value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };
  const recurrenceLabel = useRecurrenceLabel();
  const billingLabel = useBillingTypeLabel();
  const highlightLabel = useHighlightLabel();

  const title = plan ? readOnly ? <Trans>Plano</Trans> : <Trans>Editar plano</Trans> : <Trans>Novo plano</Trans>;
  const fields = (
    <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4" data-testid="plan-fields">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="plan-name-error">
          <input
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            value={v.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={60}
            autoFocus={!readOnly}
            data-testid="plan-name"
          />
        </FormField>
        <FormField label={<Trans>Slogan</Trans>} error={errors.slogan}>
          <input
            className="input w-full"
            value={v.slogan ?? ''}
            onChange={(e) => set('slogan', e.target.value)}
            maxLength={150}
            data-testid="plan-slogan"
          />
        </FormField>
      </div>
      <FormField label={<Trans>Descrição</Trans>} error={errors.description}>
        <textarea
          className="textarea w-full"
          rows={3}
          value={v.description ?? ''}
          onChange={(e) => set('description', e.target.value)}
          maxLength={2000}
          data-testid="plan-description"
        />
      </FormField>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        <NumberField
          label={<Trans>Atendentes</Trans>}
          value={v.numberAttendants}
          onChange={(n) => set('numberAttendants', n)}
          error={errors.numberAttendants}
          testId="plan-number-attendants"
        />
        <NumberField
          label={<Trans>Conexões</Trans>}
          value={v.numberConnections}
          onChange={(n) => set('numberConnections', n)}
          error={errors.numberConnections}
          testId="plan-number-connections"
        />
        <FormField label={<Trans>Recorrência</Trans>}>
          <select
            className="select w-full"
            value={v.recurrence}
            onChange={(e) => set('recurrence', e.target.value as Recurrence)}
            data-testid="plan-recurrence"
          >
            {RECURRENCES.map((r) => (
              <option key={r} value={r}>
                {recurrenceLabel(r)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={<Trans>Forma de pagamento</Trans>}>
          <select
            className="select w-full"
            value={v.billingType}
            onChange={(e) => set('billingType', e.target.value as BillingType)}
            data-testid="plan-billing-type"
          >
            {BILLING_TYPES.map((b) => (
              <option key={b} value={b}>
                {billingLabel(b)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField
        label={<Trans>Mídia (endereço da imagem)</Trans>}
        error={errors.media}
        hint={<Trans>Imagem exibida na página pública do plano.</Trans>}
      >
        <input
          className="input w-full"
          value={v.media ?? ''}
          onChange={(e) => set('media', e.target.value)}
          maxLength={1000}
          placeholder="https://…"
          data-testid="plan-media"
        />
      </FormField>

      <Group title={<Trans>Situação</Trans>}>
        <FlagField
          label={<Trans>Ativo</Trans>}
          description={<Trans>Planos inativos não podem ser escolhidos.</Trans>}
          checked={v.status}
          onChange={(on) => set('status', on)}
          readOnly={readOnly}
          testId="plan-status"
        />
        <FlagField
          label={<Trans>Plano padrão</Trans>}
          description={<Trans>Usado pelas empresas criadas sem plano.</Trans>}
          checked={v.isStandard}
          onChange={(on) => set('isStandard', on)}
          readOnly={readOnly}
          testId="plan-is-standard"
        />
        <FlagField
          label={<Trans>Público</Trans>}
          description={<Trans>Aparece na loja e pode ser escolhido pelas empresas.</Trans>}
          checked={v.isPublic}
          onChange={(on) => set('isPublic', on)}
          readOnly={readOnly}
          testId="plan-is-public"
        />
        {master ? (
          <FlagField
            label={<Trans>Fatura automática</Trans>}
            description={<Trans>Gera as faturas da recorrência automaticamente.</Trans>}
            checked={v.automaticInvoice}
            onChange={(on) => set('automaticInvoice', on)}
            testId="plan-automatic-invoice"
          />
        ) : null}
      </Group>

      <Group title={<Trans>Recursos</Trans>} dense>
        <FlagToggle label={<Trans>Relatórios</Trans>} flag="enableReports" v={v} set={set} readOnly={readOnly} />
        <FlagToggle label={<Trans>Dashboard</Trans>} flag="enableDashboard" v={v} set={set} readOnly={readOnly} />
        <FlagToggle label={<Trans>Agendamentos</Trans>} flag="enableSchedules" v={v} set={set} readOnly={readOnly} />
        <FlagToggle label={<Trans>API</Trans>} flag="enableApi" v={v} set={set} readOnly={readOnly} />
        <FlagToggle label={<Trans>Bots</Trans>} flag="enableBots" v={v} set={set} readOnly={readOnly} />
        <FlagToggle label={<Trans>Fluxos</Trans>} flag="enableFlows" v={v} set={set} readOnly={readOnly} />
        <FlagToggle
          label={<Trans>Integração IA</Trans>}
          flag="iaIntegrationEnabled"
          v={v}
          set={set}
          readOnly={readOnly}
        />
        {master ? (
          <FlagToggle label={<Trans>Campanhas</Trans>} flag="enableCampaigns" v={v} set={set} readOnly={false} />
        ) : null}
      </Group>
      {master ? (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NumberField
            label={<Trans>Envios de campanha por hora</Trans>}
            hint={<Trans>0 = sem limite</Trans>}
            value={v.campaignSendLimitPerHour}
            onChange={(n) => set('campaignSendLimitPerHour', n)}
            error={errors.campaignSendLimitPerHour}
            testId="plan-campaign-limit"
          />
          <FormField label={<Trans>Destaque</Trans>}>
            <select
              className="select w-full"
              value={v.highlighted}
              onChange={(e) => set('highlighted', Number(e.target.value) as 0 | 1 | 2)}
              data-testid="plan-highlighted"
            >
              {HIGHLIGHTS.map((h) => (
                <option key={h} value={h}>
                  {highlightLabel(h)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      ) : null}
      {master ? <PlanPrices values={v} errors={errors} onChange={set} /> : null}
    </fieldset>
  );

  if (readOnly) {
    return (
      <Modal open onClose={onClose} title={title} size="lg" testId="plan-dialog">
        <p className="mb-3 text-sm text-base-content/60">
          <Trans>Somente o administrador da plataforma altera os planos.</Trans>
        </p>
        {fields}
      </Modal>
    );
  }
  const submit = () =>
    validateAndSave({
      schema: plan ? PlanUpdateInput : PlanCreateInput,
      values: v,
      setErrors,
      save: () => (plan ? updatePlan(plan.id, v) : createPlan(v)),
      savedMessage: t`Plano salvo com sucesso`,
      onSaved,
      fieldOfCode: { ERR_NAME_EXISTS: 'name' },
    });
  return (
    <FormDialog title={title} size="lg" testId="plan-dialog" saveTestId="plan-save" onClose={onClose} onSubmit={submit}>
      {fields}
    </FormDialog>
  );
}

function Group({ title, children, dense }: { title: ReactNode; children: ReactNode; dense?: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold text-base-content/70">{title}</h4>
      <div className={`grid gap-2 sm:grid-cols-2 ${dense ? 'lg:grid-cols-3' : ''}`}>{children}</div>
    </div>
  );
}

type FlagKey =
  | 'enableReports'
  | 'enableDashboard'
  | 'enableCampaigns'
  | 'enableSchedules'
  | 'enableApi'
  | 'enableBots'
  | 'enableFlows'
  | 'iaIntegrationEnabled';

function FlagToggle({
  label,
  flag,
  v,
  set,
  readOnly,
}: {
  label: ReactNode;
  flag: FlagKey;
  v: PlanForm;
  set: (key: FlagKey, value: boolean) => void;
  readOnly: boolean;
}) {
  return (
    <FlagField
      label={label}
      checked={v[flag]}
      onChange={(on) => set(flag, on)}
      readOnly={readOnly}
      testId={`plan-${flag}`}
    />
  );
}

export function NumberField({
  label,
  hint,
  value,
  onChange,
  error,
  testId,
  disabled,
}: {
  label: ReactNode;
  hint?: ReactNode;
  value: number;
  onChange: (n: number) => void;
  error?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        disabled={disabled}
        data-testid={testId}
      />
    </FormField>
  );
}
