import { useLingui } from '@lingui/react/macro';
import type { NoticeKind } from '@zapdesk/core';
import type { NoticeDays, NoticeSwitch } from './notices-api';
import { useNoticeKindLabel } from './template-labels';

export type NoticeKey = NoticeSwitch | NoticeDays;

/** The notices of a subscription in the order they happen to an invoice (spec 3 §3, §9). */
export const NOTICE_ORDER: readonly NoticeKey[] = [
  'invoiceCreated',
  'invoiceDaysBeforeExpiration',
  'invoiceDay',
  'delayedPayment',
  'invoiceDaysAfterExpiration',
  'invoiceConfirmedPayment',
];

export const isDaysNotice = (k: NoticeKey): k is NoticeDays =>
  k === 'invoiceDaysBeforeExpiration' || k === 'invoiceDaysAfterExpiration';

/** the notice (a template's `notice`) of each subscription setting */
export const KIND_OF: Record<NoticeKey, NoticeKind> = {
  invoiceCreated: 'created',
  invoiceDaysBeforeExpiration: 'daysBefore',
  invoiceDay: 'dueDay',
  delayedPayment: 'delayed',
  invoiceDaysAfterExpiration: 'daysAfter',
  invoiceConfirmedPayment: 'confirmed',
};

/** the name and a one-line explanation of each notice */
export function useNoticeLabels(): Record<NoticeKey, { label: string; hint: string }> {
  const { t } = useLingui();
  const name = useNoticeKindLabel();
  const hints: Record<NoticeKey, string> = {
    invoiceCreated: t`Quando uma nova fatura é emitida.`,
    invoiceDaysBeforeExpiration: t`Lembrete alguns dias antes do vencimento.`,
    invoiceDay: t`No dia em que a fatura vence.`,
    delayedPayment: t`Um dia após o vencimento, se não foi paga.`,
    invoiceDaysAfterExpiration: t`Novo aviso alguns dias após o vencimento, se não foi paga.`,
    invoiceConfirmedPayment: t`Quando o pagamento é confirmado.`,
  };
  return Object.fromEntries(NOTICE_ORDER.map((k) => [k, { label: name(KIND_OF[k]), hint: hints[k] }])) as Record<
    NoticeKey,
    { label: string; hint: string }
  >;
}

/** "Desativado" or "N dia(s)" for a day select */
export function useDaysLabel(): (days: number) => string {
  const { t } = useLingui();
  return (days) => (days === 0 ? t`Desativado` : days === 1 ? t`1 dia` : t`${days} dias`);
}
