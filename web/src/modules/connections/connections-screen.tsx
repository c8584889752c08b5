import { Trans, useLingui } from '@lingui/react/macro';
import { events, type WhatsappDto } from '@zapdesk/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconCheck, IconPencil, IconPhone, IconPlus, IconTrash } from '../../ui/icons';
import { PageCard } from '../../ui/page-card';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { connectionsAtom } from './atoms/connections-atom';
import { ConnectionDialog } from './connection-dialog';
import { importView, removeConnection, SESSION_ERROR_TOAST_MS, upsertConnection } from './connection-state';
import { ConnectionStatusChip } from './connection-status-chip';
import { connectionError } from './connection-texts';
import {
  closeImportedTickets,
  deleteConnection,
  disconnectSession,
  renewQrCode,
  startSession,
} from './connections-api';
import { QrCodeDialog } from './qr-code-dialog';
import { type RowCommand, SessionActions } from './session-actions';
import { sessionErrorText } from './session-error-text';

type Confirm = { kind: 'delete' | 'disconnect' | 'clean' | 'closeImported'; w: WhatsappDto };

/** Re-renders every second while an import is in its 35 s 'preparing' window. */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return active ? now : Date.now();
}

/**
 * /connections (spec 1 §2, §4): the company's WhatsApp connections with their live status. Administrators also get
 * the session column (status-dependent actions, QR code, history import) and the add/edit/delete actions (§6).
 */
