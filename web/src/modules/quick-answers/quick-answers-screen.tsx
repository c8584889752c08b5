import { Trans, useLingui } from '@lingui/react/macro';
import { events, type QuickAnswerDto, type QuickAnswerEvent } from '@zapdesk/core';
import { useState } from 'react';
import { IconZap } from '../../ui/icons';
import { RecordListPage } from '../../ui/record-list-page';
import { previewText, tooltipText } from '../../ui/text-preview';
import { useCrudList } from '../../ui/use-crud-list';
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

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Respostas Rápidas</Trans>}
      subtitle={<Trans>Mensagens prontas, usadas no chat digitando / e o atalho</Trans>}
      testId="quick-answers-page"
      add={{ label: <Trans>Adicionar</Trans>, testId: 'quick-answer-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar por atalho ou mensagem`, testId: 'quick-answers-search' }}
      scrollTestId="quick-answers-scroll"
      empty={{
        icon: <IconZap size={28} />,
        none: <Trans>Nenhuma resposta rápida</Trans>,
        noneHint: <Trans>Cadastre respostas para agilizar o atendimento.</Trans>,
        noMatch: <Trans>Nenhuma resposta rápida corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'quick-answers-table',
        rowKey: (qa) => qa.id,
        rowTestId: 'quick-answer-row',
        rowData: (qa) => ({ 'data-shortcut': qa.shortcut }),
        columns: [
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
        ],
      }}
      rowActions={{ testIdPrefix: 'quick-answer' }}
      editor={(e) => <QuickAnswerDialog quickAnswer={e.item} onClose={e.onClose} onSaved={e.onSaved} />}
      deleteTitle={<Trans>Excluir resposta rápida</Trans>}
      deleteText={(qa) => <DeleteText shortcut={qa.shortcut} />}
    />
  );
}

function DeleteText({ shortcut }: { shortcut: string }) {
  return <Trans>Excluir a resposta rápida "/{shortcut}"? Esta ação não pode ser desfeita.</Trans>;
}
