import { Trans, useLingui } from '@lingui/react/macro';
import type { QuickAnswerDto, QuickAnswerEvent } from '@zapdesk/core';
import { useCallback, useState } from 'react';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconPencil, IconPlus, IconTrash, IconZap } from '../../ui/icons';
import { InfiniteScroll } from '../../ui/infinite-scroll';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { previewText, tooltipText } from '../../ui/text-preview';
import { toast } from '../../ui/toasts/toast';
import { textMatches, usePagedList } from '../../ui/use-paged-list';
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
  const [editing, setEditing] = useState<QuickAnswerDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuickAnswerDto | null>(null);
  const list = usePagedList<QuickAnswerDto>({
    fetchPage: fetchQuickAnswersPage,
    search,
    compare: search ? undefined : byShortcut,
    matches: (qa, s) => textMatches([qa.shortcut, qa.message], s),
    onError: toastError,
  });
  const { upsert, remove } = list;

  const onEvent = useCallback(
    (e: QuickAnswerEvent) => {
      if (e.action === 'delete') remove(e.quickAnswerId);
      else upsert(e.quickAnswer);
    },
    [upsert, remove],
  );
  useSseChannel(user ? `quickAnswer-${user.companyId}` : null, onEvent);

  const confirmDelete = async (qa: QuickAnswerDto) => {
    try {
      await deleteQuickAnswer(qa.id);
      remove(qa.id);
      toast.success(t`Resposta rápida excluída`);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageCard
      title={<Trans>Respostas Rápidas</Trans>}
      subtitle={<Trans>Mensagens prontas, usadas no chat digitando / e o atalho</Trans>}
      testId="quick-answers-page"
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing('new')}
          data-testid="quick-answer-add"
        >
          <IconPlus size={16} />
          <Trans>Adicionar</Trans>
        </button>
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
      <InfiniteScroll
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        className="flex-1"
        testId="quick-answers-scroll"
      >
        {list.initialLoading ? (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        ) : list.items.length === 0 ? (
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
        ) : (
          <table className="table table-pin-rows" data-testid="quick-answers-table">
            <thead>
              <tr>
                <th className="w-40">
                  <Trans>Atalho</Trans>
                </th>
                <th>
                  <Trans>Mensagem</Trans>
                </th>
                <th className="w-28 text-right">
                  <Trans>Ações</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((qa) => (
                <tr
                  key={qa.id}
                  className="hover:bg-base-200/50"
                  data-testid="quick-answer-row"
                  data-shortcut={qa.shortcut}
                >
                  <td className="max-w-[10rem]">
                    <span className="badge badge-ghost max-w-full font-mono">
                      <span className="truncate">/{qa.shortcut}</span>
                    </span>
                  </td>
                  <td className="max-w-0 w-full">
                    <span className="block truncate text-sm" title={tooltipText(qa.message)}>
                      {previewText(qa.message)}
                    </span>
                  </td>
                  <td className="text-right">
                    <div className="inline-flex gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square"
                        onClick={() => setEditing(qa)}
                        aria-label={t`Editar`}
                        title={t`Editar`}
                        data-testid="quick-answer-edit"
                      >
                        <IconPencil size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm btn-square text-error"
                        onClick={() => setDeleting(qa)}
                        aria-label={t`Excluir`}
                        title={t`Excluir`}
                        data-testid="quick-answer-delete"
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
        <QuickAnswerDialog
          key={editing === 'new' ? 'new' : editing.id}
          quickAnswer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(qa) => {
            upsert(qa);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Excluir resposta rápida</Trans>}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? confirmDelete(deleting) : undefined)}
      >
        {deleting ? <DeleteText shortcut={deleting.shortcut} /> : null}
      </ConfirmDialog>
    </PageCard>
  );
}

function DeleteText({ shortcut }: { shortcut: string }) {
  return <Trans>Excluir a resposta rápida "/{shortcut}"? Esta ação não pode ser desfeita.</Trans>;
}
