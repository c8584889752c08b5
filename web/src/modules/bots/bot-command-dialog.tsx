import { Trans, useLingui } from '@lingui/react/macro';
import { type BotCommandDto, BotCommandInput, OFFERED_COMMAND_TYPES } from '@zapdesk/core';
import { useState } from 'react';
import { toastError, translateValidation } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { useOptionsOnce } from '../../lib/use-options-once';
import { FormDialog } from '../../ui/form-dialog';
import { FormField, ToggleField } from '../../ui/form-field';
import { IdSelect } from '../../ui/id-select';
import { fetchAllUsers } from '../api-tokens/api-tokens-api';
import { useCapabilities } from '../auth/use-capabilities';
import { fetchQueues } from '../queues/queues-api';
import {
  createBotCommand,
  fetchCategoryOptions,
  fetchFlowRef,
  fetchTagOptions,
  searchBotFlows,
  updateBotCommand,
} from './bots-api';
import { useCommandTypeLabel } from './command-labels';
import { PromptSelect } from './prompt-select';
import { RemoteSelect } from './remote-select';

type Named = { id: number; name: string };
type Options = { queues: Named[]; users: Named[]; tags: Named[]; categories: Named[] };
type Form = {
  commandBot: string;
  commandType: number;
  descriptionBot: string;
  showMessage: string;
  typeMessage: 'singleMessage' | 'flow';
  flowId: number | null;
  botConfigId: number | null;
  forceNextFlow: boolean;
  userId: number | null;
  queueId: number | null;
  tags: number[];
  botCategoryContacts: number[];
  webhook: string;
  mediaUrl: string | null;
};
type Field = keyof Form | 'media';

const ACCEPT = '.png,.jpg,.pdf,.mp4,.mp3,.ogg';

function formOf(c: BotCommandDto | null, suggestedPath: string): Form {
  return {
    commandBot: c?.commandBot ?? suggestedPath,
    commandType: c?.commandType ?? 1,
    descriptionBot: c?.descriptionBot ?? '',
    showMessage: c?.showMessage ?? '',
    typeMessage: c?.typeMessage ?? 'singleMessage',
    flowId: c?.flowId ?? null,
    botConfigId: c?.botConfigId ?? null,
    forceNextFlow: c?.forceNextFlow ?? false,
    userId: c?.userId ?? null,
    queueId: c?.queueId ?? null,
    tags: c?.tags.map((t) => t.id) ?? [],
    botCategoryContacts: c?.botCategoryContacts.map((x) => x.id) ?? [],
    webhook: c?.webhook ?? '',
    mediaUrl: c?.mediaUrl ?? null,
  };
}

function useOptions(): Options | null {
  return useOptionsOnce<Options>(
    () =>
      Promise.all([fetchQueues(), fetchAllUsers(), fetchTagOptions(), fetchCategoryOptions()]).then(
        ([queues, users, tags, categories]) => ({ queues, users, tags, categories }),
      ),
    { queues: [], users: [], tags: [], categories: [] },
  );
}

