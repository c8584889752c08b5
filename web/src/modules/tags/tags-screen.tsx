import { Trans, useLingui } from '@lingui/react/macro';
import { events, type TagDto, type TagEvent } from '@zapdesk/core';
import { useState } from 'react';
import { ColorChip } from '../../ui/color-chip';
import { IconTag } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
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

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Tags</Trans>}
      subtitle={<Trans>Etiquetas para classificar os tickets</Trans>}
      testId="tags-page"
      add={{ label: <Trans>Adicionar tag</Trans>, testId: 'tag-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar tags`, testId: 'tags-search' }}
      scrollTestId="tags-scroll"
      empty={{
        icon: <IconTag size={28} />,
        none: <Trans>Nenhuma tag cadastrada</Trans>,
        noneHint: <Trans>Crie tags para classificar os tickets e montar o Kanban.</Trans>,
        noMatch: <Trans>Nenhuma tag corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'tags-table',
        rowKey: (tag) => tag.id,
        rowTestId: 'tag-row',
        rowData: (tag) => ({ 'data-name': tag.name }),
        columns: [
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
        ],
      }}
      rowActions={{ testIdPrefix: 'tag' }}
      editor={(e) => <TagDialog tag={e.item} onClose={e.onClose} onSaved={e.onSaved} />}
      deleteTitle={<Trans>Excluir tag</Trans>}
      deleteText={(tag) => <DeleteText name={tag.name} count={tag.ticketsCount} />}
    />
  );
}

function DeleteText({ name, count }: { name: string; count: number }) {
  return (
    <Trans>
      Excluir a tag "{name}"? Ela será removida de {count} ticket(s). Esta ação não pode ser desfeita.
    </Trans>
  );
}
