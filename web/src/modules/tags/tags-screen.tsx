import { Trans, useLingui } from '@lingui/react/macro';
import { events, type TagDto, type TagEvent } from '@zapdesk/core';
import { useState } from 'react';
import { ColorChip } from '../../ui/color-chip';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconTag } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { editorOf, useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
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
  const crud = useCrudList<TagDto, TagEvent>({
    fetchPage: fetchTagsPage,
    search,
    compare: byName,
    matches: (tag, s) => textMatches([tag.name], s),
    channel: user ? events.tag.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.tagId : e.tag),
    deleteItem: deleteTag,
    deletedMessage: t`Tag excluída com sucesso`,
  });
  const editor = editorOf(crud.editing);

  return (
    <PageCard
      title={<Trans>Tags</Trans>}
      subtitle={<Trans>Etiquetas para classificar os tickets</Trans>}
      testId="tags-page"
      actions={
        <AddButton onClick={() => crud.setEditing('new')} testId="tag-add">
          <Trans>Adicionar tag</Trans>
        </AddButton>
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
      <PagedListBody
        list={crud.list}
        testId="tags-scroll"
        empty={
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
        }
      >
        <DataTable
          items={crud.list.items}
          testId="tags-table"
          rowKey={(tag) => tag.id}
          rowTestId="tag-row"
          rowData={(tag) => ({ 'data-name': tag.name })}
          columns={[
            {
              key: 'name',
              header: <Trans>Nome</Trans>,
              className: 'max-w-[12rem]',
              cell: (tag) => <ColorChip color={tag.color}>{tag.name}</ColorChip>,
            },
            {
              key: 'tickets',
              header: <Trans>Tickets</Trans>,
              headerClassName: 'w-32 text-center',
              className: 'text-center tabular-nums',
              testId: 'tag-tickets-count',
              cell: (tag) => tag.ticketsCount,
            },
            {
              key: 'kanban',
              header: <Trans>Kanban</Trans>,
              headerClassName: 'hidden w-28 text-center sm:table-cell',
              className: 'hidden text-center sm:table-cell',
              cell: (tag) =>
                tag.kanban === 1 ? (
                  <span className="badge badge-soft badge-primary badge-sm">
                    <Trans>Sim</Trans>
                  </span>
                ) : (
                  <span className="text-base-content/40">—</span>
                ),
            },
          ]}
          actions={(tag) => (
            <RowActions testIdPrefix="tag" onEdit={() => crud.setEditing(tag)} onDelete={() => crud.setDeleting(tag)} />
          )}
        />
      </PagedListBody>
      {editor ? (
        <TagDialog key={editor.key} tag={editor.item} onClose={() => crud.setEditing(null)} onSaved={crud.saved} />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir tag</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(tag) => <DeleteText name={tag.name} count={tag.ticketsCount} />}
      </ConfirmDeleteDialog>
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