export function ConnectionsScreen() {
  const { t, i18n } = useLingui();
  const caps = useCapabilities();
  const user = useSessionUser();
  const admin = caps?.manageConnections ?? false;
  const state = useAtomValue(connectionsAtom);
  const setState = useSetAtom(connectionsAtom);
  const [editing, setEditing] = useState<WhatsappDto | 'new' | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState<{ id: number; cmd: RowCommand } | null>(null);
  const reloadScheduled = useRef(false);

  const preparingActive = state.list.some((w) => {
    const v = importView(w.statusImportMessages, state.importStartedAt[w.id], Date.now());
    return v.kind === 'preparing';
  });
  const now = useTicking(preparingActive);

  const merge = useCallback((w: WhatsappDto) => setState((s) => upsertConnection(s, w, true, Date.now())), [setState]);

  // spec 1 §4: a session error is shown for 15 s, then the page reloads with the fresh state
  useSseChannel(admin ? events.whatsappSession.of() : null, (e) => {
    if (e.action !== 'error') return;
    toast.error(sessionErrorText(e.name, e.reason), { duration: SESSION_ERROR_TOAST_MS });
    if (reloadScheduled.current) return;
    reloadScheduled.current = true;
    setTimeout(() => window.location.reload(), SESSION_ERROR_TOAST_MS);
  });
  useSseChannel(admin && user ? events.importMessages.of(user.companyId) : null, (e) => {
    if (e.action === 'update' && e.status?.state === 'failed') {
      toast.error(t`A importação das mensagens falhou. Tente novamente mais tarde.`, { duration: 8000 });
    }
  });

  const run = async (w: WhatsappDto, cmd: RowCommand, fn: () => Promise<WhatsappDto | undefined>) => {
    setBusy({ id: w.id, cmd });
    try {
      const r = await fn();
      if (r) merge(r);
      return r;
    } catch (err) {
      toast.error(connectionError(err));
      throw err;
    } finally {
      setBusy(null);
    }
  };

  const onCommand = (w: WhatsappDto, cmd: RowCommand) => {
    switch (cmd) {
      case 'showQr':
        setQrFor(w.id);
        return;
      case 'tryAgain':
        void run(w, cmd, () => startSession(w.id))
          .then((r) => r && r.status === 'qrcode' && setQrFor(w.id))
          .catch(() => {});
        return;
      case 'newQr':
        void run(w, cmd, () => renewQrCode(w.id))
          .then((r) => r && r.status === 'qrcode' && setQrFor(w.id))
          .catch(() => {});
        return;
      case 'disconnect':
      case 'clean':
      case 'closeImported':
        setConfirm({ kind: cmd, w });
        return;
      case 'connecting':
        return;
    }
  };

  const confirmAction = async (c: Confirm) => {
    if (c.kind === 'delete') {
      await run(c.w, 'disconnect', () => deleteConnection(c.w.id).then(() => undefined));
      setState((s) => removeConnection(s, c.w.id));
      toast.success(t`Conexão com o WhatsApp excluída com sucesso!`);
    } else if (c.kind === 'closeImported') {
      const r = await closeImportedTickets(c.w.id).catch((err) => {
        toast.error(connectionError(err));
        throw err;
      });
      toast.success(t`Tickets importados encerrados: ${r.count}`);
    } else {
      await run(c.w, c.kind, () => disconnectSession(c.w.id));
    }
  };

  const closeQr = useCallback(() => setQrFor(null), []);
  const fmtDate = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short' }), [i18n.locale]);
  const fmtTime = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }), [i18n.locale]);
  const fmt = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.locale],
  );

  const rows = state.list.map((w) => ({
    w,
    imp: importView(w.statusImportMessages, state.importStartedAt[w.id], now),
  }));

  return (
    <PageCard
      title={<Trans>Conexões</Trans>}
      subtitle={<Trans>Números de WhatsApp que atendem os seus clientes</Trans>}
      testId="connections-page"
      actions={
        admin ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setEditing('new')}
            data-testid="connection-add"
          >
            <IconPlus size={16} />
            <Trans>Adicionar WhatsApp</Trans>
          </button>
        ) : null
      }
    >
      <div className="min-h-0 flex-1 overflow-auto">
        {!state.loaded ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : state.list.length === 0 ? (
          <EmptyState
            icon={<IconPhone size={28} />}
            title={<Trans>Nenhuma conexão cadastrada</Trans>}
            description={
              admin ? (
                <Trans>Adicione um número de WhatsApp para começar a receber os atendimentos.</Trans>
              ) : (
                <Trans>Peça ao administrador para conectar um número de WhatsApp.</Trans>
              )
            }
            action={
              admin ? (
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
                  <IconPlus size={16} />
                  <Trans>Adicionar WhatsApp</Trans>
                </button>
              ) : null
            }
          />
        ) : (
          <>
            <div className="hidden lg:block">
              <table className="table table-sm table-pin-rows" data-testid="connections-table">
                <thead>
                  <tr>
                    <th>
                      <Trans>Nome</Trans>
                    </th>
                    <th>
                      <Trans>Número</Trans>
                    </th>
                    <th>
                      <Trans>Status</Trans>
                    </th>
                    {admin ? (
                      <th>
                        <Trans>Sessão</Trans>
                      </th>
                    ) : null}
                    <th className="w-28 whitespace-normal">
                      <Trans>Última atualização</Trans>
                    </th>
                    <th className="text-center">
                      <Trans>Padrão</Trans>
                    </th>
                    <th>
                      <Trans>Empresa</Trans>
                    </th>
                    {admin ? (
                      <th className="text-right">
                        <Trans>Ações</Trans>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ w, imp }) => (
                    <tr
                      key={w.id}
                      className="hover:bg-base-200/50"
                      data-testid="connection-row"
                      data-name={w.name}
                      data-status={w.status}
                    >
                      <td className="max-w-[14rem]">
                        <NameCell w={w} />
                      </td>
                      <td className="whitespace-nowrap text-sm tabular-nums">{w.whatsappNumber ?? '—'}</td>
                      <td>
                        <ConnectionStatusChip small status={w.status} />
                      </td>
                      {admin ? (
                        <td>
                          <SessionActions
                            compact
                            w={w}
                            importState={imp}
                            busy={busy?.id === w.id ? busy.cmd : null}
                            onCommand={(cmd) => onCommand(w, cmd)}
                          />
                        </td>
                      ) : null}
                      <td className="text-sm leading-tight text-base-content/70">
                        <span className="block whitespace-nowrap">{fmtDate.format(new Date(w.updatedAt))}</span>
                        <span className="block whitespace-nowrap text-xs">{fmtTime.format(new Date(w.updatedAt))}</span>
                      </td>
                      <td className="text-center">
                        <DefaultMark on={w.isDefault} />
                      </td>
                      <td className="max-w-[8rem] truncate text-sm">{w.company.name}</td>
                      {admin ? (
                        <td className="text-right">
                          <RowActions
                            w={w}
                            onEdit={() => setEditing(w)}
                            onDelete={() => setConfirm({ kind: 'delete', w })}
                          />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 p-3 lg:hidden" data-testid="connections-cards">
              {rows.map(({ w, imp }) => (
                <li
                  key={w.id}
                  className="rounded-box border border-base-300 p-3"
                  data-testid="connection-card"
                  data-name={w.name}
                >
                  <div className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <NameCell w={w} />
                    </div>
                    {admin ? (
                      <RowActions
                        w={w}
                        onEdit={() => setEditing(w)}
                        onDelete={() => setConfirm({ kind: 'delete', w })}
                      />
                    ) : null}
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 text-sm">
                    <Dt>
                      <Trans>Status</Trans>
                    </Dt>
                    <dd>
                      <ConnectionStatusChip status={w.status} />
                    </dd>
                    <Dt>
                      <Trans>Número</Trans>
                    </Dt>
                    <dd className="font-mono">{w.whatsappNumber ?? '—'}</dd>
                    <Dt>
                      <Trans>Última atualização</Trans>
                    </Dt>
                    <dd className="text-base-content/70">{fmt.format(new Date(w.updatedAt))}</dd>
                    <Dt>
                      <Trans>Empresa</Trans>
                    </Dt>
                    <dd className="truncate">{w.company.name}</dd>
                  </dl>
                  {admin ? (
                    <div className="mt-3 border-t border-base-300 pt-3">
                      <SessionActions
                        w={w}
                        importState={imp}
                        busy={busy?.id === w.id ? busy.cmd : null}
                        onCommand={(cmd) => onCommand(w, cmd)}
                      />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {editing ? (
        <ConnectionDialog
          key={editing === 'new' ? 'new' : editing.id}
          connection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(w, created) => {
            merge(w);
            setEditing(null);
            // a new connection starts its session at once: show its QR code straight away
            if (created && w.status === 'qrcode') setQrFor(w.id);
          }}
        />
      ) : null}
      {qrFor !== null ? <QrCodeDialog whatsappId={qrFor} onClose={closeQr} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? <ConfirmTitle kind={confirm.kind} /> : null}
        confirmLabel={confirm ? <ConfirmLabel kind={confirm.kind} /> : undefined}
        danger={confirm?.kind !== 'closeImported'}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm ? confirmAction(confirm) : undefined)}
      >
        {confirm ? <ConfirmText c={confirm} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

function Dt({ children }: { children: ReactNode }) {
  return <dt className="text-xs font-medium uppercase tracking-wide text-base-content/50">{children}</dt>;
}

function DefaultMark({ on }: { on: boolean }) {
  const { t } = useLingui();
  return on ? (
    <span className="inline-flex text-success" title={t`Conexão padrão`} data-testid="connection-default-mark">
      <IconCheck size={18} />
    </span>
  ) : (
    <span className="text-base-content/30">—</span>
  );
}

function NameCell({ w }: { w: WhatsappDto }) {
  const { t } = useLingui();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="flex items-center gap-2">
          <span className="truncate text-sm font-medium">{w.name}</span>
          {w.isDefault ? (
            <span className="badge badge-ghost badge-xs lg:hidden">
              <Trans>Padrão</Trans>
            </span>
          ) : null}
        </span>
        {w.lib === 'simulator' ? (
          <span className="text-xs text-base-content/60">
            <Trans>Simulador</Trans>
          </span>
        ) : null}
      </div>
      {w.lib === 'simulator' ? (
        <Link
          href={`/simulator/${w.id}`}
          className="btn btn-ghost btn-xs btn-square shrink-0 text-primary"
          title={t`Abrir o celular simulado`}
          aria-label={t`Abrir o celular simulado`}
          data-testid="connection-open-simulator"
        >
          <IconPhone size={16} />
        </Link>
      ) : null}
    </div>
  );
}

function RowActions({ w, onEdit, onDelete }: { w: WhatsappDto; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  return (
    <div className="inline-flex gap-1">
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        onClick={onEdit}
        aria-label={t`Editar ${w.name}`}
        title={t`Editar`}
        data-testid="connection-edit"
      >
        <IconPencil size={16} />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square text-error"
        onClick={onDelete}
        aria-label={t`Excluir ${w.name}`}
        title={t`Excluir`}
        data-testid="connection-delete"
      >
        <IconTrash size={16} />
      </button>
    </div>
  );
}

function ConfirmTitle({ kind }: { kind: Confirm['kind'] }) {
  switch (kind) {
    case 'delete':
      return <Trans>Excluir conexão</Trans>;
    case 'disconnect':
      return <Trans>Desconectar</Trans>;
    case 'clean':
      return <Trans>Limpar sessão</Trans>;
    case 'closeImported':
      return <Trans>Fechar tickets importados</Trans>;
  }
}

function ConfirmLabel({ kind }: { kind: Confirm['kind'] }) {
  switch (kind) {
    case 'delete':
      return <Trans>Excluir</Trans>;
    case 'disconnect':
      return <Trans>Desconectar</Trans>;
    case 'clean':
      return <Trans>Limpar</Trans>;
    case 'closeImported':
      return <Trans>Fechar tickets</Trans>;
  }
}

function ConfirmText({ c }: { c: Confirm }) {
  const name = c.w.name;
  switch (c.kind) {
    case 'delete':
      return <Trans>Excluir a conexão "{name}"? Você tem certeza? Essa ação não pode ser revertida.</Trans>;
    case 'disconnect':
      return <Trans>Tem certeza? Você precisará ler o QR Code novamente.</Trans>;
    case 'clean':
      return (
        <Trans>
          A conexão "{name}" está presa em "Conectando". Limpar a sessão desconecta o aparelho; depois leia um novo QR
          Code.
        </Trans>
      );
    case 'closeImported':
      return (
        <Trans>
          Resolver todos os tickets abertos ou pendentes que receberam mensagens importadas pela conexão "{name}"?
        </Trans>
      );
  }
}
