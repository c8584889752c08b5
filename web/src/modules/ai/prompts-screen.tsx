import { Trans, useLingui } from '@lingui/react/macro';
import type { BotConfigDto } from '@zapdesk/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/errors';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconChat, IconSparkles } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { Modal } from '../../ui/modal';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { RowActionButton, RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { useCrudState } from '../../ui/use-crud-list';
import { textMatches, usePagedList } from '../../ui/use-paged-list';
import { useCapabilities } from '../auth/use-capabilities';
import { deletePrompt, fetchPrompt, fetchPromptsPage } from './ai-api';
import { AiNav } from './ai-nav';
import { AiUsageFigure } from './ai-usage';
import { PromptDialog } from './prompt-dialog';
import { PromptSimulator } from './prompt-simulator';

/** Spec 2 §7 / §9: after a delete the list refreshes 1.5 s later. */
export const PROMPT_LIST_REFRESH_MS = 1500;

/**
 * AI prompt management (/botConfig/{id?}, spec 2 §2): the chat-AI integration's prompts — search, create, a table
 * with model, prompt and actions (test, edit, delete). An id in the path opens that prompt's dialog. Delete asks
 * naming the prompt (irreversible for the user; the server keeps it as isDeleted). Administrators of a plan with AI
 * integration only (the drawer entry is disabled otherwise).
 */
export function PromptsScreen({ id }: { id?: string }) {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useAi) return <NoPermission />;
  return <PromptsList routeId={id} />;
}

type Editing = BotConfigDto | 'new' | null;

function PromptsList({ routeId }: { routeId?: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<BotConfigDto | null>(null);
  const list = usePagedList<BotConfigDto>({
    fetchPage: fetchPromptsPage,
    search,
    compare: (a, b) => b.id - a.id,
    matches: (p, s) => textMatches([p.name], s),
    onError: toastError,
  });
  const reloadRef = useRef(list.reload);
  reloadRef.current = list.reload;
  const crud = useCrudState<BotConfigDto>({
    deleteItem: deletePrompt,
    deletedMessage: t`Prompt excluído com sucesso`,
    onDeleted: (deletedId) => {
      list.remove(deletedId);
      setTimeout(() => reloadRef.current(), PROMPT_LIST_REFRESH_MS);
    },
  });

  // /botConfig/{id}: open that prompt's dialog
  useEffect(() => {
    const n = Number(routeId);
    if (!routeId || !Number.isInteger(n) || n <= 0) return;
    let alive = true;
    fetchPrompt(n)
      .then((p) => alive && setEditing(p))
      .catch((err) => {
        toastError(err);
        navigate('/botConfig', { replace: true });
      });
    return () => {
      alive = false;
    };
  }, [routeId, navigate]);

  const closeEditor = () => {
    setEditing(null);
    if (routeId) navigate('/botConfig', { replace: true });
  };

  return (
    <PageCard
      title={<Trans>Integração IA: prompts</Trans>}
      subtitle={<Trans>Prompts que respondem os clientes com um modelo de IA</Trans>}
      testId="prompts-page"
      actions={
        <>
          <AiNav active="prompts" />
          <AddButton onClick={() => setEditing('new')} testId="prompt-add">
            <Trans>Novo prompt</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <SearchInput
            onSearch={setSearch}
            placeholder={t`Pesquisar prompts`}
            className="w-full sm:w-80"
            testId="prompts-search"
          />
          <AiUsageFigure />
        </div>
      }
    >
      <PagedListBody
        list={list}
        testId="prompts-scroll"
        empty={
          <EmptyState
            icon={<IconSparkles size={28} />}
            title={search ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhum prompt cadastrado</Trans>}
            description={
              search ? (
                <Trans>Nenhum prompt corresponde à pesquisa.</Trans>
              ) : (
                <Trans>Crie um prompt e ligue-o a um bot (tipo prompt) para atender com IA.</Trans>
              )
            }
          />
        }
      >
        <DataTable
          items={list.items}
          testId="prompts-table"
          rowKey={(p) => p.id}
          rowTestId="prompt-row"
          rowData={(p) => ({ 'data-id': String(p.id), 'data-name': p.name })}
          actionsClassName="w-32"
          columns={[
            {
              key: 'model',
              header: <Trans>Modelo</Trans>,
              className: 'w-48 font-mono text-sm',
              testId: 'prompt-model-cell',
              cell: (p) => p.model,
            },
            {
              key: 'name',
              header: <Trans>Prompt</Trans>,
              className: 'max-w-[24rem] truncate font-medium',
              cell: (p) => <span title={p.name}>{p.name}</span>,
            },
          ]}
          actions={(p) => (
            <RowActions testIdPrefix="prompt" onEdit={() => setEditing(p)} onDelete={() => crud.setDeleting(p)}>
              <RowActionButton
                label={t`Testar prompt`}
                icon={<IconChat size={16} />}
                tone="primary"
                onClick={() => setTesting(p)}
                testId="prompt-test"
              />
            </RowActions>
          )}
        />
      </PagedListBody>
      {editing ? (
        <PromptDialog
          key={editing === 'new' ? 'new' : editing.id}
          prompt={editing === 'new' ? null : editing}
          onClose={closeEditor}
          onSaved={(p) => list.upsert(p)}
        />
      ) : null}
      {testing ? (
        <Modal open onClose={() => setTesting(null)} title={<Trans>Testar prompt</Trans>} testId="prompt-test-dialog">
          <div className="flex justify-center">
            <PromptSimulator botConfigId={testing.id} name={testing.name} />
          </div>
        </Modal>
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir prompt</Trans>}
        onConfirm={crud.confirmDelete}
        onClose={() => crud.setDeleting(null)}
      >
        {(p) => {
          const name = p.name;
          return (
            <Trans>
              Excluir o prompt {name}? Os bots que o usam deixam de responder com IA. Esta ação não pode ser desfeita.
            </Trans>
          );
        }}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}
