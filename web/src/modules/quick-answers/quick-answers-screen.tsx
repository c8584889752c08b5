import { Trans, useLingui } from '@lingui/react/macro';
import { events, type QuickAnswerDto, type QuickAnswerEvent } from '@zapdesk/core';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconZap } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { AddButton, PageCard } from '../../ui/page-card';
import { RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { previewText, tooltipText } from '../../ui/text-preview';
import { editorOf, useCrudList } from '../../ui/use-crud-list';
import { textMatches } from '../../ui/use-paged-list';
import { useSessionUser } from '../auth/use-capabilities';
import { QuickAnswerDialog } from './quick-answer-dialog';
import { deleteQuickAnswer, fetchQuickAnswersPage } from './quick-answers-api';

const byShortcut = (a: QuickAnswerDto, b: QuickAnswerDto) =>
  a.shortcut.localeCompare(b.shortcut, undefined, { sensitivity: 'base' });

/**
 * Quick answers (spec 1 §2): search, infinite scroll, add, edit, delete. Every user of the company manages them
 * (see DECISIONS, Directory); the list follows `quickAnswer-{companyId}` live.
 */
export function QuickAnswersScreen() {
  const { t } = useLingui();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const crud = useCrudList<QuickAnswerDto, QuickAnswerEvent>({
    fetchPage: fetchQuickAnswersPage,
    search,
    compare: search ? undefined : byShortcut,
    matches: (qa, s) => textMatches([qa.shortcut, qa.message], s),
    channel: user ? events.quickAnswer.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.quickAnswerId : e.quickAnswer),
    deleteItem: deleteQuickAnswer,
    deletedMessage: t`Resposta rápida excluída`,
  });
  const editor = editorOf(crud.editing);

  return (
    <PageCard
      title={<Trans>Respostas Rápidas</Trans>}
      subtitle={<Trans>Mensagens prontas, usadas no chat digitando / e o atalho</Trans>}
      testId="quick-answers-page"
      actions={
        <AddButton onClick={() => crud.setEditing('new')} testId="quick-answer-add">
          <Trans>Adicionar</Trans>
        </AddButton>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar por atalho ou mensagem`}
          className="w-full sm:w-80"
          testId="quick-answers-search"
        />
      }
    >
      <PagedListBody
        list={crud.list}
        testId="quick-answers-scroll"
        empty={
          <EmptyState
            icon={<IconZap size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhuma resposta rápida</Trans>}
            description={
              search ? (
                <Trans>Nenhuma resposta rápida corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Cadastre respostas para agilizar o atendimento.</Trans>
              )
            }
          />
        }
      >
        <DataTable
          items={crud.list.items}
          testId="quick-answers-table"
          rowKey={(qa) => qa.id}
          rowTestId="quick-answer-row"
          rowData={(qa) => ({ 'data-shortcut': qa.shortcut })}
          columns={[
            {
              key: 'shortcut',
              header: <Trans>Atalho</Trans>,
              headerClassName: 'w-40',
              className: 'max-w-[10rem]',
              cell: (qa) => (
                <span className="badge badge-ghost max-w-full font-mono">
                  <span className="truncate">/{qa.shortcut}</span>
                </span>
              ),
            },
            {
              key: 'message',
              header: <Trans>Mensagem</Trans>,
              className: 'max-w-0 w-full',
              cell: (qa) => (
                <span className="block truncate text-sm" title={tooltipText(qa.message)}>
                  {previewText(qa.message)}
                </span>
              ),
            },
          ]}
          actions={(qa) => (
            <RowActions
              testIdPrefix="quick-answer"
              onEdit={() => crud.setEditing(qa)}
              onDelete={() => crud.setDeleting(qa)}
            />
          )}
        />
      </PagedListBody>
      {editor ? (
        <QuickAnswerDialog
          key={editor.key}
          quickAnswer={editor.item}
          onClose={() => crud.setEditing(null)}
          onSaved={crud.saved}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir resposta rápida</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(qa) => <DeleteText shortcut={qa.shortcut} />}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}

function DeleteText({ shortcut }: { shortcut: string }) {
  return <Trans>Excluir a resposta rápida "/{shortcut}"? Esta ação não pode ser desfeita.</Trans>;
}
