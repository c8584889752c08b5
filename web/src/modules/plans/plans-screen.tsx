import { Trans, useLingui } from '@lingui/react/macro';
import { events, type PlanDto, type PlanEvent } from '@zapdesk/core';
import { useState } from 'react';
import { IconPackage } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { PlanDialog } from './plan-dialog';
import { useBillingTypeLabel, useRecurrenceLabel } from './plan-labels';
import { deletePlan, fetchPlansPage } from './plans-api';

const NONE = <span className="text-base-content/40">—</span>;

/**
 * Plans (/plans, spec 3 §2): the master's list with search, infinite scroll, the plan modal (creation mode too) and
 * delete. A user with payPanelAccess who is not master sees the list and opens plans read-only (spec 3 §6).
 */
export function PlansScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.managePlans && !caps.financialPanel) return <NoPermission />;
  return <PlansList master={caps.managePlans} />;
}

function PlansList({ master }: { master: boolean }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const recurrenceLabel = useRecurrenceLabel();
  const billingLabel = useBillingTypeLabel();
  const me = useSessionUser();
  const crud = useCrudList<PlanDto, PlanEvent>({
    fetchPage: fetchPlansPage,
    search,
    compare: byName,
    matches: (p, s) => textMatches([p.name, p.slogan], s),
    // plan-{companyId} (spec 3 §7): another master's tab follows
    channel: master && me ? events.plan.of(me.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.planId : e.plan),
    deleteItem: deletePlan,
    deletedMessage: t`Plano excluído com sucesso`,
  });

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Planos</Trans>}
      subtitle={<Trans>Limites, recursos e preços oferecidos às empresas</Trans>}
      testId="plans-page"
      add={master ? { label: <Trans>Novo plano</Trans>, testId: 'plan-add' } : undefined}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar planos`, testId: 'plans-search' }}
      scrollTestId="plans-scroll"
      empty={{
        icon: <IconPackage size={28} />,
        none: <Trans>Nenhum plano cadastrado</Trans>,
        noneHint: <Trans>Crie planos com os limites e recursos de cada oferta.</Trans>,
        noMatch: <Trans>Nenhum plano corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'plans-table',
        rowKey: (p) => p.id,
        rowTestId: 'plan-row',
        rowData: (p) => ({ 'data-name': p.name }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[16rem]',
            cell: (p) => (
              <div className="flex min-w-0 flex-col">
                <span className="truncate font-medium">
                  {p.name}
                  {p.isStandard ? (
                    <span className="badge badge-soft badge-primary badge-sm ml-2">
                      <Trans>Padrão</Trans>
                    </span>
                  ) : null}
                  {p.isPublic ? null : (
                    <span className="badge badge-soft badge-sm ml-2" data-testid="plan-private-badge">
                      <Trans>Privado</Trans>
                    </span>
                  )}
                </span>
                {p.slogan ? <span className="truncate text-xs text-base-content/60">{p.slogan}</span> : null}
              </div>
            ),
          },
          {
            key: 'limits',
            header: <Trans>Atendentes / Conexões</Trans>,
            headerClassName: 'hidden sm:table-cell',
            className: 'hidden tabular-nums sm:table-cell',
            testId: 'plan-limits',
            cell: (p) => `${p.numberAttendants} / ${p.numberConnections}`,
          },
          {
            key: 'recurrence',
            header: <Trans>Recorrência</Trans>,
            headerClassName: 'hidden md:table-cell',
            className: 'hidden md:table-cell',
            cell: (p) => `${recurrenceLabel(p.recurrence)} · ${billingLabel(p.billingType)}`,
          },
          ...(master
            ? [
                {
                  key: 'price',
                  header: <Trans>Mensal</Trans>,
                  headerClassName: 'hidden lg:table-cell',
                  className: 'hidden tabular-nums lg:table-cell',
                  testId: 'plan-price',
                  cell: (p: PlanDto) => (p.value1Month ? p.value1MonthBrl : NONE),
                },
              ]
            : []),
          ...(master
            ? [
                {
                  key: 'companies',
                  header: <Trans>Empresas</Trans>,
                  headerClassName: 'hidden xl:table-cell w-24 text-center',
                  className: 'hidden text-center tabular-nums xl:table-cell',
                  testId: 'plan-companies-count',
                  cell: (p: PlanDto) => p.companiesCount ?? 0,
                },
              ]
            : []),
          {
            key: 'status',
            header: <Trans>Situação</Trans>,
            headerClassName: 'hidden w-28 sm:table-cell',
            className: 'hidden sm:table-cell',
            testId: 'plan-status-cell',
            cell: (p) =>
              p.status ? (
                <span className="badge badge-soft badge-success badge-sm">
                  <Trans>Ativo</Trans>
                </span>
              ) : (
                <span className="badge badge-soft badge-sm">
                  <Trans>Inativo</Trans>
                </span>
              ),
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'plan', canDelete: () => master }}
      editor={(e) => <PlanDialog plan={e.item} master={master} onClose={e.onClose} onSaved={e.onSaved} />}
      deleteTitle={<Trans>Excluir plano</Trans>}
      deleteText={(p) => <DeleteText name={p.name} companies={p.companiesCount ?? 0} />}
    />
  );
}

/** Deleting a plan in use leaves its companies without a plan (DECISIONS: no new users or connections, campaigns
 * paused until another plan is picked): the confirmation says how many. */
function DeleteText({ name, companies }: { name: string; companies: number }) {
  return (
    <>
      <Trans>Excluir o plano "{name}"? Esta ação não pode ser desfeita.</Trans>
      {companies > 0 ? (
        <span className="mt-2 block font-medium" data-testid="plan-delete-in-use">
          <Trans>
            {companies} empresa(s) usam este plano e ficarão sem plano: não poderão adicionar usuários nem conexões e as
            campanhas serão pausadas até escolherem outro plano.
          </Trans>
        </span>
      ) : null}
    </>
  );
}
