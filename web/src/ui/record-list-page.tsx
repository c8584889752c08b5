import { Trans } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { ConfirmDeleteDialog } from './confirm-dialog';
import { DataTable, type DataTableProps } from './data-table';
import { EmptyState } from './empty-state';
import { PagedListBody } from './list-body';
import { AddButton, PageCard } from './page-card';
import { RowActions } from './row-actions';
import { SearchInput } from './search-input';
import { type CrudList, editorOf } from './use-crud-list';

/**
 * The screen of a paged record list (users, groups, quick answers, tags, categories): the card with its add button
 * and search, the infinitely scrolled table with edit/delete on each row, the editor and the delete confirmation,
 * all driven by `useCrudList`. Texts, columns, test ids and the editor stay in the screen.
 */
export function RecordListPage<T extends { id: number }>({
  crud,
  title,
  subtitle,
  testId,
  actions,
  add,
  search,
  scrollTestId,
  empty,
  searching,
  table,
  rowActions,
  editor,
  deleteTitle,
  deleteText,
}: {
  crud: CrudList<T>;
  title: ReactNode;
  subtitle: ReactNode;
  testId: string;
  /** buttons before the add button (links to a related screen) */
  actions?: ReactNode;
  /** the add button (none: the user may not add); `onClick` instead of the editor (a separate add page) */
  add?: { label: ReactNode; testId: string; onClick?: () => void };
  search: { onSearch: (text: string) => void; placeholder: string; testId: string };
  scrollTestId: string;
  /** an empty list: `none` when nothing is registered, `noMatch` when a search (`searching`) finds nothing */
  empty: { icon: ReactNode; none: ReactNode; noneHint?: ReactNode; noMatch: ReactNode };
  searching: boolean;
  table: Omit<DataTableProps<T>, 'items' | 'actions'>;
  /** `onEdit` instead of the editor (a separate edit page) */
  rowActions: { testIdPrefix: string; canDelete?: (item: T) => boolean; onEdit?: (item: T) => void };
  /** the add/edit dialog: `item` null for a new record */
  editor: (props: { item: T | null; onClose: () => void; onSaved: (item: T) => void }) => ReactNode;
  deleteTitle: ReactNode;
  deleteText: (item: T) => ReactNode;
}) {
  const open = editorOf(crud.editing);
  const { canDelete, onEdit } = rowActions;
  return (
    <PageCard
      title={title}
      subtitle={subtitle}
      testId={testId}
      actions={
        <>
          {actions}
          {add ? (
            <AddButton onClick={add.onClick ?? (() => crud.setEditing('new'))} testId={add.testId}>
              {add.label}
            </AddButton>
          ) : null}
        </>
      }
      toolbar={
        <SearchInput
          onSearch={search.onSearch}
          placeholder={search.placeholder}
          className="w-full sm:w-80"
          testId={search.testId}
        />
      }
    >
      <PagedListBody
        list={crud.list}
        testId={scrollTestId}
        empty={
          <EmptyState
            icon={empty.icon}
            title={searching ? <Trans>Nenhum resultado</Trans> : empty.none}
            description={searching ? empty.noMatch : empty.noneHint}
          />
        }
      >
        <DataTable
          {...table}
          items={crud.list.items}
          actions={(item) => (
            <RowActions
              testIdPrefix={rowActions.testIdPrefix}
              onEdit={() => (onEdit ? onEdit(item) : crud.setEditing(item))}
              onDelete={!canDelete || canDelete(item) ? () => crud.setDeleting(item) : undefined}
              keepDeleteSlot={!!canDelete}
            />
          )}
        />
      </PagedListBody>
      {open ? (
        <Fragment key={open.key}>
          {editor({ item: open.item, onClose: () => crud.setEditing(null), onSaved: crud.saved })}
        </Fragment>
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={deleteTitle}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {deleteText}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}
