import { Trans, useLingui } from '@lingui/react/macro';
import {
  BILLING_TYPES,
  type BillingType,
  DEFAULT_BILLING_TYPE,
  DEFAULT_RECURRENCE,
  formatBrl,
  LeadInput,
  PHONE_EXAMPLE,
  type PublicPlanDto,
  periodPrice,
  RECURRENCES,
  type Recurrence,
  SIGNUP_TEXTS,
  TRIAL_DAYS,
} from '@zapdesk/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fieldErrors, parseApiError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { IconAlert, IconCheck, IconMail } from '../../ui/icons';
import { BILLING_LABELS, FEATURE_LABELS, RECURRENCE_LABELS } from './plan-texts';
import { PublicFrame } from './public-frame';
import { fetchPublicPlans, sendLead } from './signup-api';

type Field = 'name' | 'email' | 'whatsAppNumber';

/** The plan's features a visitor reads: limits, unlimited queues (spec 3 "Plans include unlimited queues"), flags. */
function PlanDetails({ plan }: { plan: PublicPlanDto }) {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-col gap-3" data-testid="store-plan">
      <div>
        <h1 className="text-2xl font-bold" data-testid="store-plan-name">
          {plan.name}
        </h1>
        {plan.slogan ? <p className="text-base-content/70">{plan.slogan}</p> : null}
      </div>
      {plan.description ? <p className="whitespace-pre-line text-sm">{plan.description}</p> : null}
      <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" data-testid="store-features">
        <li className="flex items-center gap-2">
          <IconCheck size={16} className="text-success" />
          <Trans>{plan.numberAttendants} atendentes</Trans>
        </li>
        <li className="flex items-center gap-2">
          <IconCheck size={16} className="text-success" />
          <Trans>{plan.numberConnections} conexões de WhatsApp</Trans>
        </li>
        <li className="flex items-center gap-2">
          <IconCheck size={16} className="text-success" />
          <Trans>Filas ilimitadas</Trans>
        </li>
        {(Object.keys(FEATURE_LABELS) as (keyof typeof FEATURE_LABELS)[])
          .filter((k) => plan[k])
          .map((k) => (
            <li key={k} className="flex items-center gap-2">
              <IconCheck size={16} className="text-success" />
              {i18n._(FEATURE_LABELS[k])}
            </li>
          ))}
      </ul>
    </div>
  );
}

