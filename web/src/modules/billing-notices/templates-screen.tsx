import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { IconBell } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities } from '../auth/use-capabilities';
import { deleteTemplate, fetchTemplates, type TemplateDto } from './notices-api';
import { useNoticeKindLabel, useTemplateTypeLabel } from './template-labels';

/**
 * /notificationTemplatelist (spec 3 §2, master): the billing notification templates; add and edit open the editor
 * (/notificationTemplateManager/{id?}). The list is short (one per notice kind at most): searched here.
 */
export function TemplatesScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.manageNotificationTemplates) return <NoPermission />;
  return <TemplatesList />;
}

const matches = (x: TemplateDto, s: string) => textMatches([x.name, x.emailTitle], s);

function TemplatesList() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const typeLabel = useTemplateTypeLabel();
  const noticeLabel = useNoticeKindLabel();
  const crud = useCrudList<TemplateDto, never>({
    fetchPage: async (s) => ({
      items: (await fetchTemplates()).filter((x) => matches(x, s)).sort(byName),
      hasMore: false,
    }),
    search,
    compare: byName,
    matches,
    channel: null,
    eventItem: () => 'reload',
    deleteItem: deleteTemplate,
    deletedMessage: t`Modelo excluído com sucesso`,
  });
  const edit = (x: TemplateDto | null) => navigate(`/notificationTemplateManager/${x ? x.id : ''}`);

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Modelos de Notificação</Trans>}
      subtitle={<Trans>Os textos dos avisos de cobrança por WhatsApp e e-mail</Trans>}
      testId="templates-page"
      add={{ label: <Trans>Adicionar modelo</Trans>, testId: 'template-add', onClick: () => edit(null) }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar modelos`, testId: 'templates-search' }}
      scrollTestId="templates-scroll"
      empty={{
        icon: <IconBell size={28} />,
        none: <Trans>Nenhum modelo cadastrado</Trans>,
        noneHint: <Trans>Crie os modelos das mensagens de cobrança enviadas aos clientes.</Trans>,
        noMatch: <Trans>Nenhum modelo corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'templates-table',
        rowKey: (x) => x.id,
        rowTestId: 'template-row',
        rowData: (x) => ({ 'data-name': x.name }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[16rem] truncate font-medium',
            cell: (x) => (
              <button type="button" className="link link-hover truncate" onClick={() => edit(x)}>
                {x.name}
              </button>
            ),
          },
          {
            key: 'type',
            header: <Trans>Tipo</Trans>,
            headerClassName: 'w-32',
            cell: (x) => <span className="badge badge-soft badge-primary badge-sm">{typeLabel(x.type)}</span>,
          },
          {
            key: 'notice',
            header: <Trans>Aviso</Trans>,
            headerClassName: 'w-48',
            testId: 'template-row-notice',
            cell: (x) => noticeLabel(x.notice),
          },
          {
            key: 'title',
            header: <Trans>Título do e-mail</Trans>,
            headerClassName: 'hidden md:table-cell',
            className: 'hidden max-w-[24rem] truncate text-base-content/70 md:table-cell',
            cell: (x) => x.emailTitle || '—',
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'template', onEdit: edit }}
      editor={() => null}
      deleteTitle={<Trans>Excluir modelo</Trans>}
      deleteText={(x) => (
        <Trans>Excluir o modelo "{x.name}"? Os avisos que o usam deixarão de ser enviados com ele.</Trans>
      )}
    />
  );
}
