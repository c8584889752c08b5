import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { IconBell, IconPlus } from '../../ui/icons';
import { RowActions } from '../../ui/row-actions';
import { editorOf, useCrudList } from '../../ui/use-crud-list';
import { byName } from '../../ui/use-paged-list';
import { CompanySection } from '../companies/company-page-shell';
import { isDaysNotice, NOTICE_ORDER } from './notice-labels';
import { CHANNELS, type Channel, deleteSubscription, fetchSubscriptions, type SubscriptionDto } from './notices-api';
import { SubscriptionDialog } from './subscription-dialog';

/**
 * The notification subscriptions block of a company page (spec 3 §2 Company detail, /companiesManager/{id} and
 * /clientCompanyManager): who receives the billing notices by e-mail and WhatsApp, with which notices. The master
 * adds, removes and edits everything; a payPanelAccess user changes the notices of the existing contacts.
 */
export function SubscriptionsBlock({ companyId, master }: { companyId: number; master: boolean }) {
  const { t } = useLingui();
  const crud = useCrudList<SubscriptionDto, never>({
    fetchPage: async () => ({ items: await fetchSubscriptions(companyId), hasMore: false }),
    search: '',
    compare: (a, b) => byName({ name: a.contactName }, { name: b.contactName }),
    channel: null,
    eventItem: () => 'reload',
    deleteItem: (id) => deleteSubscription(id, companyId),
    deletedMessage: t`Assinatura excluída com sucesso`,
  });
  const open = editorOf(crud.editing);
  const { items, initialLoading } = crud.list;

  return (
    <CompanySection
      icon={<IconBell size={18} />}
      title={<Trans>Assinaturas de notificações</Trans>}
      description={<Trans>Quem recebe os avisos de cobrança por e-mail e WhatsApp.</Trans>}
      testId="company-notifications-section"
      actions={
        master ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => crud.setEditing('new')}
            data-testid="subscription-add"
          >
            <IconPlus size={16} />
            <Trans>Adicionar</Trans>
          </button>
        ) : undefined
      }
    >
      {initialLoading ? (
        <span className="loading loading-dots loading-sm" />
      ) : items.length === 0 ? (
        <p className="text-sm text-base-content/60" data-testid="subscriptions-empty">
          {master ? (
            <Trans>Nenhum contato recebe os avisos de cobrança. Adicione um contato.</Trans>
          ) : (
            <Trans>Nenhum contato recebe os avisos de cobrança.</Trans>
          )}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            items={items}
            testId="subscriptions-table"
            rowTestId="subscription-row"
            rowKey={(s) => s.id}
            rowData={(s) => ({ 'data-name': s.contactName })}
            className="table-sm"
            actionsClassName="w-24"
            columns={[
              {
                key: 'name',
                header: <Trans>Contato</Trans>,
                className: 'max-w-[12rem] truncate font-medium',
                cell: (s) => s.contactName,
              },
              {
                key: 'email',
                header: <Trans>E-mail</Trans>,
                headerClassName: 'hidden md:table-cell',
                className: 'hidden max-w-[14rem] truncate md:table-cell',
                cell: (s) => s.email || <span className="text-base-content/40">—</span>,
              },
              {
                key: 'whatsapp',
                header: <Trans>WhatsApp</Trans>,
                testId: 'subscription-row-whatsapp',
                cell: (s) => <WhatsappCell s={s} />,
              },
              {
                key: 'notices',
                header: <Trans>Avisos ativos</Trans>,
                headerClassName: 'hidden sm:table-cell',
                className: 'hidden sm:table-cell',
                testId: 'subscription-row-notices',
                cell: (s) => (
                  <span className="inline-flex gap-1.5">
                    {CHANNELS.map((ch) => (
                      <span key={ch} className="badge badge-soft badge-sm tabular-nums">
                        {ch === 'Wp' ? 'WhatsApp' : t`E-mail`} {activeNotices(s, ch)}/{NOTICE_ORDER.length}
                      </span>
                    ))}
                  </span>
                ),
              },
            ]}
            actions={(s) => (
              <RowActions
                testIdPrefix="subscription"
                onEdit={() => crud.setEditing(s)}
                onDelete={master ? () => crud.setDeleting(s) : undefined}
              />
            )}
          />
        </div>
      )}
      {open ? (
        <Fragment key={open.key}>
          <SubscriptionDialog
            companyId={companyId}
            subscription={open.item}
            master={master}
            onClose={() => crud.setEditing(null)}
            onSaved={crud.saved}
          />
        </Fragment>
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir assinatura</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(s) => <Trans>Excluir a assinatura de "{s.contactName}"? Ele deixará de receber os avisos de cobrança.</Trans>}
      </ConfirmDeleteDialog>
    </CompanySection>
  );
}

/** how many of a channel's notices are on (a day notice set to Desativado is off) */
export function activeNotices(s: SubscriptionDto, ch: Channel): number {
  return NOTICE_ORDER.filter((n) => {
    const v = (s as Record<string, unknown>)[`${n}${ch}`];
    return isDaysNotice(n) ? Number(v) > 0 : v === true;
  }).length;
}

function WhatsappCell({ s }: { s: SubscriptionDto }) {
  const { t } = useLingui();
  if (!s.whatsapp) return <span className="text-base-content/40">—</span>;
  const valid = s.whatsappVAlidatedNumber === 'valido';
  const invalid = s.whatsappVAlidatedNumber === 'invalido';
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {s.whatsapp}
      {valid ? (
        <span className="badge badge-soft badge-success badge-xs" title={t`Este numero possui um WhatsApp`}>
          <Trans>válido</Trans>
        </span>
      ) : invalid ? (
        <span className="badge badge-soft badge-error badge-xs" title={t`Este numero não possui um WhatsApp`}>
          <Trans>inválido</Trans>
        </span>
      ) : null}
    </span>
  );
}
