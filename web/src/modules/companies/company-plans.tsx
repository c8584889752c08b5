import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CompanyDto,
  type CompanyPlanDto,
  formatBrl,
  type PlanDto,
  type PublicPlanDto,
  periodPrice,
  RECURRENCES,
  type Recurrence,
} from '@zapdesk/core';
import { useCallback, useEffect, useState } from 'react';
import { toastError } from '../../lib/errors';
import { DataTable } from '../../ui/data-table';
import { IconEye, IconPackage, IconPencil } from '../../ui/icons';
import { Modal, ModalActions } from '../../ui/modal';
import { RowActionButton } from '../../ui/row-actions';
import { toast } from '../../ui/toasts/toast';
import { PlanDialog } from '../plans/plan-dialog';
import { useBillingTypeLabel, useRecurrenceLabel } from '../plans/plan-labels';
import { fetchPlan, fetchPublicPlans } from '../plans/plans-api';
import { fetchCompanyPlans, savePlanInCompany } from './companies-api';
import { CompanySection } from './company-page-shell';
import { formatDay } from './company-values';

/**
 * The plans section of a company page (spec 3 §2 Company detail, §6): the company's plan with its limits, the trial
 * end when there is one, the plan modal (read-only for non-masters; no delete here) and "Trocar plano", a modal that
 * picks one of the public plans (`POST /savePlanInCompany` copies its flags and limits onto the company).
 */
export function CompanyPlans({
  company,
  master,
  onChanged,
}: {
  company: CompanyDto;
  master: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const [plans, setPlans] = useState<CompanyPlanDto[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [open, setOpen] = useState<PlanDto | null>(null);
  const recurrenceLabel = useRecurrenceLabel();
  const billingLabel = useBillingTypeLabel();

  const load = useCallback(() => {
    fetchCompanyPlans(company.id)
      .then(setPlans)
      .catch((err) => {
        setPlans([]);
        toastError(err);
      });
  }, [company.id]);
  useEffect(load, [load]);

  const trialEnd = company.trial.state === 'trial' ? formatDay(company.trial.endsAt) : '';
  const trialEnded = company.trial.state === 'ended' ? formatDay(company.trial.endsAt) : '';
  return (
    <CompanySection
      icon={<IconPackage size={18} />}
      title={<Trans>Plano</Trans>}
      description={<Trans>Os limites e recursos da empresa vêm do plano escolhido.</Trans>}
      testId="company-plans-section"
      actions={
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setPicking(true)}
          data-testid="company-plan-change"
        >
          <Trans>Trocar plano</Trans>
        </button>
      }
    >
      {trialEnd ? (
        <div className="alert alert-info alert-soft mb-3 py-2 text-sm" data-testid="company-trial-end">
          <Trans>Período de teste gratuito até {trialEnd}.</Trans>
        </div>
      ) : trialEnded ? (
        <div className="alert alert-soft mb-3 py-2 text-sm" data-testid="company-trial-end">
          <Trans>O período de teste terminou em {trialEnded}.</Trans>
        </div>
      ) : null}
      {plans === null ? (
        <span className="loading loading-dots loading-sm" />
      ) : plans.length === 0 ? (
        <p className="text-sm text-base-content/60" data-testid="company-no-plan">
          <Trans>A empresa ainda não tem plano.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            items={plans}
            testId="company-plans-table"
            rowTestId="company-plan-row"
            rowKey={(p) => p.id}
            rowData={(p) => ({ 'data-name': p.name })}
            className="table-sm"
            actionsClassName="w-16"
            columns={[
              {
                key: 'name',
                header: <Trans>Nome</Trans>,
                testId: 'company-plan-name',
                cell: (p) => <span className="font-medium">{p.name}</span>,
              },
              {
                key: 'limits',
                header: <Trans>Atendentes / Conexões</Trans>,
                className: 'tabular-nums',
                cell: (p) => `${p.numberAttendants} / ${p.numberConnections}`,
              },
              {
                key: 'billing',
                header: <Trans>Cobrança</Trans>,
                headerClassName: 'hidden sm:table-cell',
                className: 'hidden sm:table-cell',
                cell: (p) => `${recurrenceLabel(p.recurrence)} · ${billingLabel(p.billingType)}`,
              },
            ]}
            actions={(p) => (
              <RowActionButton
                label={master ? t`Editar plano` : t`Ver plano`}
                icon={master ? <IconPencil size={16} /> : <IconEye size={16} />}
                onClick={() => fetchPlan(p.id).then(setOpen, toastError)}
                testId="company-plan-open"
              />
            )}
          />
        </div>
      )}
      {open ? (
        <PlanDialog
          plan={open}
          master={master}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            load();
          }}
        />
      ) : null}
      {picking ? (
        <PickPlanDialog
          currentPlanId={company.planId}
          onClose={() => setPicking(false)}
          onPick={async (plan) => {
            try {
              await savePlanInCompany(company.id, plan.id);
            } catch (err) {
              toastError(err);
              return;
            }
            toast.success(t`Plano alterado para ${plan.name}`);
            setPicking(false);
            load();
            onChanged();
          }}
        />
      ) : null}
    </CompanySection>
  );
}