/** spec 3 §4: month1 / months3 / months6 / months12, default months3 — the monthly price, the total and the saving */
function PeriodPicker({
  plan,
  value,
  onChange,
}: {
  plan: PublicPlanDto;
  value: Recurrence;
  onChange: (r: Recurrence) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="grid grid-cols-2 gap-2 lg:grid-cols-4" role="radiogroup" data-testid="store-periods">
      {RECURRENCES.map((r) => {
        const p = periodPrice(plan, r);
        const active = r === value;
        return (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={active}
            className={`flex flex-col items-start rounded-box border-2 p-2 text-left transition ${
              active ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:border-primary/50'
            }`}
            onClick={() => onChange(r)}
            data-testid={`store-period-${r}`}
          >
            <span className="text-sm font-semibold">{i18n._(RECURRENCE_LABELS[r])}</span>
            <span className="text-lg font-bold leading-tight">{formatBrl(p.monthly)}</span>
            <span className="text-xs text-base-content/60">
              <Trans>por mês</Trans>
            </span>
            {p.months > 1 ? (
              <span className="text-xs text-base-content/70">
                <Trans>Total {formatBrl(p.total)}</Trans>
              </span>
            ) : null}
            {p.discount > 0 ? (
              <span className="mt-1 whitespace-nowrap text-xs font-semibold text-success">
                <Trans>Economize {formatBrl(p.discount)}</Trans>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

function PlanChooser({ plans, current }: { plans: PublicPlanDto[]; current?: number }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="store-plan-list">
      {plans.map((p) => (
        <Link
          key={p.id}
          href={`/store/${p.id}`}
          className={`btn btn-sm ${p.id === current ? 'btn-primary' : 'btn-outline'} ${p.highlighted === 1 ? 'btn-lg' : ''}`}
          data-testid="store-plan-link"
          data-plan-id={p.id}
        >
          {p.name}
          <span className="text-xs font-normal opacity-80">{p.value1MonthBrl}</span>
        </Link>
      ))}
    </div>
  );
}

/**
 * /store/{planId?} (spec 3 §2, public): the plan's details, the period picker (default months3), the billing type
 * (PIX default, CREDIT_CARD, BOLETO) and the lead form (spec 3 §5 texts, the phone format hint). The answer replaces
 * the form with 'Você recebera um email para concluir o cadastro' (no marketing site to send the visitor to).
 */
export function StoreScreen({ planId }: { planId?: string }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [plans, setPlans] = useState<PublicPlanDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [recurrence, setRecurrence] = useState<Recurrence>(DEFAULT_RECURRENCE);
  const [billingType, setBillingType] = useState<BillingType>(DEFAULT_BILLING_TYPE);
  const [form, setForm] = useState({ name: '', email: '', whatsAppNumber: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    fetchPublicPlans()
      .then(setPlans)
      .catch((err) => setLoadError(parseApiError(err)));
  }, []);

  const wanted = planId ? Number(planId) : undefined;
  const plan =
    plans?.find((p) => p.id === wanted) ??
    (wanted ? undefined : (plans?.find((p) => p.highlighted === 1) ?? plans?.[0]));

  useEffect(() => {
    // a plan given in the link that is not offered: show the offered ones
    if (plans && wanted && !plans.some((p) => p.id === wanted)) navigate('/store', { replace: true });
  }, [plans, wanted, navigate]);

  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!plan) return;
    setError(null);
    const body = { ...form, planId: plan.id, recurrence, billingType };
    const parsed = LeadInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      await sendLead({ ...body, whatsAppNumber: parsed.data.whatsAppNumber });
      setSent(true);
    } catch (err) {
      setError(parseApiError(err));
    } finally {
      setBusy(false);
    }
  };

  const phoneHint = translateValidation(SIGNUP_TEXTS.leadPhoneFormat.replace('{phone}', PHONE_EXAMPLE));

  return (
    <PublicFrame testId="store-page">
      {loadError ? (
        <div role="alert" className="alert alert-error">
          {loadError}
        </div>
      ) : !plans ? (
        <div className="flex justify-center py-20">
          <span className="loading loading-spinner loading-lg" />
        </div>
      ) : !plan ? (
        <div className="card bg-base-100 p-6 text-center" data-testid="store-empty">
          <Trans>Nenhum plano disponível no momento.</Trans>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-4 p-4 sm:p-6">
              {plans.length > 1 ? <PlanChooser plans={plans} current={plan.id} /> : null}
              <PlanDetails plan={plan} />
              <div className="alert alert-info alert-soft py-2 text-sm" data-testid="store-trial">
                <Trans>
                  {TRIAL_DAYS} dias de teste grátis, sem cartão. Depois do teste, é cobrado o valor do plano no período
                  escolhido.
                </Trans>
              </div>
              <div>
                <h2 className="mb-2 font-semibold">
                  <Trans>Período de pagamento</Trans>
                </h2>
                <PeriodPicker plan={plan} value={recurrence} onChange={setRecurrence} />
              </div>
            </div>
          </section>
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-3 p-4 sm:p-6">
              {sent ? (
                <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="store-sent">
                  <IconMail size={40} className="text-primary" />
                  <p className="text-lg font-semibold" role="status">
                    <Trans>Você recebera um email para concluir o cadastro</Trans>
                  </p>
                  <p className="text-sm text-base-content/70">
                    <Trans>Confira também a caixa de spam.</Trans>
                  </p>
                </div>
              ) : (
                <form
                  className="flex flex-col gap-1 [&_.label]:whitespace-normal"
                  onSubmit={submit}
                  noValidate
                  data-testid="store-form"
                >
                  <h2 className="text-lg font-semibold">
                    <Trans>Comece o seu teste grátis</Trans>
                  </h2>
                  {error ? (
                    <div role="alert" className="alert alert-error alert-soft py-2 text-sm" data-testid="store-error">
                      <IconAlert size={18} />
                      <span>{error}</span>
                    </div>
                  ) : null}
                  <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="store-name-error">
                    <input
                      className={`input w-full ${errors.name ? 'input-error' : ''}`}
                      value={form.name}
                      onChange={set('name')}
                      autoComplete="name"
                      data-testid="store-name"
                    />
                  </FormField>
                  <FormField label={<Trans>E-mail</Trans>} error={errors.email} errorTestId="store-email-error">
                    <input
                      type="email"
                      className={`input w-full ${errors.email ? 'input-error' : ''}`}
                      value={form.email}
                      onChange={set('email')}
                      autoComplete="email"
                      placeholder={t`seu@email.com`}
                      data-testid="store-email"
                    />
                  </FormField>
                  <FormField
                    label={<Trans>WhatsApp</Trans>}
                    error={errors.whatsAppNumber}
                    hint={phoneHint}
                    errorTestId="store-whatsapp-error"
                  >
                    <input
                      type="tel"
                      inputMode="tel"
                      className={`input w-full ${errors.whatsAppNumber ? 'input-error' : ''}`}
                      value={form.whatsAppNumber}
                      onChange={set('whatsAppNumber')}
                      autoComplete="tel"
                      placeholder={PHONE_EXAMPLE}
                      data-testid="store-whatsapp"
                    />
                  </FormField>
                  <FormField label={<Trans>Forma de pagamento</Trans>}>
                    <select
                      className="select w-full"
                      value={billingType}
                      onChange={(e) => setBillingType(e.target.value as BillingType)}
                      data-testid="store-billing"
                    >
                      {BILLING_TYPES.map((b) => (
                        <option key={b} value={b}>
                          {i18n._(BILLING_LABELS[b])}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <button type="submit" className="btn btn-primary mt-2" disabled={busy} data-testid="store-submit">
                    {busy ? <span className="loading loading-spinner loading-sm" /> : null}
                    <Trans>Quero assinar</Trans>
                  </button>
                </form>
              )}
            </div>
          </section>
        </div>
      )}
    </PublicFrame>
  );
}
