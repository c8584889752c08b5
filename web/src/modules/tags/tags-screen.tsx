import { Trans, useLingui } from '@lingui/react/macro';
import type { TagDto, TagEvent } from '@zapdesk/core';
import { useCallback, useState } from 'react';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ColorChip } from '../../ui/color-chip';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconPencil, IconPlus, IconTag, IconTrash } from '../../ui/icons';
import { InfiniteScroll } from '../../ui/infinite-scroll';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { byName, textMatches, usePagedList } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { TagDialog } from './tag-dialog';
import { deleteTag, fetchTagsPage } from './tags-api';

/** Tags (spec 2 §2): searchable list with infinite scroll; name chip, tickets count, actions; add/edit modal. */
export function TagsScreen() {
  const caps = useCapabilities();
  if (!caps?.manageTags) return <NoPermission />;
  return <TagsList />;
}

function TagsList() {
  const { t } = useLingui();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TagDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TagDto | null>(null);
  const list = usePagedList<TagDto>({
    fetchPage: fetchTagsPage,
    search,
    compare: byName,
    matches: (tag, s) => textMatches([tag.name], s),
    onError: toastError,
  });
  const { upsert, remove } = list;

  const onEvent = useCallback(
    (e: TagEvent) => {
      if (e.action === 'delete') remove(e.tagId);
      else upsert(e.tag);
    },
    [upsert, remove],
  );
  useSseChannel(user ? `tag-${user.companyId}` : null, onEvent);

  const confirmDelete = async (tag: TagDto) => {
    try {
      await deleteTag(tag.id);
      remove(tag.id);
      toast.success(t`Tag excluída com sucesso`);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageCard
      title={<Trans>Tags</Trans>}
      subtitle={<Trans>Etiquetas para classificar os tickets</Trans>}
      testId="tags-page"
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing('new')}
          data-testid="tag-add"
        >
          <IconPlus size={16} />
          <Trans>Adicionar tag</Trans>
        </button>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar tags`}
          className="w-full sm:w-80"
          testId="tags-search"
        />
      }
    >
      <InfiniteScroll
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        className="flex-1"
        testId="tags-scroll"
      >
        {list.initialLoading ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : list.items.length === 0 ? (
          <EmptyState
            icon={<IconTag size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhuma tag cadastrada</Trans>}
            description={
              search ? (
                <Trans>Nenhuma tag corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Crie tags para classificar os tickets e montar o Kanban.</Trans>
              )
            }
          />
        ) : (
          <table className="table table-pin-rows" data-testid="tags-table">
            <thead>
              <tr>
                <th>
                  <Trans>Nome</Trans>
                </th>
                <th className="w-32 text-center">
                  <Trans>Tickets</Trans>
                </th>
                <th className="hidden w-28 text-center sm:table-cell">
                  <Trans>Kanban</Trans>
                </th>
                <th className="w-28 text-right">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((tag) => (
                <tr key={tag.id} className="hover:bg-base-200/50" data-testid="tag-row" data-name={tag.name}>
                  <td className="max-w-[12rem]">
                    <ColorChip color={tag.color}>{tag.name}</ColorChip>
                  </td>
                  <td className="text-center tabular-nums" data-testid="tag-tickets-count">
                    {tag.ticketsCount}
                  </td>
                  <td className="hidden text-center sm:table-cell">
                    {tag.kanban === 1 ? (
                      <span className="badge badge-soft badge-primary badge-sm">
                        <Trans>Sim</Trans>
                      </span>
                    ) : (
                      <span className="text-base-content/40">—</span>
                    )}
                  </td>
                  <td className="text-right">
                    <div className="inline-flex gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square"
                        onClick={() => setEditing(tag)}
                        aria-label={t`Editar`}
                        title={t`Editar`}
                        data-testid="tag-edit"
                      >
                        <IconPencil size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square text-error"
                        onClick={() => setDeleting(tag)}
                        aria-label={t`Excluir`}
                        title={t`Excluir`}
                        data-testid="tag-delete"
                      >
                        <IconTrash size={16} />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
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
        <TagDialog
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(tag) => {
            upsert(tag);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Excluir tag</Trans>}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
      >
        {deleting ? <DeleteText name={deleting.name} count={deleting.ticketsCount} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

function DeleteText({ name, count }: { name: string; count: number }) {
  return (
    <Trans>
      Excluir a tag "{name}"? Ela será removida de {count} ticket(s). Esta ação não pode ser desfeita.
    </Trans>
  );
}
