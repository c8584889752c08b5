import { Trans, useLingui } from '@lingui/react/macro';
import { type ApiTokenCreatedDto, type ApiTokenDto, type ApiTokenEvent, events } from '@zapdesk/core';
import { useAtom } from 'jotai';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { IconArrowLeft, IconCheck, IconCopy, IconEye, IconEyeOff, IconKey } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { toast } from '../../ui/toasts/toast';
import { useCrudList } from '../../ui/use-crud-list';
import { textMatches } from '../../ui/use-paged-list';
import { tryItTokenAtom } from '../api-docs/api-docs-panel';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { ApiTokenDialog } from './api-token-dialog';
import { TICKET_SET_STATUS_LABELS } from './api-token-labels';
import { deleteApiToken, fetchApiTokensPage, revealApiToken } from './api-tokens-api';

/**
 * API message tokens (spec 2 §2 /apisendmessage): back to /api, search, add; the table (token masked with reveal
 * and copy, name, ticket status after sending, queue, user, WhatsApp, last use and calls, actions); the add/edit
 * modal; the full secret shown once after creating. Administrators of a plan with the API (`useApi`).
 */
export function ApiTokensScreen() {
  const caps = useCapabilities();
  if (!caps?.useApi) return <NoPermission />;
  return <ApiTokensList />;
}

/** A row of the list never keeps the secret (the create answer's `plainToken`). */
function withoutSecret(t: ApiTokenDto | ApiTokenCreatedDto): ApiTokenDto {
  const { plainToken: _secret, ...dto } = t as ApiTokenCreatedDto;
  return dto;
}

