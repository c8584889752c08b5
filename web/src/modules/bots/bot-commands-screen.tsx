import { Trans, useLingui } from '@lingui/react/macro';
import {
  type BotCommandDto,
  type BotSetupDto,
  canManageBotSetup,
  childrenOf,
  events,
  optionNumber,
} from '@zapdesk/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconBot, IconLayers, IconSliders } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { RowActions } from '../../ui/row-actions';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { BotCommandDialog } from './bot-command-dialog';
import { BotHierarchyDialog } from './bot-hierarchy-dialog';
import { botsPath } from './bot-setups-screen';
import { deleteBotCommand, fetchBotSetup, fetchBotSetupsPage, fetchSetupCommands } from './bots-api';
import { useCommandTypeLabel } from './command-labels';

/** The next free top-level path (1, 2, …): the dialog's suggestion for a new command. */
function nextTopPath(commands: BotCommandDto[]): string {
  const top = childrenOf(commands, '');
  return String(top.length ? Number(optionNumber(top[top.length - 1]?.commandBot ?? '0')) + 1 : 1);
}

/**
 * The commands of a bot setup (/Bots/{botSetupId}/{botSetupName}, spec 2 §2): columns command, description, command
 * type, actions; buttons setups (/BotSetups), hierarchy view, add. Without a setup in the path: the setups to pick.
 */
export function BotCommandsScreen({ botSetupId }: { botSetupId: number | null }) {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useBots) return <NoPermission />;
  return botSetupId ? <CommandsList botSetupId={botSetupId} /> : <SetupPicker />;
}

function SetupPicker() {
  const [setups, setSetups] = useState<BotSetupDto[] | null>(null);
  useEffect(() => {
    fetchBotSetupsPage('', 1)
      .then((p) => setSetups(p.items))
      .catch((err) => {
        toastError(err);
        setSetups([]);
      });
  }, []);
  return (
    <PageCard
      title={<Trans>Bots</Trans>}
      testId="bots-page"
      actions={
        <Link href="/BotSetups" className="btn btn-primary btn-sm" data-testid="bots-setups">
          <IconSliders size={16} />
          <Trans>Configurações</Trans>
        </Link>
      }
    >
      <div className="flex flex-col gap-2 p-4">
        {setups === null ? <span className="loading loading-dots" /> : null}
        {setups?.length === 0 ? <EmptyState icon={<IconBot size={28} />} title={<Trans>Nenhum bot</Trans>} /> : null}
        {setups?.map((s) => (
          <Link key={s.id} href={botsPath(s)} className="btn btn-ghost justify-start" data-testid="bots-pick">
            <IconBot size={16} /> {s.name}
          </Link>
        ))}
      </div>
    </PageCard>
  );
}

function CommandsList({ botSetupId }: { botSetupId: number }) {
  const { t } = useLingui();
  const me = useSessionUser();
  const typeLabel = useCommandTypeLabel();
  const [setup, setSetup] = useState<BotSetupDto | null>(null);
  const [commands, setCommands] = useState<BotCommandDto[] | null>(null);
  const [editing, setEditing] = useState<BotCommandDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BotCommandDto | null>(null);
  const [hierarchy, setHierarchy] = useState(false);

  const reload = useCallback(() => {
    fetchSetupCommands(botSetupId)
      .then(setCommands)
      .catch((err) => {
        toastError(err);
        setCommands([]);
      });
  }, [botSetupId]);
  useEffect(() => {
    fetchBotSetup(botSetupId).then(setSetup).catch(toastError);
    reload();
  }, [botSetupId, reload]);
  useSseChannel(me ? events.bot.of(me.companyId) : null, (e) => {
    if (
      e.action === 'reload' ? e.botSetupId === botSetupId : e.action === 'delete' || e.bot.botSetupId === botSetupId
    ) {
      reload();
    }
  });

  const canManage = !!me && !!setup && canManageBotSetup(me, setup);
  const name = setup?.name ?? '';

  return (
    <PageCard
      title={setup ? <Trans>Comandos do bot {name}</Trans> : <Trans>Comandos do bot</Trans>}
      testId="bot-commands-page"
      actions={
        <>
          <Link href="/BotSetups" className="btn btn-ghost btn-sm" data-testid="bot-commands-setups">
            <IconSliders size={16} />
            <Trans>Configurações</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setHierarchy(true)}
            data-testid="bot-commands-hierarchy"
          >
            <IconLayers size={16} />
            <Trans>Hierarquia</Trans>
          </button>
          {canManage ? (
            <AddButton onClick={() => setEditing('new')} testId="bot-command-add">
              <Trans>Novo comando</Trans>
            </AddButton>
          ) : null}
        </>
      }
    >
      <div className="min-h-0 flex-1 overflow-auto">
        {commands === null ? (
          <div className="p-6">
            <span className="loading loading-dots" />
          </div>
        ) : commands.length === 0 ? (
          <EmptyState
            icon={<IconBot size={28} />}
            title={<Trans>Nenhum comando</Trans>}
            description={<Trans>Crie o comando 1: a primeira opção do menu inicial.</Trans>}
          />
        ) : (
          <DataTable
            items={commands}
            testId="bot-commands-table"
            rowKey={(c) => c.id}
            rowTestId="bot-command-row"
            rowData={(c) => ({ 'data-id': String(c.id), 'data-path': c.commandBot })}
            actionsClassName="w-24 px-2"
            columns={[
              {
                key: 'command',
                header: <Trans>Comando</Trans>,
                className: 'px-2 font-mono',
                headerClassName: 'px-2',
                cell: (c) => (
                  <span style={{ paddingLeft: `${(c.commandBot.split('.').length - 1) * 1}rem` }}>{c.commandBot}</span>
                ),
              },
              {
                key: 'description',
                header: <Trans>Descrição</Trans>,
                className: 'px-2 max-w-[20rem] truncate',
                headerClassName: 'px-2',
                cell: (c) => c.descriptionBot,
              },
              {
                key: 'type',
                header: <Trans>Tipo do comando</Trans>,
                className: 'px-2 whitespace-nowrap',
                headerClassName: 'px-2',
                testId: 'bot-command-type-cell',
                cell: (c) => typeLabel(c.commandType),
              },
            ]}
            actions={(c) =>
              canManage ? (
                <RowActions testIdPrefix="bot-command" onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />
              ) : null
            }
          />
        )}
      </div>
      {editing && me ? (
        <BotCommandDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={me.companyId}
          botSetupId={botSetupId}
          command={editing === 'new' ? null : editing}
          suggestedPath={nextTopPath(commands ?? [])}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {hierarchy ? <BotHierarchyDialog commands={commands ?? []} onClose={() => setHierarchy(false)} /> : null}
      <ConfirmDeleteDialog
        item={deleting}
        title={<Trans>Excluir comando</Trans>}
        onConfirm={async (c) => {
          try {
            await deleteBotCommand(c.id);
            toast.success(t`Comando excluído`);
            setDeleting(null);
            reload();
          } catch (err) {
            toastError(err);
          }
        }}
        onClose={() => setDeleting(null)}
      >
        {(c) => {
          const path = c.commandBot;
          return (
            <Trans>
              Excluir o comando {path} e seus subcomandos? Os comandos seguintes sobem uma posição. Esta ação não pode
              ser desfeita.
            </Trans>
          );
        }}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}
