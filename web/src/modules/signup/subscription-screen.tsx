import { Trans, useLingui } from '@lingui/react/macro';
import {
  BILLING_TYPES,
  type BillingType,
  cepDigits,
  checkDocumentNumber,
  DEFAULT_COUNTRY,
  documentKindOf,
  LEAD_STATUS_DONE,
  type LeadDto,
  PHONE_EXAMPLE,
  RECURRENCES,
  type Recurrence,
  SIGNUP_TEXTS,
  SUBSCRIPTION_REDIRECT_MS,
  SubscriptionInput,
} from '@zapdesk/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError, fieldErrors, parseApiError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { IconAlert, IconCircleCheck } from '../../ui/icons';
import { BILLING_LABELS, RECURRENCE_LABELS } from './plan-texts';
import { PublicFrame } from './public-frame';
import { fetchLead, lookupCep, lookupCnpj, type SubscriptionForm, sendSubscription } from './signup-api';

type Address = SubscriptionForm['address'];
type Field = 'name' | 'companyName' | 'documentNumber' | 'userName' | 'whatsAppNumber' | 'address';

const EMPTY_ADDRESS: Address = {
  cep: '',
  street: '',
  numberAddress: '',
  complement: '',
  district: '',
  city: '',
  state: '',
  country: DEFAULT_COUNTRY,
};

