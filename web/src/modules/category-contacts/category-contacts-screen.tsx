import { Trans, useLingui } from '@lingui/react/macro';
import { type CategoryContactDto, type CategoryContactEvent, events } from '@zapdesk/core';
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { ColorChip } from '../../ui/color-chip';
import { IconArrowLeft, IconFolder } from '../../ui/icons';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
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
  const crud = useCrudList<CategoryContactDto, CategoryContactEvent>({
    fetchPage: fetchCategoriesPage,
    search,
    compare: byName,
    matches: (c, s) => textMatches([c.name], s),
    channel: me ? events.categoryContact.of(me.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.categoryContactId : e.categoryContact),
    deleteItem: deleteCategory,
    deletedMessage: t`Categoria excluída com sucesso`,
  });

  return (
    <RecordListPage
      crud={crud}
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
      add={{ label: <Trans>Adicionar categoria</Trans>, testId: 'category-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar categorias`, testId: 'categories-search' }}
      scrollTestId="categories-scroll"
      empty={{
        icon: <IconFolder size={28} />,
        none: <Trans>Nenhuma categoria cadastrada</Trans>,
        noneHint: <Trans>Crie categorias como "Clientes VIP" ou "Fornecedores" e marque os contatos.</Trans>,
        noMatch: <Trans>Nenhuma categoria corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'categories-table',
        rowKey: (c) => c.id,
        rowTestId: 'category-row',
        rowData: (c) => ({ 'data-name': c.name }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[16rem]',
            cell: (c) => <ColorChip color={c.color ?? '#9CA3AF'}>{c.name}</ColorChip>,
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'category' }}
      editor={(e) => <CategoryDialog category={e.item} onClose={e.onClose} onSaved={e.onSaved} />}
      deleteTitle={<Trans>Excluir categoria</Trans>}
      deleteText={(c) => <DeleteText name={c.name} />}
    />
  );
}

function DeleteText({ name }: { name: string }) {
  return <Trans>Excluir a categoria "{name}"? Ela será removida dos contatos; os contatos não são excluídos.</Trans>;
}
