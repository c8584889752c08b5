import { useLingui } from '@lingui/react/macro';
import type { TemplateNotice } from '@zapdesk/core';
import type { Placeholder } from './notices-api';

/** the template type's name (spec 3 §2: only payments) */
export function useTemplateTypeLabel(): (type: string) => string {
  const { t } = useLingui();
  return (type) => ({ payments: t`Pagamentos` })[type] ?? type;
}

/** the notice a template is for */
export function useNoticeKindLabel(): (notice: TemplateNotice | string) => string {
  const { t } = useLingui();
  return (n) =>
    ({
      all: t`Todos os avisos`,
      created: t`Fatura criada`,
      daysBefore: t`Antes do vencimento`,
      dueDay: t`Dia do vencimento`,
      delayed: t`Pagamento em atraso`,
      daysAfter: t`Após o vencimento`,
      confirmed: t`Pagamento confirmado`,
    })[n] ?? n;
}

/** a placeholder's description in the UI language (the API's Portuguese text for a name the web does not know) */
export function usePlaceholderDescription(): (p: Placeholder) => string {
  const { t } = useLingui();
  return (p) =>
    ({
      empresa: t`Nome da empresa cliente`,
      contato: t`Nome do contato da assinatura`,
      valor: t`Valor da fatura em reais (R$ 1.234,56)`,
      vencimento: t`Data de vencimento (dd/mm/aaaa)`,
      link: t`Link de pagamento (passa por /n para registrar o clique)`,
      fatura: t`Número da fatura`,
      status: t`Situação da fatura (Pendente, Vencida, Recebida, Confirmada)`,
      periodo: t`Período cobrado (dd/mm/aaaa a dd/mm/aaaa)`,
      formaPagamento: t`Forma de pagamento (Boleto, Cartão de crédito, PIX)`,
      dias: t`Dias até o vencimento ou desde o vencimento`,
      aviso: t`Título do aviso (ex.: Sua fatura vence hoje)`,
      plataforma: t`Nome da plataforma`,
    })[p.name] ?? p.description;
}
