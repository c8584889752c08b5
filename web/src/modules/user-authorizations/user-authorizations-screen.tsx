import { Trans, useLingui } from '@lingui/react/macro';
import { events, type UserAuthorizationDto, type UserAuthorizationEvent } from '@zapdesk/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { IconArrowLeft, IconShield } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { RecordListPage } from '../../ui/record-list-page';
import { useCrudList } from '../../ui/use-crud-list';
import { byName, textMatches } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { GroupDialog } from './group-dialog';
import { GROUP_FLAGS } from './group-flags';
import { deleteGroup, fetchGroupsPage } from './user-authorizations-api';

/** Permission groups (/UserAuthorizations): managed by those who manage users. */
export function UserAuthorizationsScreen() {
  const caps = useCapabilities();
  if (!caps?.manageUsers) return <NoPermission />;
  return <GroupsList />;
}

function GroupsList() {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const crud = useCrudList<UserAuthorizationDto, UserAuthorizationEvent>({
    fetchPage: fetchGroupsPage,
    search,
    compare: byName,
    matches: (g, s) => textMatches([g.name], s),
    channel: user ? events.userAuthorization.of(user.companyId) : null,
    eventItem: (e) => (e.action === 'delete' ? e.userAuthorizationId : e.userAuthorization),
    deleteItem: deleteGroup,
    deletedMessage: t`Grupo de permissões excluído`,
  });

  return (
    <RecordListPage
      crud={crud}
      title={<Trans>Grupos de Permissões</Trans>}
      subtitle={<Trans>O que cada grupo de usuários pode ver e fazer</Trans>}
      testId="groups-page"
      actions={
        <Link href="/users" className="btn btn-ghost btn-sm" data-testid="groups-back">
          <IconArrowLeft size={16} />
          <Trans>Usuários</Trans>
        </Link>
      }
      add={{ label: <Trans>Adicionar grupo</Trans>, testId: 'group-add' }}
      search={{ onSearch: setSearch, placeholder: t`Pesquisar grupos`, testId: 'groups-search' }}
      scrollTestId="groups-scroll"
      empty={{
        icon: <IconShield size={28} />,
        none: <Trans>Nenhum grupo de permissões</Trans>,
        noneHint: <Trans>Crie grupos para definir o que cada equipe pode fazer.</Trans>,
        noMatch: <Trans>Nenhum grupo corresponde à pesquisa.</Trans>,
      }}
      searching={!!search}
      table={{
        testId: 'groups-table',
        rowKey: (g) => g.id,
        rowTestId: 'group-row',
        rowData: (g) => ({ 'data-name': g.name }),
        columns: [
          {
            key: 'name',
            header: <Trans>Nome</Trans>,
            className: 'max-w-[14rem]',
            cell: (g) => <span className="block truncate font-medium">{g.name}</span>,
          },
          {
            key: 'flags',
            header: <Trans>Permissões</Trans>,
            headerClassName: 'hidden md:table-cell',
            className: 'hidden md:table-cell',
            cell: (g) => {
              const on = GROUP_FLAGS.filter((f) => g[f.key]);
              return (
                <div className="flex flex-wrap gap-1">
                  {on.length === 0 ? (
                    <span className="text-sm text-base-content/50">
                      <Trans>Nenhuma permissão extra</Trans>
                    </span>
                  ) : (
                    on.map((f) => (
                      <span key={f.key} className="badge badge-soft badge-sm">
                        {i18n._(f.label)}
                      </span>
                    ))
                  )}
                </div>
              );
            },
          },
        ],
      }}
      rowActions={{ testIdPrefix: 'group' }}
      editor={(e) => <GroupDialog group={e.item} onClose={e.onClose} onSaved={e.onSaved} />}
      deleteTitle={<Trans>Excluir grupo de permissões</Trans>}
      deleteText={(g) => <DeleteText name={g.name} />}
    />
  );
}

function DeleteText({ name }: { name: string }) {
  return (
    <Trans>
      Excluir o grupo "{name}"? Os usuários deste grupo ficarão sem grupo de permissões. Esta ação não pode ser
      desfeita.
    </Trans>
  );
}
