import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { IconReceipt, IconTrash, IconWallet } from '../../ui/icons';
import { RowActionButton } from '../../ui/row-actions';
import { useBillingTypeLabel } from '../plans/plan-labels';
import { InvoiceStatusIcon } from './invoice-status';
import { formatInvoiceDay, invoiceValue } from './invoice-values';
import type { InvoiceDto } from './invoices-api';

const NONE = <span className="text-base-content/40">—</span>;

/**
 * The invoice rows of /invoices and of the company page's invoices block (spec 3 §4): period, value, billing type,
 * due date, status (icon + tooltip), pay date — on a phone (390 px) the company, its value and due date stacked, the
 * status icon and the actions; pay only for PENDING with a payment link (opens the gateway's page),
 * the receipt when the gateway gave one, delete (master, PENDING) through `onDelete`.
 */
export function InvoiceTable({
  items,
  showCompany,
  onDelete,
  testId,
}: {
  items: readonly InvoiceDto[];
  showCompany: boolean;
  /** the master's delete (asks first); absent: no delete column */
  onDelete?: (invoice: InvoiceDto) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const billingLabel = useBillingTypeLabel();
  const columns: DataColumn<InvoiceDto>[] = [
    ...(showCompany
      ? [
          {
            key: 'company',
            header: <Trans>Empresa</Trans>,
            className: 'max-w-[10rem] sm:max-w-[13rem]',
            testId: 'invoice-company',
            cell: (i: InvoiceDto) => (
              <>
                <span className="block truncate font-medium">{i.companyName}</span>
                {/* a phone: the value and the due date ride under the company (the value column is hidden) */}
                <span className="block truncate text-xs tabular-nums text-base-content/60 sm:hidden">
                  {invoiceValue(i)} · {formatInvoiceDay(i.dueDate)}
                </span>
              </>
            ),
          },
        ]
      : []),
    {
      key: 'period',
      header: <Trans>Período</Trans>,
      headerClassName: 'hidden sm:table-cell',
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
      testId: 'invoice-period',
      cell: (i) => `${formatInvoiceDay(i.startInvoicePeriod)} – ${formatInvoiceDay(i.endInvoicePeriod)}`,
    },
    {
      key: 'value',
      header: <Trans>Valor</Trans>,
      // with the company column, a phone shows the value under the company
      headerClassName: showCompany ? 'hidden text-right sm:table-cell' : 'text-right',
      className: `whitespace-nowrap text-right tabular-nums ${showCompany ? 'hidden sm:table-cell' : ''}`,
      testId: 'invoice-value',
      cell: (i) => (
        <>
          {invoiceValue(i)}
          {/* narrow screens: the due date rides under the value */}
          <span className="block text-xs text-base-content/60 sm:hidden">{formatInvoiceDay(i.dueDate)}</span>
        </>
      ),
    },
    {
      key: 'billing',
      header: <Trans>Cobrança</Trans>,
      headerClassName: 'hidden lg:table-cell',
      className: 'hidden whitespace-nowrap lg:table-cell',
      cell: (i) => billingLabel(i.billingType),
    },
    {
      key: 'due',
      header: <Trans>Vencimento</Trans>,
      headerClassName: 'hidden sm:table-cell',
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
      testId: 'invoice-due',
      cell: (i) => formatInvoiceDay(i.dueDate),
    },
    {
      key: 'status',
      // a phone shows the status as its icon: the header's word would widen the column past the screen
      header: (
        <span className="max-sm:sr-only">
          <Trans>Situação</Trans>
        </span>
      ),
      cell: (i) => <InvoiceStatusIcon status={i.status} />,
    },
    {
      key: 'payDate',
      header: <Trans>Pagamento</Trans>,
      headerClassName: 'hidden md:table-cell',
      className: 'hidden whitespace-nowrap tabular-nums md:table-cell',
      testId: 'invoice-pay-date',
      cell: (i) => (i.payDate ? formatInvoiceDay(i.payDate) : NONE),
    },
  ];
  return (
    <DataTable
      items={items}
      testId={testId}
      rowTestId="invoice-row"
      rowKey={(i) => i.id}
      rowData={(i) => ({ 'data-id': String(i.id), 'data-status': i.status, 'data-company': i.companyName })}
      className="table-sm"
      actionsClassName={showCompany ? 'w-24' : 'w-32'}
      columns={columns}
      actions={(i) => (
        <>
          {i.status === 'PENDING' && i.paymentLink ? (
            <LinkAction
              href={i.paymentLink}
              label={t`Pagar`}
              icon={<IconWallet size={16} />}
              tone="primary"
              withLabel={!showCompany}
              testId="invoice-pay"
            />
          ) : null}
          {i.transactionReceiptUrl ? (
            <LinkAction
              href={i.transactionReceiptUrl}
              label={t`Ver recibo`}
              icon={<IconReceipt size={16} />}
              withLabel={!showCompany}
              testId="invoice-receipt"
            />
          ) : null}
          {onDelete && i.status === 'PENDING' ? (
            <RowActionButton
              label={t`Excluir fatura`}
              icon={<IconTrash size={16} />}
              tone="error"
              onClick={() => onDelete(i)}
              testId="invoice-delete"
            />
          ) : null}
        </>
      )}
    />
  );
}

/** A row action that opens the gateway's page (payment, receipt) in a new tab. */
function LinkAction({
  href,
  label,
  icon,
  tone,
  withLabel,
  testId,
}: {
  href: string;
  label: string;
  icon: ReactNode;
  tone?: 'primary';
  /** the label beside the icon (the company page's roomy table); else the icon, the label as its tooltip */
  withLabel: boolean;
  testId: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`btn btn-ghost btn-sm ${withLabel ? '' : 'btn-square'} ${tone === 'primary' ? 'text-primary' : ''}`}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {icon}
      {withLabel ? <span className="hidden sm:inline">{label}</span> : null}
    </a>
  );
}
