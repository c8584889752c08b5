import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDto } from '@zapdesk/core';
import { type ReactNode, useState } from 'react';
import { ColorChip } from '../../ui/color-chip';
import {
  IconArrowLeft,
  IconCalendar,
  IconCircleCheck,
  IconDownload,
  IconMore,
  IconPlus,
  IconRotate,
  IconSearch,
  IconTransfer,
  IconTrash,
  IconUndo,
  IconX,
} from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { TicketAvatar } from '../tickets/ticket-avatar';
import { usePermissionsFor, useTicketActions } from '../tickets/use-ticket-actions';

type Action = {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  primary?: boolean;
  danger?: boolean;
  hint?: string;
};

/**
 * Chat header (spec 1 §2): back, contact (opens the side drawer), protocol (click copies), message search, and the
 * actions the user may take on this ticket in its state.
 */
export function ChatHeader({
  ticket,
  onBack,
  onOpenContact,
  search,
  onSearch,
}: {
  ticket: TicketDto;
  onBack: () => void;
  onOpenContact: () => void;
  search: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useLingui();
  const perms = usePermissionsFor(ticket);
  const a = useTicketActions();
  const [searching, setSearching] = useState(false);

  const copyProtocol = async () => {
    try {
      await navigator.clipboard.writeText(ticket.protocol);
      toast.success(t`Protocolo copiado`);
    } catch {
      toast.error(t`Não foi possível copiar o protocolo`);
    }
  };

  const actions: Action[] = [];
  if (perms.accept)
    actions.push({
      key: 'accept',
      label: t`Aceitar`,
      icon: <IconCircleCheck size={16} />,
      onClick: () => a.accept(ticket),
      primary: true,
    });
  if (perms.return)
    actions.push({
      key: 'return',
      label: t`Retornar`,
      icon: <IconUndo size={16} />,
      onClick: () => void a.returnToQueue(ticket),
      hint: 'Alt+2',
    });
  if (perms.resolve)
    actions.push({
      key: 'resolve',
      label: t`Resolver`,
      icon: <IconCircleCheck size={16} />,
      onClick: () => void a.resolve(ticket),
      primary: ticket.status === 'open',
      hint: 'Alt+1',
    });
  if (perms.reopen)
    actions.push({
      key: 'reopen',
      label: t`Reabrir`,
      icon: <IconRotate size={16} />,
      onClick: () => void a.reopen(ticket),
      primary: true,
      hint: 'Alt+T',
    });
  if (perms.newTicket)
    actions.push({
      key: 'new',
      label: t`Novo ticket`,
      icon: <IconPlus size={16} />,
      onClick: () => a.newTicket({ id: ticket.contactId, name: ticket.contact.name }),
    });
  if (perms.reschedule)
    actions.push({
      key: 'reschedule',
      label: t`Reagendar`,
      icon: <IconCalendar size={16} />,
      onClick: () => a.reschedule(ticket),
    });
  if (perms.transfer)
    actions.push({
      key: 'transfer',
      label: t`Transferir`,
      icon: <IconTransfer size={16} />,
      onClick: () => a.transfer(ticket),
      hint: 'Alt+3',
    });
  if (perms.export)
    actions.push({
      key: 'export',
      label: t`Exportar`,
      icon: <IconDownload size={16} />,
      onClick: () => a.exportTickets(ticket),
    });
  if (perms.delete)
    actions.push({
      key: 'delete',
      label: t`Excluir`,
      icon: <IconTrash size={16} />,
      onClick: () => a.remove(ticket),
      danger: true,
      hint: 'Alt+4',
    });

  const inline = actions.filter((x) => x.primary);
  const rest = actions.filter((x) => !x.primary);

  return (
    <header className="flex flex-col border-b border-base-300 bg-base-100" data-testid="chat-header">
      <div className="flex items-center gap-2 px-2 py-2 sm:px-3">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-circle"
          onClick={onBack}
          aria-label={t`Voltar`}
          data-testid="chat-back"
        >
          <IconArrowLeft size={18} />
        </button>
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 text-left"
          onClick={onOpenContact}
          data-testid="chat-contact"
        >
          <TicketAvatar name={ticket.contact.name} url={ticket.contact.profilePicUrl} id={ticket.contactId} size={38} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold">{ticket.contact.name}</span>
            <span className="truncate text-xs text-base-content/60">
              {ticket.user ? <Trans>Atribuído a {ticket.user.name}</Trans> : <Trans>Aguardando atendimento</Trans>}
              {ticket.queue ? ` · ${ticket.queue.name}` : ''}
            </span>
            {ticket.tags.length ? (
              <span className="flex min-w-0 gap-1 overflow-hidden pt-0.5" data-testid="chat-tags">
                {ticket.tags.map((tag) => (
                  <ColorChip key={tag.id} color={tag.color} size="sm" testId="chat-tag">
                    {tag.name}
                  </ColorChip>
                ))}
              </span>
            ) : null}
          </span>
        </button>
        <button
          type="button"
          className="badge badge-outline hidden cursor-pointer font-mono sm:inline-flex"
          onClick={copyProtocol}
          title={t`Copiar protocolo`}
          data-testid="chat-protocol"
        >
          #{ticket.protocol}
        </button>
        <button
          type="button"
          className={`btn btn-ghost btn-sm btn-circle ${searching ? 'text-primary' : ''}`}
          onClick={() => {
            if (searching) onSearch('');
            setSearching((s) => !s);
          }}
          aria-label={t`Buscar mensagens`}
          data-testid="chat-search-toggle"
        >
          <IconSearch size={18} />
        </button>
        {inline.map((x) => (
          <button
            key={x.key}
            type="button"
            className="btn btn-primary btn-sm"
            onClick={x.onClick}
            title={x.hint ? `${x.label} (${x.hint})` : x.label}
            data-testid={`chat-action-${x.key}`}
          >
            {x.icon}
            <span className="hidden md:inline">{x.label}</span>
          </button>
        ))}
        {rest.length ? (
          <>
            <div className="hidden items-center gap-1 lg:flex">
              {rest.map((x) => (
                <button
                  key={x.key}
                  type="button"
                  className={`btn btn-ghost btn-sm btn-square ${x.danger ? 'text-error' : ''}`}
                  onClick={x.onClick}
                  title={x.hint ? `${x.label} (${x.hint})` : x.label}
                  aria-label={x.label}
                  data-testid={`chat-action-${x.key}`}
                >
                  {x.icon}
                </button>
              ))}
            </div>
            <div className="dropdown dropdown-end lg:hidden">
              <button
                type="button"
                tabIndex={0}
                className="btn btn-ghost btn-sm btn-circle"
                aria-label={t`Mais ações`}
                data-testid="chat-more"
              >
                <IconMore size={18} />
              </button>
              <ul
                tabIndex={-1}
                className="menu dropdown-content z-40 w-52 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
              >
                <li className="sm:hidden">
                  <button type="button" onClick={copyProtocol}>
                    <span className="font-mono">#{ticket.protocol}</span>
                    <Trans>Copiar protocolo</Trans>
                  </button>
                </li>
                {rest.map((x) => (
                  <li key={x.key}>
                    <button
                      type="button"
                      className={x.danger ? 'text-error' : ''}
                      onClick={x.onClick}
                      data-testid={`chat-menu-${x.key}`}
                    >
                      {x.icon}
                      {x.label}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </>
        ) : null}
      </div>
      {searching ? (
        <div className="flex items-center gap-2 border-t border-base-200 px-3 py-1.5">
          <label className="input input-sm flex-1">
            <IconSearch size={14} className="opacity-50" />
            <input
              type="search"
              className="grow"
              value={search}
              onChange={(e) => onSearch(e.target.value)}
              placeholder={t`Buscar nesta conversa (mais de 2 letras)`}
              autoFocus
              data-testid="chat-search"
            />
          </label>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            onClick={() => {
              onSearch('');
              setSearching(false);
            }}
            aria-label={t`Fechar busca`}
          >
            <IconX size={14} />
          </button>
        </div>
      ) : null}
    </header>
  );
}