/** The monthly price of a public plan on its own recurrence ("R$ 89,90"). */
function monthlyOf(p: PublicPlanDto): string {
  const r = (RECURRENCES as readonly string[]).includes(p.recurrence) ? (p.recurrence as Recurrence) : 'month1';
  return formatBrl(periodPrice(p, r).monthly);
}

/** Spec 3 §2, §6: a company picks one of the public plans. */
function PickPlanDialog({
  currentPlanId,
  onClose,
  onPick,
}: {
  currentPlanId: number | null;
  onClose: () => void;
  onPick: (plan: PublicPlanDto) => Promise<void>;
}) {
  const [plans, setPlans] = useState<PublicPlanDto[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(currentPlanId);
  const [busy, setBusy] = useState(false);
  const recurrenceLabel = useRecurrenceLabel();
  useEffect(() => {
    fetchPublicPlans()
      .then(setPlans)
      .catch((err) => {
        setPlans([]);
        toastError(err);
      });
  }, []);
  const plan = plans?.find((p) => p.id === chosen) ?? null;
  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Escolher plano</Trans>}
      size="lg"
      testId="pick-plan-dialog"
      actions={
        <ModalActions
          onCancel={onClose}
          onConfirm={async () => {
            if (!plan) return;
            setBusy(true);
            await onPick(plan);
            setBusy(false);
          }}
          confirmLabel={<Trans>Usar este plano</Trans>}
          confirmTestId="pick-plan-confirm"
          busy={busy}
          disabled={!plan || plan.id === currentPlanId}
        />
      }
    >
      {plans === null ? (
        <span className="loading loading-dots loading-sm" />
      ) : plans.length === 0 ? (
        <p className="text-sm text-base-content/60">
          <Trans>Nenhum plano público disponível.</Trans>
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2" role="radiogroup">
          {plans.map((p) => (
            <label
              key={p.id}
              className={`flex cursor-pointer items-start gap-3 rounded-box border px-3 py-2.5 ${
                chosen === p.id ? 'border-primary bg-primary/5' : 'border-base-300 hover:bg-base-200/50'
              }`}
              data-testid="pick-plan-option"
              data-name={p.name}
            >
              <input
                type="radio"
                name="plan"
                className="radio radio-primary radio-sm mt-1"
                checked={chosen === p.id}
                onChange={() => setChosen(p.id)}
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">
                  {p.name}
                  {p.id === currentPlanId ? (
                    <span className="badge badge-soft badge-primary badge-sm ml-2">
                      <Trans>Atual</Trans>
                    </span>
                  ) : null}
                </span>
                {p.slogan ? <span className="text-xs text-base-content/60">{p.slogan}</span> : null}
                <span className="text-xs text-base-content/70">
                  <Trans>
                    {p.numberAttendants} atendentes · {p.numberConnections} conexões
                  </Trans>{' '}
                  · {recurrenceLabel(p.recurrence)}
                </span>
                <span className="text-sm font-semibold tabular-nums" data-testid="pick-plan-price">
                  <Trans>{monthlyOf(p)} por mês</Trans>
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </Modal>
  );
}
