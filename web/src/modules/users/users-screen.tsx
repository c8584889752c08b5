import { Trans, useLingui } from '@lingui/react/macro';
import type { UserDto, UserEvent } from '@zapdesk/core';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ColorChip } from '../../ui/color-chip';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconPencil, IconPlus, IconShield, IconTrash, IconUsers } from '../../ui/icons';
import { InfiniteScroll } from '../../ui/infinite-scroll';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { byName, textMatches, usePagedList } from '../../ui/use-paged-list';
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

function UsersList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<UserDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const list = usePagedList<UserDto>({
    fetchPage: fetchUsersPage,
    search,
    compare: byName,
    matches: (u, s) => textMatches([u.name, u.email], s),
    onError: toastError,
  });
  const { upsert, remove } = list;

  const onEvent = useCallback(
    (e: UserEvent) => {
      if (e.action === 'delete') remove(e.userId);
      else upsert(e.user);
    },
    [upsert, remove],
  );
  useSseChannel(me ? `user-${me.companyId}` : null, onEvent);

  const confirmDelete = async (u: UserDto) => {
    try {
      await deleteUser(u.id);
      remove(u.id);
      toast.success(t`Usuário excluído`);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageCard
      title={<Trans>Usuários</Trans>}
      subtitle={<Trans>Atendentes e administradores da empresa</Trans>}
      testId="users-page"
      actions={
        <>
          <Link href="/UserAuthorizations" className="btn btn-outline btn-sm" data-testid="users-groups-link">
            <IconShield size={16} />
            <Trans>Grupos de permissões</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setEditing('new')}
            data-testid="user-add"
          >
            <IconPlus size={16} />
            <Trans>Adicionar usuário</Trans>
          </button>
        </>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar por nome ou e-mail`}
          className="w-full sm:w-80"
          testId="users-search"
        />
      }
    >
      <InfiniteScroll
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        className="flex-1"
        testId="users-scroll"
      >
        {list.initialLoading ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : list.items.length === 0 ? (
          <EmptyState
            icon={<IconUsers size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhum usuário</Trans>}
            description={search ? <Trans>Nenhum usuário corresponde à pesquisa.</Trans> : undefined}
          />
        ) : (
          <table className="table table-pin-rows" data-testid="users-table">
            <thead>
              <tr>
                <th>
                  <Trans>Nome</Trans>
                </th>
                <th className="hidden lg:table-cell">
                  <Trans>E-mail</Trans>
                </th>
                <th className="hidden sm:table-cell">
                  <Trans>Perfil</Trans>
                </th>
                <th className="hidden md:table-cell">
                  <Trans>Grupo de permissões</Trans>
                </th>
                <th className="hidden xl:table-cell">
                  <Trans>Filas</Trans>
                </th>
                <th className="w-28 text-right">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((u) => {
                const self = u.id === me?.id;
                const canDelete = !self && (u.master !== 1 || !!caps?.editMasterField);
                return (
                  <tr key={u.id} className="hover:bg-base-200/50" data-testid="user-row" data-email={u.email}>
                    <td className="max-w-[16rem]">
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
                    </td>
                    <td className="hidden max-w-[16rem] truncate lg:table-cell">{u.email}</td>
                    <td className="hidden sm:table-cell">
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
                    </td>
                    <td className="hidden md:table-cell" data-testid="user-group-cell">
                      {u.userAuthorization ? u.userAuthorization.name : <span className="text-base-content/40">—</span>}
                    </td>
                    <td className="hidden max-w-[16rem] xl:table-cell">
                      <div className="flex flex-wrap gap-1">
                        {u.queues.length ? (
                          u.queues.map((q) => (
                            <ColorChip key={q.id} color={q.color} size="sm">
                              {q.name}
                            </ColorChip>
                          ))
                        ) : (
                          <span className="text-base-content/40">—</span>
                        )}
                      </div>
                    </td>
                    <td className="text-right">
                      <div className="inline-flex gap-1">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm btn-square"
                          onClick={() => setEditing(u)}
                          aria-label={t`Editar`}
                          title={t`Editar`}
                          data-testid="user-edit"
                        >
                          <IconPencil size={16} />
                        </button>
                        {canDelete ? (
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm btn-square text-error"
                            onClick={() => setDeleting(u)}
                            aria-label={t`Excluir`}
                            title={t`Excluir`}
                            data-testid="user-delete"
                          >
                            <IconTrash size={16} />
                          </button>
                        ) : (
                          <span className="btn btn-ghost btn-sm btn-square invisible" aria-hidden="true" />
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {list.loading && !list.initialLoading ? (
          <div className="flex justify-center py-3">
            <span className="loading loading-dots loading-sm" />
          </div>
        ) : null}
      </InfiniteScroll>
      {editing ? (
        <UserModal
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(u) => {
            upsert(u);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Excluir usuário</Trans>}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
      >
        {deleting ? <DeleteText name={deleting.name} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

function DeleteText({ name }: { name: string }) {
  return (
    <Trans>
      Excluir o usuário "{name}"? Os tickets abertos dele voltam para pendentes. Esta ação não pode ser desfeita.
    </Trans>
  );
}
