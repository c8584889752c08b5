import { Trans, useLingui } from '@lingui/react/macro';
import type { UserAuthorizationDto, UserAuthorizationEvent } from '@zapdesk/core';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconArrowLeft, IconPencil, IconPlus, IconShield, IconTrash } from '../../ui/icons';
import { InfiniteScroll } from '../../ui/infinite-scroll';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { byName, textMatches, usePagedList } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { GroupDialog } from './group-dialog';
import { GROUP_FLAGS } from './group-flags';
import { deleteGroup, fetchGroupsPage } from './user-authorizations-api';

/** Permission groups (/UserAuthorizations): managed by those who manage users. */
export function UserAuthorizationsScreen() {
  const caps = useCapabilities();
  if (!caps?.manageUsers) return <NoPermission />;
  return <GroupsList />;
}

function GroupsList() {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<UserAuthorizationDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserAuthorizationDto | null>(null);
  const list = usePagedList<UserAuthorizationDto>({
    fetchPage: fetchGroupsPage,
    search,
    compare: byName,
    matches: (g, s) => textMatches([g.name], s),
    onError: toastError,
  });
  const { upsert, remove } = list;

  const onEvent = useCallback(
    (e: UserAuthorizationEvent) => {
      if (e.action === 'delete') remove(e.userAuthorizationId);
      else upsert(e.userAuthorization);
    },
    [upsert, remove],
  );
  useSseChannel(user ? `userAuthorization-${user.companyId}` : null, onEvent);

  const confirmDelete = async (g: UserAuthorizationDto) => {
    try {
      await deleteGroup(g.id);
      remove(g.id);
      toast.success(t`Grupo de permissões excluído`);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageCard
      title={<Trans>Grupos de Permissões</Trans>}
      subtitle={<Trans>O que cada grupo de usuários pode ver e fazer</Trans>}
      testId="groups-page"
      actions={
        <>
          <Link href="/users" className="btn btn-ghost btn-sm" data-testid="groups-back">
            <IconArrowLeft size={16} />
            <Trans>Usuários</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setEditing('new')}
            data-testid="group-add"
          >
            <IconPlus size={16} />
            <Trans>Adicionar grupo</Trans>
          </button>
        </>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar grupos`}
          className="w-full sm:w-80"
          testId="groups-search"
        />
      }
    >
      <InfiniteScroll
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        className="flex-1"
        testId="groups-scroll"
      >
        {list.initialLoading ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : list.items.length === 0 ? (
          <EmptyState
            icon={<IconShield size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhum grupo de permissões</Trans>}
            description={
              search ? (
                <Trans>Nenhum grupo corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Crie grupos para definir o que cada equipe pode fazer.</Trans>
              )
            }
          />
        ) : (
          <table className="table table-pin-rows" data-testid="groups-table">
            <thead>
              <tr>
                <th>
                  <Trans>Nome</Trans>
                </th>
                <th className="hidden md:table-cell">
                  <Trans>Permissões</Trans>
                </th>
                <th className="w-28 text-right">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((g) => {
                const on = GROUP_FLAGS.filter((f) => g[f.key]);
                return (
                  <tr key={g.id} className="hover:bg-base-200/50" data-testid="group-row" data-name={g.name}>
                    <td className="max-w-[14rem]">
                      <span className="block truncate font-medium">{g.name}</span>
                    </td>
                    <td className="hidden md:table-cell">
                      <div className="flex flex-wrap gap-1">
                        {on.length === 0 ? (
                          <span className="text-sm text-base-content/50">
                            <Trans>Nenhuma permissão extra</Trans>
                          </span>
                        ) : (
                          on.map((f) => (
                            <span key={f.key} className="badge badge-soft badge-sm">
                              {i18n._(f.label)}
                            </span>
                          ))
                        )}
                      </div>
                    </td>
                    <td className="text-right">
                      <div className="inline-flex gap-1">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm btn-square"
                          onClick={() => setEditing(g)}
                          aria-label={t`Editar`}
                          title={t`Editar`}
                          data-testid="group-edit"
                        >
                          <IconPencil size={16} />
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm btn-square text-error"
                          onClick={() => setDeleting(g)}
                          aria-label={t`Excluir`}
                          title={t`Excluir`}
                          data-testid="group-delete"
                        >
                          <IconTrash size={16} />
                        </button>
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
        <GroupDialog
          key={editing === 'new' ? 'new' : editing.id}
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(g) => {
            upsert(g);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Excluir grupo de permissões</Trans>}
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
      Excluir o grupo "{name}"? Os usuários deste grupo ficarão sem grupo de permissões. Esta ação não pode ser
      desfeita.
    </Trans>
  );
}
