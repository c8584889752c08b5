import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type CampaignSetupDto, type CampaignSetupEvent, events } from '@zapdesk/core';
import { useMemo, useState } from 'react';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconSliders } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { CopyRowButton, RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { useCrudList } from '../../ui/use-crud-list';
import { textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { CampaignNav } from '../campaigns/campaign-nav';
import { CampaignSetupDialog } from './campaign-setup-dialog';
import { deleteSetup, fetchSetupsPage } from './campaign-setups-api';
import { mayEditSetup } from './setup-form';

/**
 * Campaign setups (/CampaignSetups, spec 2 §2): the campaign menu, a create button, a search box and the table
 * (id, name, queue, connections, user, start mode, times max|min|interval, actions). Shown only when the company has
 * campaigns enabled (administrators: `useCampaigns`). Owner or admin edit and delete; anyone copies.
 */
export function CampaignSetupsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useCampaigns) return <NoPermission />;
  return <SetupsList />;
}

const PAD = 'px-2';
const MUTED = <span className="text-base-content/40">—</span>;

/** The open editor: a setup to edit, a new one (optionally copied from another), or none. */
type Editor = { setup: CampaignSetupDto | null; copyOf: CampaignSetupDto | null } | null;

function SetupsList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [editor, setEditor] = useState<Editor>(null);
  const crud = useCrudList<CampaignSetupDto, CampaignSetupEvent>({
    fetchPage: async (s, page) => {
      const res = await fetchSetupsPage(s, page);
      setCount(res.count);
      return res;
    },
    search,
    compare: (a, b) => b.id - a.id,
    matches: (s, q) => textMatches([s.name], q),
    channel: me ? events.campaignSetup.of(me.companyId) : null,
    eventItem: (e) => {
      if (e.action === 'create') setCount((c) => (c === null ? c : c + 1));
      if (e.action === 'delete') {
        setCount((c) => (c === null ? c : Math.max(0, c - 1)));
        return e.campaignSetupId;
      }
      return e.campaignSetup;
    },
    deleteItem: deleteSetup,
    deletedMessage: t`Configuração de campanha excluída`,
  });
  const { list } = crud;

  const subtitle = useMemo(
    () =>
      count === null ? (
        <Trans>Conexões, tempos e limites de segurança usados pelas campanhas</Trans>
      ) : (
        <Plural value={count} _0="Nenhuma configuração" one="# configuração" other="# configurações" />
      ),
    [count],
  );

  return (
    <PageCard
      title={<Trans>Configurações de Campanha</Trans>}
      subtitle={subtitle}
      testId="campaign-setups-page"
      actions={
        <>
          <CampaignNav active="setups" />
          <AddButton onClick={() => setEditor({ setup: null, copyOf: null })} testId="campaign-setup-add">
            <Trans>Nova configuração</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <SearchInput
          onSearch={setSearch}
          placeholder={t`Pesquisar configuração`}
          className="w-full sm:w-80"
          testId="campaign-setups-search"
        />
      }
    >
      <PagedListBody
        list={list}
        testId="campaign-setups-scroll"
        empty={
          <EmptyState
            icon={<IconSliders size={28} />}
            title={search ? <Trans>Nenhuma configuração encontrada</Trans> : <Trans>Nenhuma configuração</Trans>}
            description={
              search ? undefined : (
                <Trans>Crie uma configuração com as conexões e os tempos de envio para poder criar campanhas.</Trans>
              )
            }
          />
        }
      >
        <DataTable
          items={list.items}
          testId="campaign-setups-table"
          rowKey={(s) => s.id}
          rowTestId="campaign-setup-row"
          rowData={(s) => ({ 'data-id': String(s.id), 'data-name': s.name })}
          actionsClassName="w-32 px-2"
          columns={[
            {
              key: 'id',
              header: <Trans>Token</Trans>,
              headerClassName: PAD,
              className: `${PAD} w-16`,
              cell: (s) => <code className="rounded bg-base-200 px-1.5 py-0.5 text-xs">{s.id}</code>,
            },
            {
              key: 'name',
              header: <Trans>Nome</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[12rem] truncate font-medium`,
              cell: (s) => <span title={s.name}>{s.name}</span>,
            },
            {
              key: 'queue',
              header: <Trans>Fila</Trans>,
              headerClassName: `${PAD} hidden lg:table-cell`,
              className: `${PAD} hidden max-w-[8rem] truncate lg:table-cell`,
              cell: (s) => s.queue?.name ?? MUTED,
            },
            {
              key: 'whatsapps',
              header: <Trans>Conexões</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[14rem]`,
              testId: 'campaign-setup-whatsapps',
              cell: (s) => (
                <span className="flex flex-wrap gap-1">
                  {s.whatsapps.map((w) => (
                    <span key={w.id} className="badge badge-soft badge-sm max-w-[10rem] truncate" title={w.name}>
                      {w.name}
                    </span>
                  ))}
                </span>
              ),
            },
            {
              key: 'user',
              header: <Trans>Usuário</Trans>,
              headerClassName: `${PAD} hidden lg:table-cell`,
              className: `${PAD} hidden max-w-[8rem] truncate lg:table-cell`,
              cell: (s) => s.user?.name ?? MUTED,
            },
            {
              key: 'start',
              header: <Trans>Início</Trans>,
              headerClassName: `${PAD} hidden md:table-cell`,
              className: `${PAD} hidden whitespace-nowrap text-sm md:table-cell`,
              testId: 'campaign-setup-start',
              cell: (s) => (s.autoStart ? <Trans>Automático</Trans> : <Trans>Pausado</Trans>),
            },
            {
              key: 'times',
              header: <Trans>Tempos (máx | mín | intervalo)</Trans>,
              headerClassName: `${PAD} whitespace-normal`,
              className: `${PAD} whitespace-nowrap font-mono text-sm`,
              testId: 'campaign-setup-times',
              cell: (s) => `${s.tMax}s | ${s.tMin}s | ${s.interval}s`,
            },
          ]}
          actions={(s) => {
            const copy = (
              <CopyRowButton onClick={() => setEditor({ setup: null, copyOf: s })} testId="campaign-setup-copy" />
            );
            return mayEditSetup(me, s) ? (
              <RowActions
                testIdPrefix="campaign-setup"
                onEdit={() => setEditor({ setup: s, copyOf: null })}
                onDelete={() => crud.setDeleting(s)}
              >
                {copy}
              </RowActions>
            ) : (
              copy
            );
          }}
        />
      </PagedListBody>
      {editor ? (
        <CampaignSetupDialog
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
        title={<Trans>Excluir configuração</Trans>}
        onConfirm={crud.confirmDelete}
        onClose={() => crud.setDeleting(null)}
      >
        {(s) => {
          const name = s.name;
          return (
            <Trans>
              Excluir a configuração {name}? Configurações usadas por campanhas não finalizadas não podem ser excluídas.
              Esta ação não pode ser desfeita.
            </Trans>
          );
        }}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}