function ApiTokensList() {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const [created, setCreated] = useState<ApiTokenCreatedDto | null>(null);
  const fmt = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.locale],
  );
  const crud = useCrudList<ApiTokenDto, ApiTokenEvent>({
    fetchPage: fetchApiTokensPage,
    search,
    matches: (tok, s) => textMatches([tok.name], s),
    channel: user ? events.apiSendMessageToken.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.apiSendMessageTokenId : e.apiSendMessageToken),
    deleteItem: deleteApiToken,
    deletedMessage: t`Token excluído`,
  });

  return (
    <>
      <RecordListPage
        crud={crud}
        title={<Trans>Tokens de API</Trans>}
        subtitle={<Trans>Tokens que autorizam sistemas externos a enviar mensagens pela API</Trans>}
        testId="api-tokens-page"
        actions={
          <Link href="/api" className="btn btn-ghost btn-sm" data-testid="api-tokens-back">
            <IconArrowLeft size={16} />
            <Trans>Voltar</Trans>
          </Link>
        }
        add={{ label: <Trans>Adicionar token</Trans>, testId: 'api-token-add' }}
        search={{ onSearch: setSearch, placeholder: t`Pesquisar tokens`, testId: 'api-tokens-search' }}
        scrollTestId="api-tokens-scroll"
        empty={{
          icon: <IconKey size={28} />,
          none: <Trans>Nenhum token cadastrado</Trans>,
          noneHint: <Trans>Crie um token para enviar mensagens do WhatsApp a partir dos seus sistemas.</Trans>,
          noMatch: <Trans>Nenhum token corresponde à pesquisa.</Trans>,
        }}
        searching={!!search}
        table={{
          testId: 'api-tokens-table',
          rowKey: (tok) => tok.id,
          rowTestId: 'api-token-row',
          rowData: (tok) => ({ 'data-name': tok.name }),
          columns: [
            {
              key: 'token',
              header: <Trans>Token</Trans>,
              className: 'max-w-[14rem] pr-2',
              cell: (tok) => <TokenCell token={tok} />,
            },
            {
              key: 'name',
              header: <Trans>Nome</Trans>,
              className: 'max-w-[10rem] truncate font-medium',
              cell: (tok) => tok.name,
            },
            {
              key: 'status',
              header: <Trans>Status após envio</Trans>,
              // the header wraps: on one line it alone pushed the actions out of the card at 1366×800
              headerClassName: 'whitespace-normal',
              testId: 'api-token-status-cell',
              cell: (tok) => (
                <span className="badge badge-soft badge-sm whitespace-nowrap">
                  {i18n._(TICKET_SET_STATUS_LABELS[tok.ticketSetStatus])}
                </span>
              ),
            },
            {
              key: 'queue',
              header: <Trans>Fila</Trans>,
              headerClassName: 'hidden lg:table-cell',
              className: 'hidden max-w-[7rem] truncate lg:table-cell',
              cell: (tok) => tok.queue?.name ?? <span className="text-base-content/40">—</span>,
            },
            {
              key: 'user',
              header: <Trans>Usuário</Trans>,
              headerClassName: 'hidden lg:table-cell',
              className: 'hidden max-w-[7rem] truncate lg:table-cell',
              cell: (tok) => tok.user?.name ?? <span className="text-base-content/40">—</span>,
            },
            {
              key: 'whatsapp',
              header: <Trans>WhatsApp</Trans>,
              className: 'max-w-[8rem] truncate',
              testId: 'api-token-whatsapp-cell',
              cell: (tok) => tok.whatsapp.name,
            },
            {
              key: 'usage',
              header: <Trans>Último uso</Trans>,
              headerClassName: 'hidden md:table-cell',
              className: 'hidden whitespace-nowrap text-sm md:table-cell',
              testId: 'api-token-usage',
              cell: (tok) =>
                tok.lastUsedAt ? (
                  <span className="flex flex-col leading-tight">
                    <span>{fmt.format(new Date(tok.lastUsedAt))}</span>
                    <span className="text-xs text-base-content/60">
                      <Trans>{tok.callCount} chamada(s)</Trans>
                    </span>
                  </span>
                ) : (
                  <span className="text-base-content/40">
                    <Trans>Nunca usado</Trans>
                  </span>
                ),
            },
          ],
        }}
        rowActions={{ testIdPrefix: 'api-token' }}
        editor={(e) => (
          <ApiTokenDialog
            token={e.item}
            onClose={e.onClose}
            onSaved={(saved) => {
              e.onSaved(withoutSecret(saved));
              if ('plainToken' in saved && saved.plainToken) setCreated(saved);
            }}
          />
        )}
        deleteTitle={<Trans>Excluir token</Trans>}
        deleteText={(tok) => (
          <Trans>
            Excluir o token "{tok.name}"? Os sistemas que o usam deixam de enviar mensagens na hora (401). Esta ação não
            pode ser desfeita.
          </Trans>
        )}
      />
      {created ? <CreatedTokenModal token={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}

/** Copies a text; a refused clipboard (no permission, not a secure page) is said, never silently ignored. */
async function copyText(text: string, copied: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
    return true;
  } catch {
    toast.error(failed);
    return false;
  }
}

/** The masked token, with reveal (the full secret, fetched for an admin) and copy (the full secret). */
function TokenCell({ token }: { token: ApiTokenDto }) {
  const { t } = useLingui();
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secret = async (): Promise<string | null> => {
    if (full) return full;
    setBusy(true);
    try {
      return await revealApiToken(token.id);
    } catch (err) {
      toastError(err);
      return null;
    } finally {
      setBusy(false);
    }
  };
  const toggle = async () => {
    if (full) return setFull(null);
    setFull(await secret());
  };
  const copy = async () => {
    const s = await secret();
    if (s) await copyText(s, t`Token copiado`, t`Não foi possível copiar: copie o token revelado manualmente.`);
  };
  return (
    <span className="flex items-center gap-1">
      <code
        className={`min-w-0 truncate rounded bg-base-200 px-1.5 py-0.5 text-xs ${full ? 'select-all' : ''}`}
        title={full ?? token.token}
        data-testid="api-token-value"
      >
        {full ?? token.token}
      </code>
      <SmallButton label={full ? t`Ocultar token` : t`Revelar token`} onClick={toggle} testId="api-token-reveal">
        {busy ? (
          <span className="loading loading-spinner loading-xs" />
        ) : full ? (
          <IconEyeOff size={14} />
        ) : (
          <IconEye size={14} />
        )}
      </SmallButton>
      <SmallButton label={t`Copiar token`} onClick={copy} testId="api-token-copy">
        <IconCopy size={14} />
      </SmallButton>
    </span>
  );
}

function SmallButton({
  label,
  onClick,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs btn-square shrink-0"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** The full secret, shown this once after creating (then only masked, or revealed by an admin). */
function CreatedTokenModal({ token, onClose }: { token: ApiTokenCreatedDto; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const [, setTryToken] = useAtom(tryItTokenAtom);
  const [, navigate] = useLocation();
  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Token criado</Trans>}
      testId="api-token-created"
      actions={
        <>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setTryToken(token.plainToken);
              navigate('/api');
            }}
            data-testid="api-token-created-try"
          >
            <Trans>Testar na documentação</Trans>
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose} data-testid="api-token-created-close">
            <Trans>Concluir</Trans>
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p>
          <Trans>
            Copie o token "{token.name}" agora e guarde-o em um lugar seguro. Ele dá acesso ao envio de mensagens pela
            conexão {token.whatsapp.name}.
          </Trans>
        </p>
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 select-all break-all rounded-box bg-base-200 px-3 py-2 font-mono text-xs"
            data-testid="api-token-created-value"
          >
            {token.plainToken}
          </code>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={async () =>
              setCopied(
                await copyText(
                  token.plainToken,
                  t`Token copiado`,
                  t`Não foi possível copiar: selecione o token e copie-o manualmente.`,
                ),
              )
            }
            data-testid="api-token-created-copy"
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            {copied ? <Trans>Copiado</Trans> : <Trans>Copiar</Trans>}
          </button>
        </div>
        <p className="text-base-content/60">
          <Trans>
            Use-o no cabeçalho Authorization: Bearer das chamadas. Depois, só um administrador pode revelá-lo na lista.
          </Trans>
        </p>
      </div>
    </Modal>
  );
}
