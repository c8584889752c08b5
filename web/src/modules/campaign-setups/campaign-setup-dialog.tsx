import { Trans, useLingui } from '@lingui/react/macro';
import {
  CAMPAIGN_TEXTS,
  CAMPAIGN_TICKET_SET_STATUSES,
  type CampaignSetupDto,
  CampaignSetupInput,
  type CampaignTicketSetStatus,
  INTERVAL_OPTIONS,
  lowTMinRisk,
  T_MAX_OPTIONS,
  T_MIN_OPTIONS,
} from '@zapdesk/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { toastError, translateValidation } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField, ToggleField } from '../../ui/form-field';
import { IconAlert, IconPlus, IconShield, IconTrash } from '../../ui/icons';
import { IdSelect } from '../../ui/id-select';
import { toast } from '../../ui/toasts/toast';
import { TICKET_SET_STATUS_LABELS } from '../api-tokens/api-token-labels';
import { fetchAllUsers } from '../api-tokens/api-tokens-api';
import { useCapabilities } from '../auth/use-capabilities';
import { fetchQueues } from '../queues/queues-api';
import { fetchConnections } from '../users/users-api';
import { createSetup, updateSetup } from './campaign-setups-api';
import { canAddButton, newSetupForm, nextWarmupTier, type SetupForm, setupBody, setupFormOf } from './setup-form';

type Named = { id: number; name: string };
type Options = { queues: Named[]; users: Named[]; connections: Named[] };
type Field = keyof ReturnType<typeof setupBody>;

/** The pickers: queues, users, and the company's connections that are NOT the default one (spec 2 §5). */
function useOptions(): Options | null {
  const [opts, setOpts] = useState<Options | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([fetchQueues(), fetchAllUsers(), fetchConnections()])
      .then(([queues, users, connections]) => {
        if (alive) setOpts({ queues, users, connections: connections.filter((c) => !c.isDefault) });
      })
      .catch((err) => {
        toastError(err);
        if (alive) setOpts({ queues: [], users: [], connections: [] });
      });
    return () => {
      alive = false;
    };
  }, []);
  return opts;
}

const text = (s: string) => translateValidation(s) ?? s;

/**
 * Add / edit / copy a campaign setup (spec 2 §3, §5, §9): name, one or more non-default connections, queue, user,
 * ticket status after the send, start mode, the times (max, min, interval — the ban-risk hint under a low minimum),
 * the conclusion webhook, the reply buttons (at most 3) and the ban-safety limits (jitter, sending window, breaker,
 * warm-up tiers): shown to everyone, editable by administrators only (the server keeps them otherwise).
 */
