import { Trans, useLingui } from '@lingui/react/macro';
import { AI_TEXTS, DEFAULT_AI_API_URL, type IntegrationDto, IntegrationInput } from '@zapdesk/core';
import { useState } from 'react';
import { translateValidation } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { createIntegration, updateIntegration } from './ai-api';

type Form = { name: string; apiUrl: string; apiToken: string; message: string; dataJson: string };
type Field = keyof Form;

/**
 * Add / edit an integration of the chat-AI kind (spec 2 §3, §5): name and key required (an empty key on edit keeps
 * the saved one, shown masked), the API address (any OpenAI-compatible server; empty = OpenAI), a message and the
 * data JSON (`{ "models": [...] }` adds model names to the prompts' choices).
 */
export function IntegrationDialog({
  integration,
  onClose,
  onSaved,
}: {
  integration: IntegrationDto | null;
  onClose: () => void;
  onSaved: (i: IntegrationDto) => void;
}) {
  const { t } = useLingui();
  const [form, setForm] = useState<Form>(() => ({
    name: integration?.name ?? '',
    apiUrl: integration?.apiUrl ?? '',
    apiToken: '',
    message: integration?.message ?? '',
    dataJson: integration?.dataJson ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (key: Field, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const savedKey = integration?.apiToken ?? '';
  const submit = () => {
    // §5: the key is required — on edit the saved one counts
    if (!form.apiToken.trim() && !integration?.hasApiToken) {
      setErrors({ apiToken: translateValidation(AI_TEXTS.required) });
      return;
    }
    return validateAndSave({
      schema: IntegrationInput,
      values: { ...form, integrationType: 'openai' },
      setErrors,
      save: (body) => (integration ? updateIntegration(integration.id, body) : createIntegration(body)),
      savedMessage: t`Integração salva com sucesso`,
      onSaved,
    });
  };

  return (
    <FormDialog
      title={integration ? <Trans>Editar integração</Trans> : <Trans>Nova integração</Trans>}
      size="lg"
      testId="integration-dialog"
      saveTestId="integration-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="integration-name-error">
          <input
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={100}
            autoFocus
            data-testid="integration-name"
          />
        </FormField>
        <FormField label={<Trans>Tipo</Trans>}>
          <select className="select w-full" value="openai" disabled data-testid="integration-type">
            <option value="openai">{t`Chat IA (OpenAI)`}</option>
          </select>
        </FormField>
      </div>
      <FormField
        label={<Trans>URL da API</Trans>}
        error={errors.apiUrl}
        hint={<Trans>Qualquer servidor compatível com a API da OpenAI. Vazio: {DEFAULT_AI_API_URL}</Trans>}
      >
        <input
          className={`input w-full font-mono ${errors.apiUrl ? 'input-error' : ''}`}
          value={form.apiUrl}
          onChange={(e) => set('apiUrl', e.target.value)}
          placeholder={DEFAULT_AI_API_URL}
          maxLength={500}
          data-testid="integration-url"
        />
      </FormField>
      <FormField
        label={<Trans>Chave da API</Trans>}
        error={errors.apiToken}
        errorTestId="integration-token-error"
        hint={
          integration?.hasApiToken ? (
            <Trans>Chave salva: {savedKey}. Deixe vazio para mantê-la.</Trans>
          ) : (
            <Trans>Guardada cifrada; depois de salva, só aparece mascarada.</Trans>
          )
        }
      >
        <input
          type="password"
          autoComplete="new-password"
          className={`input w-full font-mono ${errors.apiToken ? 'input-error' : ''}`}
          value={form.apiToken}
          onChange={(e) => set('apiToken', e.target.value)}
          placeholder={integration?.hasApiToken ? integration.apiToken : 'sk-…'}
          maxLength={500}
          data-testid="integration-token"
        />
      </FormField>
      <FormField label={<Trans>Mensagem</Trans>} error={errors.message}>
        <textarea
          className="textarea w-full"
          rows={2}
          value={form.message}
          onChange={(e) => set('message', e.target.value)}
          maxLength={2000}
          data-testid="integration-message"
        />
      </FormField>
      <FormField
        label={<Trans>Dados (JSON)</Trans>}
        error={errors.dataJson}
        errorTestId="integration-json-error"
        hint={
          <>
            <Trans>Opcional. Uma lista "models" acrescenta modelos à escolha dos prompts:</Trans>{' '}
            <code className="text-xs">{'{ "models": ["meu-modelo"] }'}</code>
          </>
        }
      >
        <textarea
          className={`textarea w-full font-mono text-xs ${errors.dataJson ? 'textarea-error' : ''}`}
          rows={4}
          value={form.dataJson}
          onChange={(e) => set('dataJson', e.target.value)}
          data-testid="integration-json"
        />
      </FormField>
    </FormDialog>
  );
}
