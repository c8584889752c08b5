import { Trans, useLingui } from '@lingui/react/macro';
import { events, type UserDto, type UserEvent } from '@zapdesk/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { ColorChip } from '../../ui/color-chip';
import { IconShield, IconUsers } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { UserModal } from './user-modal';
import { deleteUser, fetchUsersPage } from './users-api';

/**
 * Users (spec 1 §2): search, infinite scroll, the full-screen add/edit modal and a button to /UserAuthorizations.
 * Administrators with the administration menu only (manageUsers); others get an honest "sem permissão" state.
 */
export function UsersScreen() {
  const caps = useCapabilities();
  if (!caps?.manageUsers) return <NoPermission />;
  return <UsersList />;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

const NONE = <span className="text-base-content/40">—</span>;

function UsersList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const [search, setSearch] = useState('');
  const crud = useCrudList<UserDto, UserEvent>({
    fetchPage: fetchUsersPage,
    search,
    compare: byName,
    matches: (u, s) => textMatches([u.name, u.email], s),
    channel: me ? events.user.of(me.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.userId : e.user),
    deleteItem: deleteUser,
    deletedMessage: t`Usuário excluído`,
  });
  // nobody deletes themselves; only a master deletes a master
  const canDelete = (u: UserDto) => u.id !== me?.id && (u.master !== 1 || !!caps?.editMasterField);

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Usuários</Trans>}
      subtitle={<Trans>Atendentes e administradores da empresa</Trans>}
      testId="users-page"
      actions={
        <Link href="/UserAuthorizations" className="btn btn-outline btn-sm" data-testid="users-groups-link">
          <IconShield size={16} />
          <Trans>Grupos de permissões</Trans>
        </Link>
      }
      add={{ label: <Trans>Adicionar usuário</Trans>, testId: 'user-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar por nome ou e-mail`, testId: 'users-search' }}
      scrollTestId="users-scroll"
      empty={{
        icon: <IconUsers size={28} />,
        none: <Trans>Nenhum usuário</Trans>,
        noMatch: <Trans>Nenhum usuário corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'users-table',
        rowKey: (u) => u.id,
        rowTestId: 'user-row',
        rowData: (u) => ({ 'data-email': u.email }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[16rem]',
            cell: (u) => (
              <div className="flex items-center gap-3">
                <div className="avatar avatar-placeholder">
                  <div className="size-9 rounded-full bg-primary/10 text-primary">
                    <span className="text-xs font-semibold">{initials(u.name)}</span>
                  </div>
                </div>
                <div className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">{u.name}</span>
                  <span className="truncate text-xs text-base-content/60 lg:hidden">{u.email}</span>
                </div>
              </div>
            ),
          },
          {
            key: 'email',
            header: <Trans>E-mail</Trans>,
            headerClassName: 'hidden lg:table-cell',
            className: 'hidden max-w-[16rem] truncate lg:table-cell',
            cell: (u) => u.email,
          },
          {
            key: 'profile',
            header: <Trans>Perfil</Trans>,
            headerClassName: 'hidden sm:table-cell',
            className: 'hidden sm:table-cell',
            cell: (u) => (
              <div className="flex flex-wrap gap-1">
                {u.profile === 'admin' ? (
                  <span className="badge badge-primary badge-soft badge-sm">
                    <Trans>Administrador</Trans>
                  </span>
                ) : (
                  <span className="badge badge-ghost badge-sm">
                    <Trans>Usuário</Trans>
                  </span>
                )}
                {u.master === 1 ? <span className="badge badge-accent badge-soft badge-sm">Master</span> : null}
              </div>
            ),
          },
          {
            key: 'group',
            header: <Trans>Grupo de permissões</Trans>,
            headerClassName: 'hidden md:table-cell',
            className: 'hidden md:table-cell',
            testId: 'user-group-cell',
            cell: (u) => (u.userAuthorization ? u.userAuthorization.name : NONE),
          },
          {
            key: 'queues',
            header: <Trans>Filas</Trans>,
            headerClassName: 'hidden xl:table-cell',
            className: 'hidden max-w-[16rem] xl:table-cell',
            cell: (u) => (
              <div className="flex flex-wrap gap-1">
                {u.queues.length
                  ? u.queues.map((q) => (
                      <ColorChip key={q.id} color={q.color} size="sm">
                        {q.name}
                      </ColorChip>
                    ))
                  : NONE}
              </div>
            ),
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'user', canDelete }}
      editor={(e) => <UserModal user={e.item} onClose={e.onClose} onSaved={e.onSaved} />}
      deleteTitle={<Trans>Excluir usuário</Trans>}
      deleteText={(u) => <DeleteText name={u.name} />}
    />
  );
}

function DeleteText({ name }: { name: string }) {
  return (
    <Trans>
      Excluir o usuário "{name}"? Os tickets abertos dele voltam para pendentes. Esta ação não pode ser desfeita.
    </Trans>
  );
}
