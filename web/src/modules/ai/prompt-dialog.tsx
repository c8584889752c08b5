import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type BotConfigDto, BotConfigInput, type BotConfigRangeField, type IntegrationDto } from '@zapdesk/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { validateAndSave } from '../../lib/save-form';
import { useOptionsOnce } from '../../lib/use-options-once';
import { FormActions } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { IconPlus, IconTrash } from '../../ui/icons';
import { IdSelect } from '../../ui/id-select';
import { Modal } from '../../ui/modal';
import { fetchQueues } from '../queues/queues-api';
import { createPrompt, fetchAllIntegrations, updatePrompt } from './ai-api';
import {
  modelChoices,
  newPromptForm,
  type PromptForm,
  promptBody,
  promptFormOf,
  rangeOf,
  SLIDER_FIELDS,
  sliderText,
} from './prompt-form';
import { PromptSimulator } from './prompt-simulator';

type Named = { id: number; name: string };
type Field = keyof PromptForm;

const SLIDER_LABELS: Record<BotConfigRangeField, MessageDescriptor> = {
  maxMessagesForDialog: msg`Máximo de mensagens no diálogo`,
  firstDelay: msg`Espera antes de responder (s)`,
  lastDelay: msg`Espera entre mensagens (s)`,
  typingSpeed: msg`Velocidade de digitação`,
  temperature: msg`Temperatura`,
  maxTokens: msg`Máximo de tokens`,
  topP: msg`Top P`,
  frequencyPenalty: msg`Penalidade de frequência`,
  presencePenalty: msg`Penalidade de presença`,
};

function useOptions() {
  return useOptionsOnce<{ integrations: IntegrationDto[]; queues: Named[] }>(
    () =>
      Promise.all([fetchAllIntegrations(), fetchQueues()]).then(([integrations, queues]) => ({ integrations, queues })),
    { integrations: [], queues: [] },
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 p-4">
      <h4 className="mb-1 text-sm font-semibold text-base-content/70">{title}</h4>
      {children}
    </section>
  );
}

/**
 * The full-screen prompt dialog (spec 2 §2, §3, §5): every field of a bot config — name, integration and model
 * (§5's choices or the integration's own), context, initial messages, ignore words, stop sequences, the inactivity
 * and limit messages, the hand-over queue — and the §5 sliders; beside it the simulator (a saved prompt only). A save
 * toasts 'Configuração salva com sucesso' and keeps the dialog open on the saved prompt, so it can be tested.
 */
