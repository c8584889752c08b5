import { Trans, useLingui } from '@lingui/react/macro';
import {
  ACTIONS_WITHOUT_QUEUE,
  type ActionWithoutQueue,
  type BotSetupDto,
  BotSetupInput,
  COUNT_ERRORS_BOT_DEFAULT,
  COUNT_ERRORS_BOT_OPTIONS,
  DEFAULT_MESSAGE_ON_ERRORS_BOT,
  DEFAULT_MESSAGE_ON_WITHOUT_QUEUE,
  REOPEN_BOT_AFTER_HOURS_DEFAULT,
  REOPEN_BOT_AFTER_HOURS_OPTIONS,
  TIME_WITHOUT_QUEUE_DEFAULT,
  TIME_WITHOUT_QUEUE_OPTIONS,
  TYPING_TIME_DEFAULT,
  TYPING_TIME_OPTIONS,
} from '@zapdesk/core';
import { useState } from 'react';
import { translateValidation } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { useOptionsOnce } from '../../lib/use-options-once';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { IdSelect } from '../../ui/id-select';
import { useCapabilities } from '../auth/use-capabilities';
import { fetchQueues } from '../queues/queues-api';
import { fetchConnections } from '../users/users-api';
import { createBotSetup, updateBotSetup } from './bots-api';
import { PromptSelect } from './prompt-select';

type Named = { id: number; name: string };
type Form = {
  name: string;
  typingTime: number;
  reopenBotAfterHours: number;
  countErrorsBot: number;
  messageOnErrorsBot: string;
  actionWithoutQueue: ActionWithoutQueue;
  timeWithoutQueue: number;
  messageOnWithoutQueue: string;
  transferQueueId: number | null;
  whatsapps: number[];
  botType: 'common' | 'prompt';
  botConfigId: number | null;
};
type Field = keyof Form;

function formOf(s: BotSetupDto | null, copy: boolean): Form {
  return {
    name: s ? (copy ? `${s.name} (cópia)` : s.name) : '',
    typingTime: s?.typingTime ?? TYPING_TIME_DEFAULT,
    reopenBotAfterHours: s?.reopenBotAfterHours ?? REOPEN_BOT_AFTER_HOURS_DEFAULT,
    countErrorsBot: s?.countErrorsBot ?? COUNT_ERRORS_BOT_DEFAULT,
    messageOnErrorsBot: s?.messageOnErrorsBot ?? DEFAULT_MESSAGE_ON_ERRORS_BOT,
    actionWithoutQueue: s?.actionWithoutQueue ?? 'none',
    timeWithoutQueue: s?.timeWithoutQueue ?? TIME_WITHOUT_QUEUE_DEFAULT,
    messageOnWithoutQueue: s?.messageOnWithoutQueue ?? DEFAULT_MESSAGE_ON_WITHOUT_QUEUE,
    transferQueueId: s?.transferQueueId ?? null,
    // a copy starts without connections: a connection belongs to one setup only
    whatsapps: copy ? [] : (s?.whatsapps.map((w) => w.id) ?? []),
    botType: s?.botType ?? 'common',
    botConfigId: s?.botConfigId ?? null,
  };
}

/**
 * Add / edit / copy a bot setup (spec 2 §3, §4, §9): name, connections, typing time 1–6 (5), reopen after hours
 * (disabled, 1–6, 12 … 672), errors allowed 0–6 (2), the error message, the no-queue action with its time and message
 * (only when it is not none) and its queue (only for a transfer), bot type common or prompt.
 */
