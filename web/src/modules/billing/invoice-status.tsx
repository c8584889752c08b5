import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { IconAlert, IconCheckCheck, IconCircleCheck, IconClock } from '../../ui/icons';
import type { InvoiceStatus } from './invoices-api';

type StatusLook = { label: MessageDescriptor; tip: MessageDescriptor; tone: string; icon: ReactNode };

/** Spec 3 §4: each invoice status with its icon and tooltip. */
export const INVOICE_STATUS_LOOK: Record<InvoiceStatus, StatusLook> = {
  PENDING: {
    label: msg`Pendente`,
    tip: msg`Aguardando pagamento até o vencimento`,
    tone: 'text-warning',
    icon: <IconClock size={16} />,
  },
  OVERDUE: {
    label: msg`Vencida`,
    tip: msg`O vencimento passou e o pagamento não foi identificado`,
    tone: 'text-error',
    icon: <IconAlert size={16} />,
  },
  RECEIVED: {
    label: msg`Recebida`,
    tip: msg`Pagamento recebido`,
    tone: 'text-success',
    icon: <IconCheckCheck size={16} />,
  },
  CONFIRMED: {
    label: msg`Confirmada`,
    tip: msg`Pagamento confirmado pelo meio de pagamento`,
    tone: 'text-success',
    icon: <IconCircleCheck size={16} />,
  },
};

export function InvoiceStatusIcon({ status }: { status: InvoiceStatus }) {
  const { i18n } = useLingui();
  const look = INVOICE_STATUS_LOOK[status] ?? INVOICE_STATUS_LOOK.PENDING;
  return (
    // a phone's status sits near the right edge: its tip opens to the left (to the right it widened the list)
    <span
      className="tooltip tooltip-left sm:tooltip-right before:max-w-56 before:whitespace-normal"
      data-tip={i18n._(look.tip)}
    >
      <span
        className={`inline-flex items-center gap-1.5 whitespace-nowrap text-sm font-medium ${look.tone}`}
        data-testid="invoice-status"
        data-status={status}
        aria-label={i18n._(look.tip)}
      >
        {look.icon}
        {/* narrow screens: the icon, its tooltip and accessible name say it */}
        <span className="hidden sm:inline">{i18n._(look.label)}</span>
      </span>
    </span>
  );
}

export function useInvoiceStatusLabel(): (s: InvoiceStatus) => string {
  const { i18n } = useLingui();
  return (s) => i18n._(INVOICE_STATUS_LOOK[s]?.label ?? msg`Pendente`);
}