export function CampaignSetupDialog({
  setup,
  copyOf,
  onClose,
  onSaved,
}: {
  setup: CampaignSetupDto | null;
  copyOf: CampaignSetupDto | null;
  onClose: () => void;
  onSaved: (s: CampaignSetupDto) => void;
}) {
  const { t, i18n } = useLingui();
  const caps = useCapabilities();
  const opts = useOptions();
  const [form, setForm] = useState<SetupForm>(() => {
    if (setup) return setupFormOf(setup);
    if (copyOf) return setupFormOf(copyOf, t`${copyOf.name} (cópia)`);
    return newSetupForm();
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const safetyEditable = !!caps?.isAdmin;

  const set = <K extends keyof SetupForm>(key: K, value: SetupForm[K], field: Field | null = null) => {
    setForm((f) => ({ ...f, [key]: value }));
    const clear = field ?? (key as Field);
    setErrors((e) => (e[clear] ? { ...e, [clear]: undefined } : e));
  };

  // the stored connections stay listed even if one became the default meanwhile (so it can be unticked)
  const connections: Named[] = [...(opts?.connections ?? [])];
  for (const w of (setup ?? copyOf)?.whatsapps ?? []) {
    if (!connections.some((c) => c.id === w.id)) connections.push(w);
  }

  const toggleConnection = (id: number, on: boolean) =>
    set('whatsapps', on ? [...form.whatsapps, id] : form.whatsapps.filter((x) => x !== id));

  const addButton = () => {
    if (!canAddButton(form)) {
      toast.warning(text(CAMPAIGN_TEXTS.tooManyButtons));
      return;
    }
    set('buttons', [...form.buttons, ''], 'jsonButtonOrList');
  };

  const submit = () =>
    validateAndSave({
      schema: CampaignSetupInput,
      values: setupBody(form),
      setErrors,
      save: () => (setup ? updateSetup(setup.id, setupBody(form)) : createSetup(setupBody(form))),
      savedMessage: t`Configuração de campanha salva`,
      onSaved,
      fieldOfCode: { ERR_CAMPAIGN_SETUP_DEFAULT_WHATSAPP: 'whatsapps', ERR_NO_WAPP_FOUND: 'whatsapps' },
    });

  const title = setup ? (
    <Trans>Editar configuração</Trans>
  ) : copyOf ? (
    <Trans>Copiar configuração</Trans>
  ) : (
    <Trans>Nova configuração</Trans>
  );

  return (
    <FormDialog
      title={title}
      size="lg"
      testId="campaign-setup-dialog"
      saveTestId="campaign-setup-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="campaign-setup-name-error">
        <input
          className={`input w-full ${errors.name ? 'input-error' : ''}`}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          maxLength={100}
          autoFocus
          data-testid="campaign-setup-name"
        />
      </FormField>

      <FormField
        label={<Trans>Conexões</Trans>}
        error={errors.whatsapps}
        errorTestId="campaign-setup-whatsapps-error"
        hint={<Trans>Os contatos são divididos entre as conexões escolhidas. A conexão padrão não aparece.</Trans>}
      >
        {opts && connections.length === 0 ? (
          <div
            role="alert"
            className="alert alert-warning alert-soft text-sm"
            data-testid="campaign-setup-no-connection"
          >
            <IconAlert size={18} />
            <span>
              {text(CAMPAIGN_TEXTS.nonDefaultConnection)}.{' '}
              <Link href="/connections" className="link">
                <Trans>Criar uma conexão</Trans>
              </Link>
            </span>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2" data-testid="campaign-setup-whatsapps">
            {opts === null ? <span className="loading loading-spinner loading-sm" /> : null}
            {connections.map((c) => {
              const on = form.whatsapps.includes(c.id);
              return (
                <label
                  key={c.id}
                  className={`flex cursor-pointer items-center gap-2 rounded-box border px-3 py-1.5 text-sm ${on ? 'border-primary bg-primary/5' : 'border-base-300'}`}
                >
                  <input
                    type="checkbox"
                    className="checkbox checkbox-primary checkbox-sm"
                    checked={on}
                    onChange={(e) => toggleConnection(c.id, e.target.checked)}
                    data-testid="campaign-setup-whatsapp"
                    data-name={c.name}
                  />
                  {c.name}
                </label>
              );
            })}
          </div>
        )}
      </FormField>

      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={<Trans>Fila</Trans>} error={errors.queueId}>
          <IdSelect
            value={form.queueId}
            onChange={(id) => set('queueId', id)}
            options={opts?.queues ?? []}
            emptyLabel={t`Nenhuma`}
            testId="campaign-setup-queue"
          />
        </FormField>
        <FormField label={<Trans>Usuário</Trans>} error={errors.userId}>
          <IdSelect
            value={form.userId}
            onChange={(id) => set('userId', id)}
            options={opts?.users ?? []}
            emptyLabel={t`Nenhum`}
            testId="campaign-setup-user"
          />
        </FormField>
        <FormField label={<Trans>Status do ticket após o envio</Trans>} error={errors.ticketSetStatus}>
          <select
            className="select w-full"
            value={form.ticketSetStatus}
            onChange={(e) => set('ticketSetStatus', e.target.value as CampaignTicketSetStatus)}
            data-testid="campaign-setup-status"
          >
            {CAMPAIGN_TICKET_SET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(TICKET_SET_STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </FormField>
        <div className="fieldset">
          <span className="fieldset-legend">
            <Trans>Início da campanha</Trans>
          </span>
          <ToggleField
            label={<Trans>Iniciar automaticamente</Trans>}
            description={<Trans>Desligado: a campanha é criada pausada e começa no START.</Trans>}
            checked={form.autoStart}
            onChange={(v) => set('autoStart', v)}
            testId="campaign-setup-autostart"
          />
        </div>
      </div>

      <div className="grid gap-x-4 sm:grid-cols-3">
        <SecondsSelect
          label={<Trans>Tempo máximo</Trans>}
          value={form.tMax}
          options={T_MAX_OPTIONS}
          onChange={(v) => set('tMax', v)}
          error={errors.tMax}
          testId="campaign-setup-tmax"
        />
        <SecondsSelect
          label={<Trans>Tempo mínimo</Trans>}
          value={form.tMin}
          options={T_MIN_OPTIONS}
          onChange={(v) => set('tMin', v)}
          error={errors.tMin}
          testId="campaign-setup-tmin"
        />
        <SecondsSelect
          label={<Trans>Intervalo entre contatos</Trans>}
          value={form.interval}
          options={INTERVAL_OPTIONS}
          onChange={(v) => set('interval', v)}
          error={errors.interval}
          testId="campaign-setup-interval"
        />
      </div>
      <p className="-mt-3 text-xs text-base-content/60">
        <Trans>
          Depois da saudação, a mensagem sai após uma espera aleatória entre o tempo mínimo e o máximo; o intervalo
          separa dois contatos na mesma conexão.
        </Trans>
      </p>
      {lowTMinRisk(form.tMin) ? (
        <div
          role="alert"
          className="alert alert-warning alert-soft -mt-2 text-sm"
          data-testid="campaign-setup-ban-hint"
        >
          <IconAlert size={18} />
          <span>{text(CAMPAIGN_TEXTS.lowTMinHint)}</span>
        </div>
      ) : null}

      <FormField
        label={<Trans>Webhook ao concluir (opcional)</Trans>}
        error={errors.webhookUrlConcluded}
        errorTestId="campaign-setup-webhook-error"
        hint={<Trans>Chamado uma vez, com um resumo, quando a campanha termina.</Trans>}
      >
        <input
          type="url"
          className={`input w-full ${errors.webhookUrlConcluded ? 'input-error' : ''}`}
          value={form.webhookUrlConcluded}
          onChange={(e) => set('webhookUrlConcluded', e.target.value)}
          placeholder="https://"
          data-testid="campaign-setup-webhook"
        />
      </FormField>

      <ButtonsEditor form={form} set={set} addButton={addButton} error={errors.jsonButtonOrList} />

      <SafetySection form={form} set={set} editable={safetyEditable} errors={errors} />
    </FormDialog>
  );
}

function SecondsSelect({
  label,
  value,
  options,
  onChange,
  error,
  testId,
}: {
  label: ReactNode;
  value: number;
  options: readonly number[];
  onChange: (v: number) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <FormField label={label} error={error}>
      <select
        className="select w-full"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t`${o} segundos`}
          </option>
        ))}
      </select>
    </FormField>
  );
}