/** 01310100 → 01310-100 */
const formatCep = (d: string) => (d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : d);

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h2 className="border-b border-base-300 pb-1 text-sm font-semibold uppercase tracking-wide text-base-content/70">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function Message({ kind, children, testId }: { kind: 'error' | 'info'; children: ReactNode; testId: string }) {
  return (
    <div className="card mx-auto max-w-xl bg-base-100 shadow-sm" data-testid={testId}>
      <div className="card-body items-center gap-4 text-center">
        <div role={kind === 'error' ? 'alert' : 'status'}>{children}</div>
        <div className="flex gap-2">
          <Link href="/store" className="btn btn-outline btn-sm">
            <Trans>Ver planos</Trans>
          </Link>
          <Link href="/login" className="btn btn-primary btn-sm">
            <Trans>Entrar</Trans>
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * /subscription/{leadId?} (spec 3 §2 public self-registration, branded header and footer): the registration form
 * prefilled from the lead (GET /lead/{leadId}); the document number picks CPF or CNPJ by its digits with the spec's
 * texts; a CNPJ prefills the company and its address, a CEP the address (lookups fail silently). Success shows
 * 'Cadastro concluído com exito…' with the trial's end and goes to /login after 3.5 s (spec 3 §8).
 */
export function SubscriptionScreen({ leadId }: { leadId?: string }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [lead, setLead] = useState<LeadDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<Omit<SubscriptionForm, 'leadId'>>({
    name: '',
    companyName: '',
    documentNumber: '',
    userName: '',
    whatsAppNumber: '',
    address: EMPTY_ADDRESS,
    recurrence: 'months3',
    billingType: 'PIX',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | `address.${keyof Address}`, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ trialEnd: string } | null>(null);
  const looked = useRef({ cnpj: '', cep: '' });

  useEffect(() => {
    if (!leadId) return;
    fetchLead(leadId)
      .then((l) => {
        setLead(l);
        setForm((f) => ({
          ...f,
          userName: l.name,
          whatsAppNumber: l.whatsAppNumber,
          recurrence: l.recurrence,
          billingType: l.billingType,
        }));
      })
      .catch((err) => setLoadError(parseApiError(err)));
  }, [leadId]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), SUBSCRIPTION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const setField = (k: Exclude<Field, 'address'>) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const setAddress = (k: keyof Address) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, address: { ...f.address, [k]: value } }));
    setErrors((x) => ({ ...x, [`address.${k}`]: undefined }));
    if (k === 'cep') void fillFromCep(value);
  };

  /** fills the empty address fields from the CEP (a failed lookup changes nothing) */
  async function fillFromCep(raw: string) {
    const cep = cepDigits(raw);
    if (!cep || looked.current.cep === cep) return;
    looked.current.cep = cep;
    const a = await lookupCep(cep);
    if (!('municipio' in a)) return;
    setForm((f) => ({
      ...f,
      address: {
        ...f.address,
        street: a.logradouro || f.address.street,
        district: a.bairro || f.address.district,
        city: a.municipio || f.address.city,
        state: a.uf || f.address.state,
        complement: f.address.complement || a.complemento,
        country: f.address.country || DEFAULT_COUNTRY,
      },
    }));
  }

  /** the document's check on leaving the field; a valid CNPJ prefills the company and its address */
  async function checkDocument() {
    if (!form.documentNumber.trim()) return;
    const r = checkDocumentNumber(form.documentNumber);
    if (!r.ok) {
      setErrors((x) => ({ ...x, documentNumber: translateValidation(r.message) }));
      return;
    }
    if (r.kind !== 'cnpj' || looked.current.cnpj === r.value) return;
    looked.current.cnpj = r.value;
    const c = await lookupCnpj(r.value);
    if (!('nome' in c)) return;
    looked.current.cep = c.cep;
    setForm((f) => ({
      ...f,
      companyName: f.companyName || c.nome,
      name: f.name || (c.fantasia || c.nome).slice(0, 50),
      address: {
        cep: f.address.cep || formatCep(c.cep),
        street: f.address.street || c.logradouro,
        numberAddress: f.address.numberAddress || c.numero,
        complement: f.address.complement || c.complemento,
        district: f.address.district || c.bairro,
        city: f.address.city || c.municipio,
        state: f.address.state || c.uf,
        country: f.address.country || DEFAULT_COUNTRY,
      },
    }));
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!leadId) return;
    setError(null);
    const body: SubscriptionForm = { ...form, leadId };
    const parsed = SubscriptionInput.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.slice(0, 2).join('.') as keyof typeof errors;
        next[key] ??= translateValidation(issue.message);
      }
      setErrors({ ...fieldErrors<Field>(parsed.error.issues), ...next });
      return;
    }
    setBusy(true);
    try {
      const answer = await sendSubscription(body);
      // DD/MM/YYYY in Brasília time, the date the access e-mail gives
      setDone({
        trialEnd: new Date(answer.trialEndsAt).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
      });
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const next: typeof errors = {};
        for (const [k, v] of Object.entries(err.fields)) next[k as Field] = translateValidation(v);
        setErrors(next);
      }
      setError(parseApiError(err));
    } finally {
      setBusy(false);
    }
  };

  const docKind = documentKindOf(form.documentNumber);
  const input = (k: Exclude<Field, 'address'>, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      className={`input w-full ${errors[k] ? 'input-error' : ''}`}
      value={form[k]}
      onChange={setField(k)}
      data-testid={`subscription-${k}`}
      {...extra}
    />
  );
  const addressInput = (k: keyof Address, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      className={`input w-full ${errors[`address.${k}`] ? 'input-error' : ''}`}
      value={form.address[k]}
      onChange={setAddress(k)}
      data-testid={`subscription-address-${k}`}
      {...extra}
    />
  );

  let body: ReactNode;
  if (!leadId) {
    body = (
      <Message kind="info" testId="subscription-no-lead">
        <Trans>Escolha um plano para começar o seu cadastro.</Trans>
      </Message>
    );
  } else if (loadError) {
    body = (
      <Message kind="error" testId="subscription-load-error">
        {loadError}
      </Message>
    );
  } else if (!lead) {
    body = (
      <div className="flex justify-center py-20">
        <span className="loading loading-spinner loading-lg" />
      </div>
    );
  } else if (lead.status === LEAD_STATUS_DONE) {
    body = (
      <Message kind="info" testId="subscription-already-done">
        <Trans>Este cadastro já foi concluído. Entre com o e-mail e a senha que você recebeu.</Trans>
      </Message>
    );
  } else if (done) {
    body = (
      <div className="card mx-auto max-w-xl bg-base-100 shadow-sm" data-testid="subscription-done">
        <div className="card-body items-center gap-3 text-center">
          <IconCircleCheck size={44} className="text-success" />
          <p className="text-lg font-semibold" role="status">
            <Trans>Cadastro concluído com exito, verifique seu email com os dados de acesso para fazer login</Trans>
          </p>
          <p className="text-sm text-base-content/70" data-testid="subscription-trial-end">
            <Trans>Seu teste grátis vai até {done.trialEnd}.</Trans>
          </p>
        </div>
      </div>
    );
  } else {
    body = (
      <form
        className="card mx-auto max-w-3xl bg-base-100 shadow-sm [&_.label]:whitespace-normal"
        onSubmit={submit}
        noValidate
        data-testid="subscription-form"
      >
        <div className="card-body gap-4 p-4 sm:p-6">
          <div>
            <h1 className="text-xl font-bold">
              <Trans>Conclua o seu cadastro</Trans>
            </h1>
            <p className="text-sm text-base-content/70" data-testid="subscription-plan">
              {lead.planName ? <Trans>Plano {lead.planName}</Trans> : null}
              {' · '}
              <Trans>15 dias de teste grátis, sem cartão</Trans>
            </p>
          </div>
          {error ? (
            <div role="alert" className="alert alert-error alert-soft py-2 text-sm" data-testid="subscription-error">
              <IconAlert size={18} />
              <span>{error}</span>
            </div>
          ) : null}
          <Section title={<Trans>Seus dados</Trans>}>
            <FormField label={<Trans>E-mail</Trans>} hint={<Trans>O seu login. Os dados de acesso chegam nele.</Trans>}>
              <input className="input w-full" value={lead.email} readOnly data-testid="subscription-email" />
            </FormField>
            <FormField label={<Trans>Seu nome</Trans>} error={errors.userName}>
              {input('userName', { autoComplete: 'name' })}
            </FormField>
            <FormField
              label={<Trans>WhatsApp</Trans>}
              error={errors.whatsAppNumber}
              hint={translateValidation(SIGNUP_TEXTS.leadPhoneFormat.replace('{phone}', PHONE_EXAMPLE))}
            >
              {input('whatsAppNumber', { type: 'tel', inputMode: 'tel', placeholder: PHONE_EXAMPLE })}
            </FormField>
          </Section>
          <Section title={<Trans>Empresa</Trans>}>
            <FormField
              label={docKind === 'cnpj' ? <Trans>CNPJ</Trans> : <Trans>CPF ou CNPJ</Trans>}
              error={errors.documentNumber}
              errorTestId="subscription-documentNumber-error"
            >
              {input('documentNumber', { onBlur: () => void checkDocument(), inputMode: 'text', maxLength: 20 })}
            </FormField>
            <FormField label={<Trans>Nome da empresa</Trans>} error={errors.name} errorTestId="subscription-name-error">
              {input('name', { autoComplete: 'organization' })}
            </FormField>
            <FormField label={<Trans>Razão social</Trans>} error={errors.companyName}>
              {input('companyName')}
            </FormField>
          </Section>
          <Section title={<Trans>Endereço</Trans>}>
            <FormField label={<Trans>CEP</Trans>} error={errors['address.cep']}>
              {addressInput('cep', { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '00000-000' })}
            </FormField>
            <FormField label={<Trans>Rua</Trans>}>
              {addressInput('street', { autoComplete: 'address-line1' })}
            </FormField>
            <FormField label={<Trans>Número</Trans>}>{addressInput('numberAddress')}</FormField>
            <FormField label={<Trans>Complemento</Trans>}>{addressInput('complement')}</FormField>
            <FormField label={<Trans>Bairro</Trans>}>{addressInput('district')}</FormField>
            <FormField label={<Trans>Cidade</Trans>}>{addressInput('city')}</FormField>
            <FormField label={<Trans>Estado</Trans>}>{addressInput('state')}</FormField>
            <FormField label={<Trans>País</Trans>}>{addressInput('country')}</FormField>
          </Section>
          <Section title={<Trans>Pagamento depois do teste</Trans>}>
            <FormField label={<Trans>Período de pagamento</Trans>}>
              <select
                className="select w-full"
                value={form.recurrence}
                onChange={(e) => setForm((f) => ({ ...f, recurrence: e.target.value as Recurrence }))}
                data-testid="subscription-recurrence"
              >
                {RECURRENCES.map((r) => (
                  <option key={r} value={r}>
                    {i18n._(RECURRENCE_LABELS[r])}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={<Trans>Forma de pagamento</Trans>}>
              <select
                className="select w-full"
                value={form.billingType}
                onChange={(e) => setForm((f) => ({ ...f, billingType: e.target.value as BillingType }))}
                data-testid="subscription-billing"
              >
                {BILLING_TYPES.map((b) => (
                  <option key={b} value={b}>
                    {i18n._(BILLING_LABELS[b])}
                  </option>
                ))}
              </select>
            </FormField>
          </Section>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="subscription-submit">
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Concluir cadastro</Trans>
          </button>
          <p className="text-center text-xs text-base-content/60">{t`Ao concluir, você recebe por e-mail a senha de acesso.`}</p>
        </div>
      </form>
    );
  }

  return <PublicFrame testId="subscription-page">{body}</PublicFrame>;
}