export function BotSetupDialog({
  setup,
  copyOf,
  onClose,
  onSaved,
}: {
  setup: BotSetupDto | null;
  copyOf: BotSetupDto | null;
  onClose: () => void;
  onSaved: (s: BotSetupDto) => void;
}) {
  const { t } = useLingui();
  const caps = useCapabilities();
  const [form, setForm] = useState<Form>(() => formOf(setup ?? copyOf, !setup && !!copyOf));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const opts = useOptionsOnce<{ queues: Named[]; connections: Named[] }>(
    () => Promise.all([fetchQueues(), fetchConnections()]).then(([queues, connections]) => ({ queues, connections })),
    { queues: [], connections: [] },
  );
  const set = <K extends Field>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: Field) => (errors[k] ? (translateValidation(errors[k] as string) ?? errors[k]) : undefined);

  const submit = () =>
    validateAndSave({
      schema: BotSetupInput,
      values: form,
      setErrors,
      save: (data) => (setup ? updateBotSetup(setup.id, data) : createBotSetup(data)),
      savedMessage: t`Configuração do bot salva`,
      onSaved,
      fieldOfCode: { ERR_BOT_WHATSAPP_IN_USE: 'whatsapps', ERR_NO_WAPP_FOUND: 'whatsapps' },
    });

  const actionLabel: Record<ActionWithoutQueue, string> = {
    none: t`Nenhuma`,
    sendMessageAndClosed: t`Enviar mensagem e encerrar`,
    transferQueueDefault: t`Transferir para a fila padrão`,
  };
  const hours = (h: number) => (h === 0 ? t`Desabilitado` : t`${h} h`);

  return (
    <FormDialog
      title={setup ? <Trans>Editar bot</Trans> : <Trans>Novo bot</Trans>}
      size="lg"
      testId="bot-setup-dialog"
      saveTestId="bot-setup-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField label={<Trans>Nome</Trans>} error={err('name')}>
        <input
          className={`input w-full ${errors.name ? 'input-error' : ''}`}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          maxLength={100}
          autoFocus
          data-testid="bot-setup-name"
        />
      </FormField>
      <FormField label={<Trans>Conexões</Trans>} error={err('whatsapps')} errorTestId="bot-setup-whatsapps-error">
        {opts === null ? (
          <span className="loading loading-dots loading-sm" />
        ) : opts.connections.length === 0 ? (
          <p className="text-sm text-base-content/60">
            <Trans>Nenhuma conexão cadastrada.</Trans>
          </p>
        ) : (
          <div className="flex flex-wrap gap-2" data-testid="bot-setup-whatsapps">
            {opts.connections.map((c) => {
              const on = form.whatsapps.includes(c.id);
              return (
                <label
                  key={c.id}
                  className="flex cursor-pointer items-center gap-2 rounded-box border border-base-300 px-2.5 py-1.5"
                >
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={on}
                    onChange={() =>
                      set('whatsapps', on ? form.whatsapps.filter((x) => x !== c.id) : [...form.whatsapps, c.id])
                    }
                    data-testid="bot-setup-whatsapp"
                    data-name={c.name}
                  />
                  <span className="text-sm">{c.name}</span>
                </label>
              );
            })}
          </div>
        )}
      </FormField>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <FormField label={<Trans>Tempo digitando (s)</Trans>} error={err('typingTime')}>
          <select
            className="select w-full"
            value={form.typingTime}
            onChange={(e) => set('typingTime', Number(e.target.value))}
            data-testid="bot-setup-typing"
          >
            {TYPING_TIME_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={<Trans>Reabrir bot após</Trans>} error={err('reopenBotAfterHours')}>
          <select
            className="select w-full"
            value={form.reopenBotAfterHours}
            onChange={(e) => set('reopenBotAfterHours', Number(e.target.value))}
            data-testid="bot-setup-reopen"
          >
            {REOPEN_BOT_AFTER_HOURS_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {hours(n)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={<Trans>Erros permitidos</Trans>} error={err('countErrorsBot')}>
          <select
            className="select w-full"
            value={form.countErrorsBot}
            onChange={(e) => set('countErrorsBot', Number(e.target.value))}
            data-testid="bot-setup-errors"
          >
            {COUNT_ERRORS_BOT_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label={<Trans>Mensagem de opção inválida</Trans>} error={err('messageOnErrorsBot')}>
        <textarea
          className="textarea w-full"
          rows={2}
          value={form.messageOnErrorsBot}
          onChange={(e) => set('messageOnErrorsBot', e.target.value)}
          data-testid="bot-setup-error-message"
        />
      </FormField>
      <FormField label={<Trans>Ação quando o contato fica sem fila</Trans>} error={err('actionWithoutQueue')}>
        <select
          className="select w-full"
          value={form.actionWithoutQueue}
          onChange={(e) => set('actionWithoutQueue', e.target.value as ActionWithoutQueue)}
          data-testid="bot-setup-action"
        >
          {ACTIONS_WITHOUT_QUEUE.map((a) => (
            <option key={a} value={a}>
              {actionLabel[a]}
            </option>
          ))}
        </select>
      </FormField>
      {form.actionWithoutQueue !== 'none' ? (
        <div className="grid gap-x-4 sm:grid-cols-3">
          <FormField label={<Trans>Tempo sem resposta (min)</Trans>} error={err('timeWithoutQueue')}>
            <select
              className="select w-full"
              value={form.timeWithoutQueue}
              onChange={(e) => set('timeWithoutQueue', Number(e.target.value))}
              data-testid="bot-setup-time"
            >
              {TIME_WITHOUT_QUEUE_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </FormField>
          {form.actionWithoutQueue === 'transferQueueDefault' ? (
            <FormField
              label={<Trans>Fila de transferência</Trans>}
              error={err('transferQueueId')}
              className="sm:col-span-2"
            >
              <IdSelect
                value={form.transferQueueId}
                onChange={(id) => set('transferQueueId', id)}
                options={opts?.queues ?? []}
                emptyLabel={t`Selecione uma fila`}
                testId="bot-setup-transfer-queue"
              />
            </FormField>
          ) : null}
          <FormField
            label={<Trans>Mensagem sem fila</Trans>}
            error={err('messageOnWithoutQueue')}
            className="sm:col-span-3"
          >
            <textarea
              className="textarea w-full"
              rows={2}
              value={form.messageOnWithoutQueue}
              onChange={(e) => set('messageOnWithoutQueue', e.target.value)}
              data-testid="bot-setup-noqueue-message"
            />
          </FormField>
        </div>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={<Trans>Tipo do bot</Trans>}>
          <select
            className="select w-full"
            value={form.botType}
            onChange={(e) => set('botType', e.target.value as Form['botType'])}
            data-testid="bot-setup-type"
          >
            <option value="common">{t`Comum (árvore de comandos)`}</option>
            <option value="prompt">{t`Prompt (IA)`}</option>
          </select>
        </FormField>
        {form.botType === 'prompt' ? (
          <FormField label={<Trans>Prompt</Trans>} error={err('botConfigId')}>
            <PromptSelect
              value={form.botConfigId}
              onChange={(id) => set('botConfigId', id)}
              canList={!!caps?.useAi}
              testId="bot-setup-prompt"
            />
          </FormField>
        ) : null}
      </div>
    </FormDialog>
  );
}
