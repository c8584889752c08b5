import { Trans, useLingui } from '@lingui/react/macro';
import { CONNECTION_TEXT, checkGreeting, checkImportDates, type WhatsappDto, WhatsappFields } from '@zapdesk/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { parseApiError } from '../../lib/errors';
import { FormField, ToggleField } from '../../ui/form-field';
import { IconAlert, IconCheck } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities } from '../auth/use-capabilities';
import { defaultImportRange, fromLocalInput, normalizeStatus, toLocalInput } from './connection-state';
import { connectionError, connectionText } from './connection-texts';
import { type ConnectionInput, createConnection, fetchQueueOptions, updateConnection } from './connections-api';

type Errors = Partial<Record<'name' | 'greetingMessage' | 'importOld' | 'importRecent', string>>;
type QueueOption = { id: number; name: string; color: string };

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-base-content/60">{title}</h4>
      {children}
    </section>
  );
}

/**
 * Add/edit a connection (spec 1 §3, §5, §7): name 2–50, default flag, transport (baileys | simulator), group messages,
 * queues, greeting and farewell, the SaaS notification-centre flag (master only) and the history import options
 * (dates not after now, the end not before the start).
 */
export function ConnectionDialog({
  connection,
  onClose,
  onSaved,
}: {
  /** null = new connection */
  connection: WhatsappDto | null;
  onClose: () => void;
  onSaved: (w: WhatsappDto, created: boolean) => void;
}) {
  const { t } = useLingui();
  const caps = useCapabilities();
  const w = connection;
  const [name, setName] = useState(w?.name ?? '');
  const [isDefault, setIsDefault] = useState(w?.isDefault ?? false);
  const [lib, setLib] = useState<'baileys' | 'simulator'>(w?.lib ?? 'baileys');
  const [disableGroupMessages, setDisableGroups] = useState(w?.disableGroupMessages ?? true);
  const [saas, setSaas] = useState(w?.saasNotificationCenter ?? false);
  const [greetingMessage, setGreeting] = useState(w?.greetingMessage ?? '');
  const [farewellMessage, setFarewell] = useState(w?.farewellMessage ?? '');
  const [queueIds, setQueueIds] = useState<number[]>(w?.queueIds ?? []);
  const [queues, setQueues] = useState<QueueOption[] | null>(null);
  const range = defaultImportRange(new Date());
  const [importEnabled, setImportEnabled] = useState(!!w?.importOldMessages);
  const [importOld, setImportOld] = useState(
    w?.importOldMessages ? toLocalInput(new Date(w.importOldMessages)) : range.old,
  );
  const [importRecent, setImportRecent] = useState(
    w?.importRecentMessages ? toLocalInput(new Date(w.importRecentMessages)) : range.recent,
  );
  const [importGroups, setImportGroups] = useState(w?.importOldMessagesGroups ?? false);
  const [closeAfterImport, setCloseAfterImport] = useState(w?.closedTicketsPostImported ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchQueueOptions()
      .then((list) => alive && setQueues(list))
      .catch((err) => {
        if (!alive) return;
        setQueues([]);
        toast.error(parseApiError(err));
      });
    return () => {
      alive = false;
    };
  }, []);

  const connected = w ? normalizeStatus(w.status) === 'CONNECTED' : false;
  const rangeChanged =
    importEnabled &&
    (!w?.importOldMessages ||
      toLocalInput(new Date(w.importOldMessages)) !== importOld ||
      toLocalInput(new Date(w.importRecentMessages ?? 0)) !== importRecent);

  const toggleQueue = (id: number) => {
    setQueueIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
    setErrors((x) => ({ ...x, greetingMessage: undefined }));
  };

  const validate = (): Errors => {
    const next: Errors = {};
    const parsed = WhatsappFields.shape.name.safeParse(name);
    if (!parsed.success) next.name = connectionText(parsed.error.issues[0]?.message);
    if (!checkGreeting(queueIds.length, greetingMessage).ok) {
      next.greetingMessage = parseApiError({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    }
    if (importEnabled) {
      const old = fromLocalInput(importOld);
      const recent = fromLocalInput(importRecent);
      const r = checkImportDates(old, recent, new Date());
      if (!r.ok) {
        const text = connectionText(r.message);
        const now = new Date();
        // the message goes under the date to fix: a missing or future start, else the end
        if (!old || (r.message === CONNECTION_TEXT.importAfterNow && old > now)) next.importOld = text;
        else next.importRecent = text;
      }
    }
    return next;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    const input: ConnectionInput = {
      name: name.trim(),
      isDefault,
      lib,
      disableGroupMessages,
      greetingMessage,
      farewellMessage,
      queueIds,
      importOldMessagesGroups: importGroups,
      closedTicketsPostImported: closeAfterImport,
      importOldMessages: importEnabled ? (fromLocalInput(importOld)?.toISOString() ?? null) : null,
      importRecentMessages: importEnabled ? (fromLocalInput(importRecent)?.toISOString() ?? null) : null,
    };
    // only a master may touch the flag: others do not send it at all
    if (caps?.isMaster) input.saasNotificationCenter = saas;
    setSaving(true);
    try {
      const saved = w ? await updateConnection(w.id, input) : await createConnection(input);
      toast.success(t`WhatsApp salvo com sucesso.`);
      if (w && connected && rangeChanged) {
        toast.warning(t`Para importar as mensagens, desconecte e leia o QR Code novamente.`, { duration: 8000 });
      }
      onSaved(saved, !w);
    } catch (err) {
      toast.error(connectionError(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={w ? <Trans>Editar WhatsApp</Trans> : <Trans>Adicionar WhatsApp</Trans>}
      size="lg"
      testId="connection-dialog"
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        <Section title={<Trans>Geral</Trans>}>
          <div className="grid gap-x-4 sm:grid-cols-[1fr_14rem]">
            <FormField label={<Trans>Nome</Trans>} error={errors.name} errorTestId="connection-name-error">
              <input
                className={`input w-full ${errors.name ? 'input-error' : ''}`}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setErrors((x) => ({ ...x, name: undefined }));
                }}
                maxLength={60}
                autoFocus
                data-testid="connection-name"
              />
            </FormField>
            <FormField label={<Trans>Tipo de conexão</Trans>}>
              <select
                className="select w-full"
                value={lib}
                onChange={(e) => setLib(e.target.value as 'baileys' | 'simulator')}
                data-testid="connection-lib"
              >
                <option value="baileys">{t`WhatsApp (celular)`}</option>
                <option value="simulator">{t`Simulador`}</option>
              </select>
            </FormField>
          </div>
          {w && lib !== w.lib ? (
            <p className="flex items-center gap-2 text-xs text-warning" role="status">
              <IconAlert size={14} />
              <Trans>Trocar o tipo desconecta a sessão atual: será preciso ler um novo QR Code.</Trans>
            </p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-2">
            <ToggleField
              label={<Trans>Padrão</Trans>}
              description={<Trans>Usada quando nenhuma outra conexão é escolhida.</Trans>}
              checked={isDefault}
              onChange={setIsDefault}
              disabled={!!w?.isDefault}
              testId="connection-default"
            />
            <ToggleField
              label={<Trans>Ignorar mensagens de grupos</Trans>}
              description={<Trans>Mensagens de grupos não abrem tickets.</Trans>}
              checked={disableGroupMessages}
              onChange={setDisableGroups}
              testId="connection-disable-groups"
            />
            {caps?.isMaster ? (
              <ToggleField
                label={<Trans>Central de notificações SaaS</Trans>}
                description={<Trans>A plataforma envia por esta conexão as notificações de cobrança.</Trans>}
                checked={saas}
                onChange={setSaas}
                testId="connection-saas"
              />
            ) : null}
          </div>
        </Section>

        <Section title={<Trans>Filas</Trans>}>
          {queues === null ? (
            <span className="loading loading-dots loading-sm text-base-content/50" />
          ) : queues.length === 0 ? (
            <p className="text-sm text-base-content/60">
              <Trans>Nenhuma fila cadastrada.</Trans>
            </p>
          ) : (
            <div className="flex flex-wrap gap-2" data-testid="connection-queues">
              {queues.map((q) => {
                const on = queueIds.includes(q.id);
                return (
                  <button
                    key={q.id}
                    type="button"
                    aria-pressed={on}
                    className={`btn btn-sm gap-2 rounded-full font-normal ${on ? 'btn-active border-base-content/30' : 'btn-ghost border-base-300'}`}
                    onClick={() => toggleQueue(q.id)}
                    data-testid="connection-queue"
                    data-name={q.name}
                  >
                    <span className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} />
                    {q.name}
                    {on ? <IconCheck size={14} /> : null}
                  </button>
                );
              })}
            </div>
          )}
        </Section>

        <Section title={<Trans>Mensagens</Trans>}>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <FormField
              label={<Trans>Mensagem de saudação</Trans>}
              error={errors.greetingMessage}
              errorTestId="connection-greeting-error"
              hint={
                <span>
                  <Trans>Obrigatória com mais de uma fila. Variáveis:</Trans>{' '}
                  <code className="text-[11px]">{'{{name}} {{protocol}} {{ms}} {{user}}'}</code>
                </span>
              }
            >
              <textarea
                className={`textarea w-full ${errors.greetingMessage ? 'textarea-error' : ''}`}
                rows={4}
                value={greetingMessage}
                onChange={(e) => {
                  setGreeting(e.target.value);
                  setErrors((x) => ({ ...x, greetingMessage: undefined }));
                }}
                data-testid="connection-greeting"
              />
            </FormField>
            <FormField
              label={<Trans>Mensagem de despedida</Trans>}
              hint={<Trans>Enviada ao contato quando o ticket é resolvido.</Trans>}
            >
              <textarea
                className="textarea w-full"
                rows={4}
                value={farewellMessage}
                onChange={(e) => setFarewell(e.target.value)}
                data-testid="connection-farewell"
              />
            </FormField>
          </div>
        </Section>

        <Section title={<Trans>Importar mensagens</Trans>}>
          <ToggleField
            label={<Trans>Importar mensagens do aparelho</Trans>}
            description={<Trans>As conversas do período viram tickets na próxima conexão.</Trans>}
            checked={importEnabled}
            onChange={(v) => {
              setImportEnabled(v);
              setErrors((x) => ({ ...x, importOld: undefined, importRecent: undefined }));
            }}
            testId="connection-import"
          />
          {importEnabled ? (
            <div className="flex flex-col gap-2 rounded-box bg-base-200/50 p-3" data-testid="connection-import-options">
              <div className="grid gap-x-4 sm:grid-cols-2">
                <FormField
                  label={<Trans>Data inicial</Trans>}
                  error={errors.importOld}
                  errorTestId="connection-import-old-error"
                >
                  <input
                    type="datetime-local"
                    className={`input w-full ${errors.importOld ? 'input-error' : ''}`}
                    value={importOld}
                    max={toLocalInput(new Date())}
                    onChange={(e) => {
                      setImportOld(e.target.value);
                      setErrors((x) => ({ ...x, importOld: undefined, importRecent: undefined }));
                    }}
                    data-testid="connection-import-old"
                  />
                </FormField>
                <FormField
                  label={<Trans>Data final</Trans>}
                  error={errors.importRecent}
                  errorTestId="connection-import-recent-error"
                >
                  <input
                    type="datetime-local"
                    className={`input w-full ${errors.importRecent ? 'input-error' : ''}`}
                    value={importRecent}
                    min={importOld}
                    max={toLocalInput(new Date())}
                    onChange={(e) => {
                      setImportRecent(e.target.value);
                      setErrors((x) => ({ ...x, importOld: undefined, importRecent: undefined }));
                    }}
                    data-testid="connection-import-recent"
                  />
                </FormField>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                <ToggleField
                  label={<Trans>Importar mensagens de grupos</Trans>}
                  checked={importGroups}
                  onChange={setImportGroups}
                  testId="connection-import-groups"
                />
                <ToggleField
                  label={<Trans>Encerrar tickets após a importação</Trans>}
                  checked={closeAfterImport}
                  onChange={setCloseAfterImport}
                  testId="connection-import-close"
                />
              </div>
              {connected && rangeChanged ? (
                <div role="alert" className="alert alert-warning alert-soft py-2 text-sm" data-testid="import-rescan">
                  <IconAlert size={16} />
                  <span>
                    <Trans>
                      Esta conexão já está ativa: para importar as mensagens será preciso desconectar e ler o QR Code
                      novamente.
                    </Trans>
                  </span>
                </div>
              ) : null}
            </div>
          ) : null}
        </Section>

        <div className="flex justify-end gap-2 border-t border-base-300 pt-4">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="connection-save">
            {saving ? <span className="loading loading-spinner loading-sm" /> : null}
            {w ? <Trans>Salvar</Trans> : <Trans>Adicionar</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}
