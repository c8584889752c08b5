import { Trans, useLingui } from '@lingui/react/macro';
import type { IntegrationDto } from '@zapdesk/core';
import { useState } from 'react';
import { IconSparkles } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities } from '../auth/use-capabilities';
import { deleteIntegration, fetchIntegrationsPage } from './ai-api';
import { AiNav } from './ai-nav';
import { IntegrationDialog } from './integration-dialog';

/**
 * Integrations (/integration, spec 2 §2): search, infinite scroll, the add/edit dialog of the chat-AI kind (any
 * OpenAI-compatible server: name, apiUrl, apiToken, message, dataJson) and delete with a confirmation. The key is
 * shown masked: the server never sends it back. Administrators of a plan with AI integration only.
 */
export function IntegrationsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.useAi) return <NoPermission />;
  return <IntegrationsList />;
}

const MUTED = <span className="text-base-content/40">—</span>;

function IntegrationsList() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const crud = useCrudList<IntegrationDto, never>({
    fetchPage: fetchIntegrationsPage,
    search,
    compare: byName,
    matches: (i, s) => textMatches([i.name], s),
    channel: null,
    eventItem: () => 'reload',
    deleteItem: deleteIntegration,
    deletedMessage: t`Integração excluída com sucesso`,
  });

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Integrações</Trans>}
      subtitle={<Trans>Servidores de IA compatíveis com a API da OpenAI usados pelos prompts</Trans>}
      testId="integrations-page"
      actions={<AiNav active="integrations" />}
      add={{ label: <Trans>Adicionar integração</Trans>, testId: 'integration-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar integrações`, testId: 'integrations-search' }}
      scrollTestId="integrations-scroll"
      empty={{
        icon: <IconSparkles size={28} />,
        none: <Trans>Nenhuma integração cadastrada</Trans>,
        noneHint: <Trans>Cadastre o endereço e a chave de um modelo de IA para usar nos prompts.</Trans>,
        noMatch: <Trans>Nenhuma integração corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'integrations-table',
        rowKey: (i) => i.id,
        rowTestId: 'integration-row',
        rowData: (i) => ({ 'data-id': String(i.id), 'data-name': i.name }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[14rem] truncate font-medium',
            cell: (i) => <span title={i.name}>{i.name}</span>,
          },
          {
            key: 'type',
            header: <Trans>Tipo</Trans>,
            headerClassName: 'hidden md:table-cell',
            className: 'hidden md:table-cell',
            cell: () => <span className="badge badge-soft badge-sm">{t`Chat IA (OpenAI)`}</span>,
          },
          {
            key: 'apiUrl',
            header: <Trans>URL da API</Trans>,
            className: 'max-w-[20rem] truncate font-mono text-xs',
            testId: 'integration-url',
            cell: (i) => (i.apiUrl ? <span title={i.apiUrl}>{i.apiUrl}</span> : MUTED),
          },
          {
            key: 'apiToken',
            header: <Trans>Chave</Trans>,
            className: 'font-mono text-xs',
            testId: 'integration-token',
            cell: (i) => (i.hasApiToken ? i.apiToken : MUTED),
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'integration' }}
      editor={({ item, onClose, onSaved }) => (
        <IntegrationDialog integration={item} onClose={onClose} onSaved={onSaved} />
      )}
      deleteTitle={<Trans>Excluir integração</Trans>}
      deleteText={(i) => {
        const name = i.name;
        return (
          <Trans>
            Excluir a integração {name}? Os prompts que a usam deixam de responder. Esta ação não pode ser desfeita.
          </Trans>
        );
      }}
    />
  );
}
