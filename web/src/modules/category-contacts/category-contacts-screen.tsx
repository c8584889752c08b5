import { Trans, useLingui } from '@lingui/react/macro';
import type { CategoryContactDto, CategoryContactEvent } from '@zapdesk/core';
import { useCallback, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ColorChip } from '../../ui/color-chip';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconArrowLeft, IconFolder, IconPencil, IconPlus, IconTrash } from '../../ui/icons';
import { InfiniteScroll } from '../../ui/infinite-scroll';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { toast } from '../../ui/toasts/toast';
import { byName, textMatches, usePagedList } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { deleteCategory, fetchCategoriesPage } from './category-contacts-api';
import { CategoryDialog } from './category-dialog';

/**
 * Contact categories (/CategoryContact, spec 1 §2 and spec 2 §3): back to /contacts, add, edit, delete. Needs the
 * group's allowCreateCategoryContacts, otherwise the user is sent to /contacts (as the spec says).
 */
export function CategoryContactsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.createCategoryContacts) return <Redirect to="/contacts" replace />;
  return <CategoriesList />;
}

function CategoriesList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CategoryContactDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CategoryContactDto | null>(null);
  const list = usePagedList<CategoryContactDto>({
    fetchPage: fetchCategoriesPage,
    search,
    compare: byName,
    matches: (c, s) => textMatches([c.name], s),
    onError: toastError,
  });
  const { upsert, remove } = list;

  const onEvent = useCallback(
    (e: CategoryContactEvent) => {
      if (e.action === 'delete') remove(e.categoryContactId);
      else upsert(e.categoryContact);
    },
    [upsert, remove],
  );
  useSseChannel(me ? `categoryContact-${me.companyId}` : null, onEvent);

  const confirmDelete = async (c: CategoryContactDto) => {
    try {
      await deleteCategory(c.id);
      remove(c.id);
      toast.success(t`Categoria excluída com sucesso`);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageCard
      title={
        <span className="flex items-center gap-2">
          <Link
            href="/contacts"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={t`Voltar para contatos`}
            title={t`Voltar para contatos`}
            data-testid="categories-back"
          >
            <IconArrowLeft size={18} />
          </Link>
          <Trans>Categorias de contatos</Trans>
        </span>
      }
      subtitle={<Trans>Agrupe contatos para filtrar listas e montar campanhas</Trans>}
      testId="categories-page"
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing('new')}
          data-testid="category-add"
        >
          <IconPlus size={16} />
          <Trans>Adicionar categoria</Trans>
        </button>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar categorias`}
          className="w-full sm:w-80"
          testId="categories-search"
        />
      }
    >
      <InfiniteScroll
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        className="flex-1"
        testId="categories-scroll"
      >
        {list.initialLoading ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : list.items.length === 0 ? (
          <EmptyState
            icon={<IconFolder size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhuma categoria cadastrada</Trans>}
            description={
              search ? (
                <Trans>Nenhuma categoria corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Crie categorias como "Clientes VIP" ou "Fornecedores" e marque os contatos.</Trans>
              )
            }
          />
        ) : (
          <table className="table table-pin-rows" data-testid="categories-table">
            <thead>
              <tr>
                <th>
                  <Trans>Nome</Trans>
                </th>
                <th className="w-28 text-right">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((c) => (
                <tr key={c.id} className="hover:bg-base-200/50" data-testid="category-row" data-name={c.name}>
                  <td className="max-w-[16rem]">
                    <ColorChip color={c.color ?? '#9CA3AF'}>{c.name}</ColorChip>
                  </td>
                  <td className="text-right">
                    <div className="inline-flex gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square"
                        onClick={() => setEditing(c)}
                        aria-label={t`Editar`}
                        title={t`Editar`}
                        data-testid="category-edit"
                      >
                        <IconPencil size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square text-error"
                        onClick={() => setDeleting(c)}
                        aria-label={t`Excluir`}
                        title={t`Excluir`}
                        data-testid="category-delete"
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
        <CategoryDialog
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            upsert(c);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Excluir categoria</Trans>}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
      >
        {deleting ? <DeleteText name={deleting.name} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

function DeleteText({ name }: { name: string }) {
  return <Trans>Excluir a categoria "{name}"? Ela será removida dos contatos; os contatos não são excluídos.</Trans>;
}
