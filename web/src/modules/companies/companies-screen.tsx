import { Trans, useLingui } from '@lingui/react/macro';
import { type CompanyDto, formatDocumentNumber } from '@zapdesk/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { IconBuilding } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { deleteCompany, fetchCompaniesPage } from './companies-api';
import { CompanyStatusBadge } from './company-bits';
import { formatDay } from './company-values';

const NONE = <span className="text-base-content/40">—</span>;

/**
 * Companies (/companies, spec 3 §2): the master's list with search and infinite scroll; add opens /CreateNewCompany,
 * edit /companiesManager/{id}; delete asks first and says the removal runs in the background and may take minutes.
 */
export function CompaniesScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.manageCompanies) return <NoPermission />;
  return <CompaniesList />;
}

function CompaniesList() {
  const { t } = useLingui();
  const me = useSessionUser();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const crud = useCrudList<CompanyDto, never>({
    fetchPage: fetchCompaniesPage,
    search,
    compare: byName,
    matches: (c, s) => textMatches([c.name, c.companyName, c.email, c.documentNumber], s),
    channel: null,
    eventItem: () => 'reload',
    deleteItem: deleteCompany,
    deletedMessage: t`Exclusão iniciada: a remoção de todos os dados da empresa pode levar alguns minutos.`,
  });

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Empresas</Trans>}
      subtitle={<Trans>Empresas clientes da plataforma</Trans>}
      testId="companies-page"
      add={{
        label: <Trans>Nova empresa</Trans>,
        testId: 'company-add',
        onClick: () => navigate('/CreateNewCompany'),
      }}
      search={{
        onSearch: setSearch,
        placeholder: t`Pesquisar por nome, e-mail ou documento`,
        testId: 'companies-search',
      }}
      scrollTestId="companies-scroll"
      empty={{
        icon: <IconBuilding size={28} />,
        none: <Trans>Nenhuma empresa cadastrada</Trans>,
        noMatch: <Trans>Nenhuma empresa corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'companies-table',
        rowKey: (c) => c.id,
        rowTestId: 'company-row',
        rowData: (c) => ({ 'data-name': c.name, 'data-id': String(c.id) }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[16rem]',
            cell: (c) => (
              <div className="flex min-w-0 flex-col">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium">{c.name}</span>
                  {/* narrow screens: the status column is hidden, the badge rides with the name */}
                  <span className="sm:hidden">
                    <CompanyStatusBadge active={c.status === 1} />
                  </span>
                </span>
                {c.companyName && c.companyName !== c.name ? (
                  <span className="truncate text-xs text-base-content/60">{c.companyName}</span>
                ) : null}
              </div>
            ),
          },
          {
            key: 'email',
            header: <Trans>E-mail</Trans>,
            headerClassName: 'hidden md:table-cell',
            className: 'hidden max-w-[14rem] truncate md:table-cell',
            cell: (c) => c.email || NONE,
          },
          {
            key: 'plan',
            header: <Trans>Plano</Trans>,
            headerClassName: 'hidden sm:table-cell',
            className: 'hidden max-w-[10rem] truncate sm:table-cell',
            testId: 'company-plan-cell',
            cell: (c) => c.planName || NONE,
          },
          {
            key: 'usage',
            header: <Trans>Usuários / Conexões</Trans>,
            headerClassName: 'hidden xl:table-cell',
            className: 'hidden tabular-nums xl:table-cell',
            cell: (c) => `${c.usersCount}/${c.numberAttendants} · ${c.connectionsCount}/${c.numberConections}`,
          },
          {
            key: 'document',
            header: <Trans>CPF / CNPJ</Trans>,
            headerClassName: 'hidden 2xl:table-cell',
            className: 'hidden whitespace-nowrap tabular-nums 2xl:table-cell',
            cell: (c) => (c.documentNumber ? formatDocumentNumber(c.documentNumber) : NONE),
          },
          {
            key: 'createdAt',
            header: <Trans>Criada em</Trans>,
            headerClassName: 'hidden 2xl:table-cell w-28',
            className: 'hidden tabular-nums 2xl:table-cell',
            cell: (c) => formatDay(c.createdAt),
          },
          {
            key: 'status',
            header: <Trans>Situação</Trans>,
            headerClassName: 'hidden w-28 sm:table-cell',
            className: 'hidden sm:table-cell',
            testId: 'company-status-cell',
            cell: (c) => <CompanyStatusBadge active={c.status === 1} />,
          },
        ],
      }}
      rowActions={{
        testIdPrefix: 'company',
        // the master's own company (the platform) is not deleted from here
        canDelete: (c) => c.id !== me?.companyId,
        onEdit: (c) => navigate(`/companiesManager/${c.id}`),
      }}
      editor={() => null}
      deleteTitle={<Trans>Excluir empresa</Trans>}
      deleteText={(c) => <DeleteText name={c.name} />}
    />
  );
}

function DeleteText({ name }: { name: string }) {
  return (
    <Trans>
      Excluir a empresa "{name}"? Todos os usuários, conexões, contatos, tickets e arquivos dela serão removidos. Esta
      ação não pode ser desfeita.
    </Trans>
  );
}