/** Chips that toggle ids (tags, contact categories). */
function IdChips({
  options,
  value,
  onChange,
  testId,
}: {
  options: Named[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}) {
  if (!options.length) return <span className="text-sm text-base-content/50">—</span>;
  return (
    <div className="flex flex-wrap gap-1.5" data-testid={testId}>
      {options.map((o) => {
        const on = value.includes(o.id);
        return (
          <button
            key={o.id}
            type="button"
            className={`badge cursor-pointer ${on ? 'badge-primary' : 'badge-outline'}`}
            onClick={() => onChange(on ? value.filter((x) => x !== o.id) : [...value, o.id])}
            aria-pressed={on}
          >
            {o.name}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The full-screen command dialog (spec 2 §2, §3, §5): command code (book index: 1, 1.1, 1.2, 2…), type (1, 2, 3, 4,
 * 5, 7, 8 — 6 is not offered), description, message or flow (flow only with the plan's flows), media, the queue of a
 * sector, the user of an attendant, the prompt of a GPT command, tags and contact categories to apply, webhook.
 */
export function BotCommandDialog({
  companyId,
  botSetupId,
  command,
  suggestedPath,
  onClose,
  onSaved,
}: {
  companyId: number;
  botSetupId: number;
  command: BotCommandDto | null;
  suggestedPath: string;
  onClose: () => void;
  onSaved: (c: BotCommandDto) => void;
}) {
  const { t } = useLingui();
  const caps = useCapabilities();
  const flowsOn = !!caps?.useFlows;
  const opts = useOptions();
  const typeLabel = useCommandTypeLabel();
  const [form, setForm] = useState<Form>(() => formOf(command, suggestedPath));
  const [media, setMedia] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: Field) => (errors[k] ? (translateValidation(errors[k] as string) ?? errors[k]) : undefined);

  const submit = () =>
    validateAndSave({
      schema: BotCommandInput,
      values: { ...form, botSetupId },
      setErrors,
      save: (data) =>
        command ? updateBotCommand(companyId, command.id, data, media) : createBotCommand(companyId, data, media),
      savedMessage: t`Comando salvo`,
      onSaved,
      fieldOfCode: { ERR_VALIDATION: 'commandBot', ERR_MEDIA_TYPE_NOT_ALLOWED: 'media' },
    });

  return (
    <FormDialog
      title={command ? <Trans>Editar comando</Trans> : <Trans>Novo comando</Trans>}
      size="full"
      testId="bot-command-dialog"
      saveTestId="bot-command-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="grid gap-x-6 lg:grid-cols-2">
        <div className="flex flex-col gap-1">
          <div className="grid gap-x-4 sm:grid-cols-3">
            <FormField
              label={<Trans>Comando</Trans>}
              error={err('commandBot')}
              hint={<Trans>Ex.: 1, 1.1, 1.2, 2</Trans>}
            >
              <input
                className={`input w-full ${errors.commandBot ? 'input-error' : ''}`}
                value={form.commandBot}
                onChange={(e) => set('commandBot', e.target.value)}
                maxLength={50}
                autoFocus
                data-testid="bot-command-code"
              />
            </FormField>
            <FormField label={<Trans>Tipo do comando</Trans>} error={err('commandType')} className="sm:col-span-2">
              <select
                className="select w-full"
                value={form.commandType}
                onChange={(e) => set('commandType', Number(e.target.value))}
                data-testid="bot-command-type"
              >
                {OFFERED_COMMAND_TYPES.map((n) => (
                  <option key={n} value={n}>
                    {n} - {typeLabel(n)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField
            label={<Trans>Descrição</Trans>}
            error={err('descriptionBot')}
            hint={<Trans>Texto da opção no menu</Trans>}
          >
            <input
              className="input w-full"
              value={form.descriptionBot}
              onChange={(e) => set('descriptionBot', e.target.value)}
              maxLength={500}
              data-testid="bot-command-description"
            />
          </FormField>
          <FormField label={<Trans>Tipo da mensagem</Trans>}>
            <select
              className="select w-full"
              value={form.typeMessage}
              onChange={(e) => set('typeMessage', e.target.value as Form['typeMessage'])}
              data-testid="bot-command-message-type"
            >
              <option value="singleMessage">{t`Mensagem única`}</option>
              <option value="flow" disabled={!flowsOn}>
                {t`Fluxo`}
              </option>
            </select>
          </FormField>
          {form.typeMessage === 'flow' ? (
            <>
              <FormField label={<Trans>Fluxo</Trans>} error={err('flowId')}>
                <RemoteSelect
                  value={form.flowId}
                  onChange={(id) => set('flowId', id)}
                  search={searchBotFlows}
                  load={fetchFlowRef}
                  placeholder={t`Selecione um fluxo`}
                  onError={toastError}
                  testId="bot-command-flow"
                />
              </FormField>
              <ToggleField
                label={<Trans>Forçar próximo fluxo</Trans>}
                description={
                  <Trans>
                    O fluxo encerra a conversa do bot: sem menu nem pergunta depois dele; o ticket aguarda um atendente.
                  </Trans>
                }
                checked={form.forceNextFlow}
                onChange={(v) => set('forceNextFlow', v)}
                testId="bot-command-force-next"
              />
            </>
          ) : (
            <FormField label={<Trans>Mensagem</Trans>} error={err('showMessage')}>
              <textarea
                className="textarea w-full"
                rows={5}
                value={form.showMessage}
                onChange={(e) => set('showMessage', e.target.value)}
                data-testid="bot-command-message"
              />
            </FormField>
          )}
          <FormField
            label={<Trans>Mídia</Trans>}
            error={err('media')}
            hint={form.mediaUrl && !media ? <Trans>Um arquivo já está anexado</Trans> : undefined}
          >
            <div className="flex items-center gap-2">
              <input
                type="file"
                accept={ACCEPT}
                className="file-input w-full"
                onChange={(e) => setMedia(e.target.files?.[0] ?? null)}
                data-testid="bot-command-media"
              />
              {form.mediaUrl && !media ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => set('mediaUrl', '')}>
                  <Trans>Remover</Trans>
                </button>
              ) : null}
            </div>
          </FormField>
        </div>
        <div className="flex flex-col gap-1">
          {form.commandType === 3 || form.commandType === 4 ? (
            <FormField label={<Trans>Fila</Trans>} error={err('queueId')}>
              <IdSelect
                value={form.queueId}
                onChange={(id) => set('queueId', id)}
                options={opts?.queues ?? []}
                emptyLabel={t`Selecione uma fila`}
                testId="bot-command-queue"
              />
            </FormField>
          ) : null}
          {form.commandType === 4 ? (
            <FormField label={<Trans>Atendente</Trans>} error={err('userId')}>
              <IdSelect
                value={form.userId}
                onChange={(id) => set('userId', id)}
                options={opts?.users ?? []}
                emptyLabel={t`Selecione um atendente`}
                testId="bot-command-user"
              />
            </FormField>
          ) : null}
          {form.commandType === 8 ? (
            <FormField label={<Trans>Prompt</Trans>} error={err('botConfigId')}>
              <PromptSelect
                value={form.botConfigId}
                onChange={(id) => set('botConfigId', id)}
                canList={!!caps?.useAi}
                testId="bot-command-prompt"
              />
            </FormField>
          ) : null}
          <FormField label={<Trans>Tags a aplicar no ticket</Trans>}>
            <IdChips
              options={opts?.tags ?? []}
              value={form.tags}
              onChange={(v) => set('tags', v)}
              testId="bot-command-tags"
            />
          </FormField>
          <FormField label={<Trans>Categorias a aplicar no contato</Trans>}>
            <IdChips
              options={opts?.categories ?? []}
              value={form.botCategoryContacts}
              onChange={(v) => set('botCategoryContacts', v)}
              testId="bot-command-categories"
            />
          </FormField>
          <FormField
            label={<Trans>Webhook</Trans>}
            error={err('webhook')}
            hint={<Trans>Chamado com o ticket e a resposta (opcional)</Trans>}
          >
            <input
              className={`input w-full ${errors.webhook ? 'input-error' : ''}`}
              value={form.webhook}
              onChange={(e) => set('webhook', e.target.value)}
              placeholder="https://"
              data-testid="bot-command-webhook"
            />
          </FormField>
        </div>
      </div>
    </FormDialog>
  );
}