type Setter = <K extends keyof SetupForm>(key: K, value: SetupForm[K], field?: Field | null) => void;

/** The reply buttons of the message (`jsonButtonOrList`): title, footer, at most 3 buttons. */
function ButtonsEditor({
  form,
  set,
  addButton,
  error,
}: {
  form: SetupForm;
  set: Setter;
  addButton: () => void;
  error?: string;
}) {
  const { t } = useLingui();
  return (
    <section
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
      data-testid="campaign-setup-buttons"
    >
      <ToggleField
        label={<Trans>Botões de resposta</Trans>}
        description={<Trans>Enviados com a mensagem; o WhatsApp permite até 3 botões.</Trans>}
        checked={form.buttonsOn}
        onChange={(v) => set('buttonsOn', v, 'jsonButtonOrList')}
        testId="campaign-setup-buttons-on"
      />
      {form.buttonsOn ? (
        <>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField label={<Trans>Título</Trans>}>
              <input
                className="input w-full"
                value={form.buttonTitle}
                onChange={(e) => set('buttonTitle', e.target.value, 'jsonButtonOrList')}
                maxLength={1024}
                data-testid="campaign-setup-button-title"
              />
            </FormField>
            <FormField label={<Trans>Rodapé (opcional)</Trans>}>
              <input
                className="input w-full"
                value={form.buttonFooter}
                onChange={(e) => set('buttonFooter', e.target.value, 'jsonButtonOrList')}
                maxLength={60}
                data-testid="campaign-setup-button-footer"
              />
            </FormField>
          </div>
          <div className="flex flex-col gap-2">
            {form.buttons.map((b, i) => (
              <div key={i} className="flex items-center gap-2">
                <span className="badge badge-ghost badge-sm w-6">{i + 1}</span>
                <input
                  className="input input-sm flex-1"
                  value={b}
                  maxLength={20}
                  onChange={(e) =>
                    set(
                      'buttons',
                      form.buttons.map((x, j) => (j === i ? e.target.value : x)),
                      'jsonButtonOrList',
                    )
                  }
                  placeholder={t`Texto do botão`}
                  data-testid="campaign-setup-button"
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square text-error"
                  aria-label={t`Remover botão`}
                  title={t`Remover botão`}
                  onClick={() =>
                    set(
                      'buttons',
                      form.buttons.filter((_, j) => j !== i),
                      'jsonButtonOrList',
                    )
                  }
                  data-testid="campaign-setup-button-remove"
                >
                  <IconTrash size={16} />
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm self-start"
              onClick={addButton}
              data-testid="campaign-setup-button-add"
            >
              <IconPlus size={16} />
              <Trans>Adicionar botão</Trans>
            </button>
          </div>
        </>
      ) : null}
      {error ? (
        <p className="text-sm text-error" role="alert" data-testid="campaign-setup-buttons-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Ban-safety limits (docs/DECISIONS.md `## Campaigns`): everyone sees them, administrators change them. */
function SafetySection({
  form,
  set,
  editable,
  errors,
}: {
  form: SetupForm;
  set: Setter;
  editable: boolean;
  errors: Partial<Record<Field, string>>;
}) {
  const { t } = useLingui();
  const num = (v: string) => (v === '' ? Number.NaN : Number(v));
  const setTier = (i: number, key: 'fromDay' | 'perDay', v: number) =>
    set(
      'warmup',
      form.warmup.map((w, j) => (j === i ? { ...w, [key]: v } : w)),
    );
  return (
    <section
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-200/30 p-3"
      data-testid="campaign-setup-safety"
      data-editable={editable ? 'true' : 'false'}
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <IconShield size={16} />
        <Trans>Proteção contra banimento</Trans>
      </h3>
      <p className="text-xs text-base-content/60">
        {editable ? (
          <Trans>
            Limites por conexão, ligados por padrão. Valores mais agressivos aumentam o risco de o WhatsApp banir o
            número.
          </Trans>
        ) : (
          <Trans>Somente administradores podem alterar estes limites.</Trans>
        )}
      </p>
      <fieldset disabled={!editable} className="contents">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField label={<Trans>Variação do intervalo (%)</Trans>} error={errors.intervalJitterPct}>
            <input
              type="number"
              min={0}
              max={50}
              className="input w-full"
              value={Number.isNaN(form.intervalJitterPct) ? '' : form.intervalJitterPct}
              onChange={(e) => set('intervalJitterPct', num(e.target.value))}
              data-testid="campaign-setup-jitter"
            />
          </FormField>
          <FormField
            label={<Trans>Pausar após falhas seguidas</Trans>}
            error={errors.breakerThreshold}
            hint={<Trans>0 desliga a pausa automática.</Trans>}
          >
            <input
              type="number"
              min={0}
              max={50}
              className="input w-full"
              value={Number.isNaN(form.breakerThreshold) ? '' : form.breakerThreshold}
              onChange={(e) => set('breakerThreshold', num(e.target.value))}
              data-testid="campaign-setup-breaker"
            />
          </FormField>
          <FormField
            label={<Trans>Janela de envio</Trans>}
            error={errors.sendWindowStart ?? errors.sendWindowEnd}
            hint={<Trans>No fuso horário da empresa; início igual ao fim envia o dia todo.</Trans>}
            className="sm:col-span-2"
          >
            <div className="flex items-center gap-2">
              <input
                type="time"
                className="input w-36"
                value={form.sendWindowStart}
                onChange={(e) => set('sendWindowStart', e.target.value)}
                aria-label={t`Início da janela`}
                data-testid="campaign-setup-window-start"
              />
              <span>
                <Trans>até</Trans>
              </span>
              <input
                type="time"
                className="input w-36"
                value={form.sendWindowEnd}
                onChange={(e) => set('sendWindowEnd', e.target.value)}
                aria-label={t`Fim da janela`}
                data-testid="campaign-setup-window-end"
              />
            </div>
          </FormField>
        </div>
        <FormField
          label={<Trans>Aquecimento de números novos (envios por dia)</Trans>}
          error={errors.warmup}
          errorTestId="campaign-setup-warmup-error"
        >
          <div className="flex flex-col gap-1.5" data-testid="campaign-setup-warmup">
            {form.warmup.map((w, i) => (
              <div key={i} className="flex flex-wrap items-center gap-2 text-sm" data-testid="campaign-setup-tier">
                <span>
                  <Trans>A partir do dia</Trans>
                </span>
                <input
                  type="number"
                  min={0}
                  className="input input-sm w-20"
                  value={Number.isNaN(w.fromDay) ? '' : w.fromDay}
                  onChange={(e) => setTier(i, 'fromDay', num(e.target.value))}
                  aria-label={t`Dia`}
                />
                <span>
                  <Trans>no máximo</Trans>
                </span>
                <input
                  type="number"
                  min={1}
                  className="input input-sm w-24"
                  value={Number.isNaN(w.perDay) ? '' : w.perDay}
                  onChange={(e) => setTier(i, 'perDay', num(e.target.value))}
                  aria-label={t`Envios por dia`}
                />
                <span>
                  <Trans>por dia</Trans>
                </span>
                {editable && form.warmup.length > 1 ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs btn-square text-error"
                    aria-label={t`Remover limite`}
                    title={t`Remover limite`}
                    onClick={() =>
                      set(
                        'warmup',
                        form.warmup.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <IconTrash size={14} />
                  </button>
                ) : null}
              </div>
            ))}
            {editable ? (
              <button
                type="button"
                className="btn btn-ghost btn-xs self-start"
                onClick={() => set('warmup', [...form.warmup, nextWarmupTier(form.warmup)])}
                data-testid="campaign-setup-tier-add"
              >
                <IconPlus size={14} />
                <Trans>Adicionar limite</Trans>
              </button>
            ) : null}
          </div>
        </FormField>
      </fieldset>
    </section>
  );
}
