import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type CampaignDto, type CampaignListEvent, events } from '@zapdesk/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconCalendar, IconMegaphone, IconSliders, IconTrash } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { AddButton, PageCard } from '../../ui/page-card';
import { CopyRowButton, RowActionButton } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { useCrudList } from '../../ui/use-crud-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { CampaignStatusBadge, When } from './campaign-cells';
import { CampaignNav } from './campaign-nav';
import { canManageCampaign, schedulable } from './campaign-rules';
import { CampaignScheduleDialog } from './campaign-schedule-dialog';
import { deleteCampaign, fetchCampaignsPage } from './campaigns-api';

/** Campaigns (/Campaigns, spec 2 §2): shown when the company has campaigns enabled (administrators). */
export function CampaignsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useCampaigns) return <NoPermission />;
  return <CampaignsList />;
}

const PAD = 'px-2';

function CampaignsList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [scheduling, setScheduling] = useState<CampaignDto | null>(null);
  const crud = useCrudList<CampaignDto, CampaignListEvent>({
    fetchPage: async (s, page) => {
      const res = await fetchCampaignsPage(s, page);
      setCount(res.count);
      return res;
    },
    search,
    compare: (a, b) => b.id - a.id,
    matches: (c, s) => !s || c.name.toLowerCase().includes(s),
    // live: a campaign created, moved (status, schedule) or deleted anywhere shows at once
    channel: me ? events.campaigns.of(me.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.campaignId : e.campaign),
    deleteItem: deleteCampaign,
    deletedMessage: t`Campanha excluída`,
  });
  const { list } = crud;

  const subtitle = useMemo(
    () =>
      count === null ? (
        <Trans>Mensagens em massa pelas configurações de campanha</Trans>
      ) : (
        <Plural value={count} _0="Nenhuma campanha" one="# campanha" other="# campanhas" />
      ),
    [count],
  );

  return (
    <PageCard
      title={<Trans>Campanhas</Trans>}
      subtitle={subtitle}
      testId="campaigns-page"
      actions={
        <>
          <CampaignNav active="campaigns" />
          <AddButton onClick={() => navigate('/CampaignsCreator')} testId="campaigns-add">
            <Trans>Nova campanha</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <SearchInput
          onSearch={(s) => setSearch(s.toLowerCase())}
          placeholder={t`Pesquisar campanha`}
          className="w-full sm:w-80"
          testId="campaigns-search"
        />
      }
    >
      <PagedListBody
        list={list}
        testId="campaigns-scroll"
        empty={
          <EmptyState
            icon={<IconMegaphone size={28} />}
            title={search ? <Trans>Nenhuma campanha encontrada</Trans> : <Trans>Nenhuma campanha</Trans>}
            description={
              search ? undefined : (
                <Trans>Crie uma campanha para enviar mensagens a uma lista de contatos pelas suas conexões.</Trans>
              )
            }
          />
        }
      >
        <DataTable
          items={list.items}
          testId="campaigns-table"
          rowKey={(c) => c.id}
          rowTestId="campaign-row"
          rowData={(c) => ({ 'data-id': String(c.id), 'data-name': c.name, 'data-status': c.status })}
          actionsClassName="w-40 px-2"
          columns={[
            {
              key: 'name',
              header: <Trans>Nome</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[14rem] truncate font-medium`,
              cell: (c) => (
                <button
                  type="button"
                  className="link link-hover block max-w-full truncate text-left"
                  title={c.name}
                  onClick={() => navigate(`/CampaignsManager/${c.id}`)}
                >
                  {c.name}
                </button>
              ),
            },
            {
              key: 'setup',
              header: <Trans>Configuração</Trans>,
              headerClassName: PAD,
              className: `${PAD} max-w-[10rem] truncate`,
              cell: (c) => <span title={c.campaignSetup?.name}>{c.campaignSetup?.name ?? '—'}</span>,
            },
            {
              key: 'status',
              header: <Trans>Status</Trans>,
              headerClassName: PAD,
              className: PAD,
              cell: (c) => <CampaignStatusBadge status={c.status} testId="campaign-status" />,
            },
            {
              key: 'schedule',
              header: <Trans>Agendamento</Trans>,
              headerClassName: PAD,
              className: `${PAD} text-sm`,
              cell: (c) => <When iso={c.schedule} compact />,
            },
            {
              key: 'initialized',
              header: <Trans>Iniciada</Trans>,
              headerClassName: `${PAD} hidden md:table-cell`,
              className: `${PAD} hidden text-sm md:table-cell`,
              cell: (c) => <When iso={c.initialized} compact />,
            },
            {
              key: 'finalized',
              header: <Trans>Finalizada</Trans>,
              headerClassName: `${PAD} hidden md:table-cell`,
              className: `${PAD} hidden text-sm md:table-cell`,
              cell: (c) => <When iso={c.finalized} compact />,
            },
          ]}
          actions={(c) => {
            const manage = canManageCampaign(me, c);
            return (
              <>
                <CopyRowButton onClick={() => navigate(`/CampaignsCreator/${c.id}`)} testId="campaign-copy" />
                {manage ? (
                  <>
                    {schedulable(c.status) ? (
                      <RowActionButton
                        label={t`Agendar`}
                        icon={<IconCalendar size={16} />}
                        onClick={() => setScheduling(c)}
                        testId="campaign-schedule"
                      />
                    ) : null}
                    <RowActionButton
                      label={t`Gerenciar`}
                      icon={<IconSliders size={16} />}
                      tone="primary"
                      onClick={() => navigate(`/CampaignsManager/${c.id}`)}
                      testId="campaign-manage"
                    />
                    <RowActionButton
                      label={t`Excluir`}
                      icon={<IconTrash size={16} />}
                      tone="error"
                      onClick={() => crud.setDeleting(c)}
                      testId="campaign-delete"
                    />
                  </>
                ) : null}
              </>
            );
          }}
        />
      </PagedListBody>
      {scheduling ? (
        <CampaignScheduleDialog
          campaign={scheduling}
          onClose={() => setScheduling(null)}
          onSaved={(c) => {
            list.upsert(c);
            setScheduling(null);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir campanha</Trans>}
        onConfirm={crud.confirmDelete}
        onClose={() => crud.setDeleting(null)}
      >
        {(c) => {
          const name = c.name;
          return (
            <Trans>
              Excluir a campanha {name} e todos os seus envios? Os envios pendentes não serão feitos. Esta ação não pode
              ser desfeita.
            </Trans>
          );
        }}
      </ConfirmDeleteDialog>
    </PageCard>
  );
}
