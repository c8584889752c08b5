import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type BotSetupDto, type BotSetupEvent, canManageBotSetup, events } from '@zapdesk/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconArrowLeft, IconBot, IconSparkles } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { CopyRowButton, RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { useCrudList } from '../../ui/use-crud-list';
import { textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { BotSetupDialog } from './bot-setup-dialog';
import { deleteBotSetup, fetchBotSetupsPage } from './bots-api';

/** the commands screen of a setup (spec 2 §2: /Bots/{botSetupId}/{botSetupName}) */
export const botsPath = (s: { id: number; name: string }) => `/Bots/${s.id}/${encodeURIComponent(s.name)}`;

/**
 * Bot setups (/BotSetups, spec 2 §2): a back link to the bots list, a create button, a search box and a table (name,
 * connected WhatsApps, typing time, actions). Actions: manage (the commands) for common bots or Prompt
 * (/botConfig/{id}) for other types; edit; delete — for an admin or the owner, others only copy. Only with the
 * plan's bots (`useBots`).
 */
export function BotSetupsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useBots) return <NoPermission />;
  return <SetupsList />;
}

const PAD = 'px-2';
type Editor = { setup: BotSetupDto | null; copyOf: BotSetupDto | null } | null;

function SetupsList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [editor, setEditor] = useState<Editor>(null);
  const crud = useCrudList<BotSetupDto, BotSetupEvent>({
    fetchPage: async (s, page) => {
      const res = await fetchBotSetupsPage(s, page);
      setCount(res.count);
      return res;
    },
    search,
    compare: (a, b) => b.id - a.id,
    matches: (s, q) => textMatches([s.name], q),
    channel: me ? events.botSetup.of(me.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.botSetupId : e.botSetup),
    deleteItem: deleteBotSetup,
    deletedMessage: t`Bot excluído`,
  });
  const { list } = crud;

  return (
    <PageCard
      title={<Trans>Bots</Trans>}
      subtitle={
        count === null ? (
          <Trans>Chatbots que atendem os contatos nas conexões</Trans>
        ) : (
          <Plural value={count} _0="Nenhum bot" one="# bot" other="# bots" />
        )
      }
      testId="bot-setups-page"
      actions={
        <>
          <Link href="/Bots" className="btn btn-ghost btn-sm" data-testid="bot-setups-back">
            <IconArrowLeft size={16} />
            <Trans>Voltar</Trans>
          </Link>
          <AddButton onClick={() => setEditor({ setup: null, copyOf: null })} testId="bot-setup-add">
            <Trans>Novo bot</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar bot`}
          className="w-full sm:w-80"
          testId="bot-setups-search"
        />
      }
    >
      <PagedListBody
        list={list}
        testId="bot-setups-scroll"
        empty={
          <EmptyState
            icon={<IconBot size={28} />}
            title={search ? <Trans>Nenhum bot encontrado</Trans> : <Trans>Nenhum bot</Trans>}
            description={
              search ? undefined : <Trans>Crie um bot, escolha as conexões e monte o menu de comandos.</Trans>
            }
          />
        }
      >
        <DataTable
          items={list.items}
          testId="bot-setups-table"
          rowKey={(s) => s.id}
          rowTestId="bot-setup-row"
          rowData={(s) => ({ 'data-id': String(s.id), 'data-name': s.name })}
          actionsClassName="w-40 px-2"
          columns={[
            {
              key: 'name',
              header: <Trans>Nome</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[14rem] truncate font-medium`,
              cell: (s) => <span title={s.name}>{s.name}</span>,
            },
            {
              key: 'whatsapps',
              header: <Trans>WhatsApps conectados</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[16rem]`,
              testId: 'bot-setup-whatsapps',
              cell: (s) =>
                s.whatsapps.length ? (
                  <span className="flex flex-wrap gap-1">
                    {s.whatsapps.map((w) => (
                      <span key={w.id} className="badge badge-soft badge-sm max-w-[10rem] truncate" title={w.name}>
                        {w.name}
                      </span>
                    ))}
                  </span>
                ) : (
                  <span className="text-base-content/40">—</span>
                ),
            },
            {
              key: 'typing',
              header: <Trans>Tempo digitando</Trans>,
              headerClassName: `${PAD} hidden sm:table-cell`,
              className: `${PAD} hidden whitespace-nowrap sm:table-cell`,
              cell: (s) => `${s.typingTime}s`,
            },
          ]}
          actions={(s) => {
            const manage =
              s.botType === 'common' ? (
                <Link href={botsPath(s)} className="btn btn-ghost btn-xs" data-testid="bot-setup-manage">
                  <Trans>Gerenciar</Trans>
                </Link>
              ) : (
                <Link
                  href={`/botConfig/${s.botConfigId ?? ''}`}
                  className="btn btn-ghost btn-xs"
                  data-testid="bot-setup-prompt"
                >
                  <IconSparkles size={14} />
                  <Trans>Prompt</Trans>
                </Link>
              );
            const copy = (
              <CopyRowButton onClick={() => setEditor({ setup: null, copyOf: s })} testId="bot-setup-copy" />
            );
            return me && canManageBotSetup(me, s) ? (
              <RowActions
                testIdPrefix="bot-setup"
                onEdit={() => setEditor({ setup: s, copyOf: null })}
                onDelete={() => crud.setDeleting(s)}
              >
                {manage}
              </RowActions>
            ) : (
              copy
            );
          }}
        />
      </PagedListBody>
      {editor ? (
        <BotSetupDialog
          key={editor.setup?.id ?? `new-${editor.copyOf?.id ?? ''}`}
          setup={editor.setup}
          copyOf={editor.copyOf}
          onClose={() => setEditor(null)}
          onSaved={(s) => {
            list.upsert(s);
            setEditor(null);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir bot</Trans>}
        onConfirm={crud.confirmDelete}
        onClose={() => crud.setDeleting(null)}
      >
        {(s) => {
          const name = s.name;
          return <Trans>Excluir o bot {name} e todos os seus comandos? Esta ação não pode ser desfeita.</Trans>;
        }}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}