export function PromptDialog({
  prompt,
  onClose,
  onSaved,
}: {
  prompt: BotConfigDto | null;
  onClose: () => void;
  onSaved: (p: BotConfigDto) => void;
}) {
  const { t, i18n } = useLingui();
  const opts = useOptions();
  const [saved, setSaved] = useState<BotConfigDto | null>(prompt);
  const [form, setForm] = useState<PromptForm>(() => (prompt ? promptFormOf(prompt) : newPromptForm()));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends Field>(key: K, value: PromptForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const integration =
    opts?.integrations.find((i) => i.id === form.integrationId) ??
    (form.integrationId === null ? opts?.integrations[0] : undefined);
  const models = modelChoices(integration, form.model);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await validateAndSave({
        schema: BotConfigInput,
        values: promptBody(form),
        setErrors,
        save: () => (saved ? updatePrompt(saved.id, promptBody(form)) : createPrompt(promptBody(form))),
        savedMessage: t`Configuração salva com sucesso`,
        onSaved: (p) => {
          setSaved(p);
          onSaved(p);
        },
      });
    } finally {
      setSaving(false);
    }
  };

  const setInitial = (i: number, patch: Partial<{ body: string; fromMe: boolean }>) =>
    set(
      'initialMessages',
      form.initialMessages.map((m, j) => (j === i ? { ...m, ...patch } : m)),
    );

  return (
    <Modal
      open
      onClose={onClose}
      size="full"
      testId="prompt-dialog"
      title={saved ? <Trans>Editar prompt: {saved.name}</Trans> : <Trans>Novo prompt</Trans>}
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-6 lg:flex-row lg:items-start">
        <form className="flex min-w-0 flex-1 flex-col gap-4" onSubmit={submit} noValidate>
          <Section title={<Trans>Prompt</Trans>}>
            <div className="grid gap-x-4 md:grid-cols-3">
              <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="prompt-name-error">
                <input
                  className={`input w-full ${errors.name ? 'input-error' : ''}`}
                  value={form.name}
                  onChange={(e) => set('name', e.target.value)}
                  maxLength={100}
                  autoFocus
                  data-testid="prompt-name"
                />
              </FormField>
              <FormField label={<Trans>Integração</Trans>} error={errors.integrationId}>
                <IdSelect
                  value={form.integrationId}
                  onChange={(id) => set('integrationId', id)}
                  options={opts?.integrations ?? []}
                  emptyLabel={t`A primeira integração da empresa`}
                  testId="prompt-integration"
                />
              </FormField>
              <FormField label={<Trans>Modelo</Trans>} error={errors.model}>
                <select
                  className="select w-full"
                  value={form.model}
                  onChange={(e) => set('model', e.target.value)}
                  data-testid="prompt-model"
                >
                  {models.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <FormField
              label={<Trans>Contexto</Trans>}
              error={errors.context}
              hint={<Trans>Quem o assistente é, o que sabe e como deve responder (a mensagem de sistema).</Trans>}
            >
              <textarea
                className="textarea w-full"
                rows={6}
                value={form.context}
                onChange={(e) => set('context', e.target.value)}
                data-testid="prompt-context"
              />
            </FormField>
          </Section>

          <Section title={<Trans>Mensagens iniciais</Trans>}>
            <p className="mb-2 text-xs text-base-content/60">
              <Trans>Exemplos de diálogo enviados ao modelo antes da conversa, na ordem.</Trans>
            </p>
            <div className="flex flex-col gap-2" data-testid="prompt-initial-messages">
              {form.initialMessages.map((m, i) => (
                <div key={i} className="flex items-start gap-2" data-testid="prompt-initial-message">
                  <select
                    className="select select-sm w-36"
                    value={m.fromMe ? 'me' : 'customer'}
                    onChange={(e) => setInitial(i, { fromMe: e.target.value === 'me' })}
                  >
                    <option value="customer">{t`Cliente`}</option>
                    <option value="me">{t`Assistente`}</option>
                  </select>
                  <textarea
                    className="textarea textarea-sm min-h-8 flex-1"
                    rows={1}
                    value={m.body}
                    onChange={(e) => setInitial(i, { body: e.target.value })}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-square text-error"
                    onClick={() =>
                      set(
                        'initialMessages',
                        form.initialMessages.filter((_, j) => j !== i),
                      )
                    }
                    aria-label={t`Remover`}
                  >
                    <IconTrash size={16} />
                  </button>
                </div>
              ))}
            </div>
            {errors.initialMessages ? <p className="mt-1 text-sm text-error">{errors.initialMessages}</p> : null}
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-2"
              onClick={() =>
                set('initialMessages', [
                  ...form.initialMessages,
                  { body: '', fromMe: (form.initialMessages.at(-1)?.fromMe ?? true) === false },
                ])
              }
              data-testid="prompt-initial-add"
            >
              <IconPlus size={16} />
              <Trans>Adicionar mensagem</Trans>
            </button>
          </Section>

          <Section title={<Trans>Comportamento</Trans>}>
            <div className="grid gap-x-4 md:grid-cols-2">
              <FormField
                label={<Trans>Palavras ignoradas</Trans>}
                error={errors.ignoreWords}
                hint={<Trans>Separadas por vírgula: uma mensagem com uma delas não é respondida.</Trans>}
              >
                <input
                  className="input w-full"
                  value={form.ignoreWords}
                  onChange={(e) => set('ignoreWords', e.target.value)}
                  data-testid="prompt-ignore-words"
                />
              </FormField>
              <FormField
                label={<Trans>Sequências de parada</Trans>}
                error={errors.stop}
                hint={<Trans>Separadas por vírgula (até 4): o modelo para de escrever nelas.</Trans>}
              >
                <input
                  className="input w-full"
                  value={form.stop}
                  onChange={(e) => set('stop', e.target.value)}
                  data-testid="prompt-stop"
                />
              </FormField>
              <FormField
                label={<Trans>Mensagem de inatividade</Trans>}
                error={errors.inactivityMessage}
                hint={<Trans>Enviada quando o cliente fica em silêncio durante a conversa.</Trans>}
              >
                <textarea
                  className="textarea w-full"
                  rows={2}
                  value={form.inactivityMessage}
                  onChange={(e) => set('inactivityMessage', e.target.value)}
                  data-testid="prompt-inactivity"
                />
              </FormField>
              <FormField
                label={<Trans>Mensagem ao atingir o máximo de mensagens</Trans>}
                error={errors.messageForMaxMessagesExceeded}
                hint={<Trans>Enviada antes de passar a conversa para a fila abaixo.</Trans>}
              >
                <textarea
                  className="textarea w-full"
                  rows={2}
                  value={form.messageForMaxMessagesExceeded}
                  onChange={(e) => set('messageForMaxMessagesExceeded', e.target.value)}
                  data-testid="prompt-max-message"
                />
              </FormField>
              <FormField label={<Trans>Fila ao transferir para um atendente</Trans>} error={errors.lastQueueId}>
                <IdSelect
                  value={form.lastQueueId}
                  onChange={(id) => set('lastQueueId', id)}
                  options={opts?.queues ?? []}
                  emptyLabel={t`Nenhuma`}
                  testId="prompt-last-queue"
                />
              </FormField>
            </div>
          </Section>

          <Section title={<Trans>Parâmetros do modelo</Trans>}>
            <div className="grid gap-x-6 gap-y-1 md:grid-cols-2 xl:grid-cols-3">
              {SLIDER_FIELDS.map((f) => {
                const [min, max, step] = rangeOf(f);
                return (
                  <FormField
                    key={f}
                    label={
                      <span className="flex w-full justify-between gap-2">
                        <span>{i18n._(SLIDER_LABELS[f])}</span>
                        <span className="font-mono text-primary" data-testid={`prompt-${f}-value`}>
                          {sliderText(f, form[f])}
                        </span>
                      </span>
                    }
                    error={errors[f]}
                  >
                    <input
                      type="range"
                      className="range range-primary range-xs w-full"
                      min={min}
                      max={max}
                      step={step}
                      value={form[f]}
                      onChange={(e) => set(f, Number(e.target.value))}
                      aria-label={i18n._(SLIDER_LABELS[f])}
                      data-testid={`prompt-${f}`}
                    />
                    <span className="flex justify-between text-[11px] text-base-content/50">
                      <span>{min}</span>
                      <span>{max}</span>
                    </span>
                  </FormField>
                );
              })}
            </div>
          </Section>

          <FormActions
            onCancel={onClose}
            saving={saving}
            saveTestId="prompt-save"
            className="sticky bottom-0 border-t border-base-300 bg-base-100 py-3"
          />
        </form>

        <aside className="flex flex-col items-center gap-2 lg:sticky lg:top-20 lg:w-96" data-testid="prompt-sim-panel">
          <h4 className="self-start text-sm font-semibold text-base-content/70">
            <Trans>Testar prompt</Trans>
          </h4>
          {saved ? (
            <PromptSimulator botConfigId={saved.id} name={saved.name} />
          ) : (
            <p className="self-start text-sm text-base-content/60" data-testid="prompt-sim-unsaved">
              <Trans>Salve o prompt para conversar com ele aqui.</Trans>
            </p>
          )}
        </aside>
      </div>
    </Modal>
  );
}
