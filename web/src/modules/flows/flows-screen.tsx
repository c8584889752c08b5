import { Trans, useLingui } from '@lingui/react/macro';
import { events, type FlowEvent, type FlowSummaryDto } from '@zapdesk/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { IconFlow } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { deleteFlow, fetchFlowsPage } from './flows-api';

/** Flow list (spec 2 §2): search, add → /flowmanager/, a table with name and type, edit and delete. */
export function FlowsScreen() {
  const caps = useCapabilities();
  if (!caps?.manageFlows) return <NoPermission />;
  return <FlowsList />;
}

/** The list's add/edit opens the flow manager (a page of its own, not a dialog). */
function OpenManager({ id }: { id: number | null }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(id ? `/flowmanager/${id}` : '/flowmanager/'), [id, navigate]);
  return null;
}

function FlowsList() {
  const { t } = useLingui();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const crud = useCrudList<FlowSummaryDto, FlowEvent>({
    fetchPage: (s, page) => fetchFlowsPage(s, page),
    search,
    compare: byName,
    matches: (f, s) => textMatches([f.name], s),
    channel: user ? events.flow.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.flowId : e.flow),
    deleteItem: deleteFlow,
    deletedMessage: t`Fluxo excluído com sucesso`,
  });

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Fluxos</Trans>}
      subtitle={<Trans>Sequências de mensagens para o chat e os bots</Trans>}
      testId="flows-page"
      add={{ label: <Trans>Adicionar fluxo</Trans>, testId: 'flow-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar fluxos`, testId: 'flows-search' }}
      scrollTestId="flows-scroll"
      empty={{
        icon: <IconFlow size={28} />,
        none: <Trans>Nenhum fluxo cadastrado</Trans>,
        noneHint: <Trans>Monte uma sequência de mensagens e rode-a no chat com ';'.</Trans>,
        noMatch: <Trans>Nenhum fluxo corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'flows-table',
        rowKey: (f) => f.id,
        rowTestId: 'flow-row',
        rowData: (f) => ({ 'data-name': f.name }),
        columns: [
          { key: 'name', header: <Trans>Nome</Trans>, className: 'max-w-[16rem] truncate', cell: (f) => f.name },
          {
            key: 'type',
            header: <Trans>Tipo</Trans>,
            headerClassName: 'w-32',
            cell: (f) => <span className="badge badge-soft badge-primary badge-sm">{f.type}</span>,
          },
          {
            key: 'actions',
            header: <Trans>Nº de ações</Trans>,
            headerClassName: 'hidden w-32 text-center sm:table-cell',
            className: 'hidden text-center tabular-nums sm:table-cell',
            cell: (f) => f.actionsCount,
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'flow' }}
      editor={(e) => <OpenManager id={e.item?.id ?? null} />}
      deleteTitle={<Trans>Excluir fluxo</Trans>}
      deleteText={(f) => <Trans>Excluir o fluxo "{f.name}"? Esta ação não pode ser desfeita.</Trans>}
    />
  );
}
