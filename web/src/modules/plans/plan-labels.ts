import { useLingui } from '@lingui/react/macro';

/** Spec 3 §3: plan highlight (0 none, 1 biggest, 2 smaller); recurrences and billing types are core's. */
export const HIGHLIGHTS = [0, 1, 2] as const;

export function useRecurrenceLabel(): (r: string) => string {
  const { t } = useLingui();
  return (r) =>
    ({
      month1: t`Mensal`,
      months3: t`Trimestral`,
      months6: t`Semestral`,
      months12: t`Anual`,
    })[r] ?? r;
}

export function useBillingTypeLabel(): (b: string) => string {
  const { t } = useLingui();
  return (b) => ({ PIX: t`PIX`, CREDIT_CARD: t`Cartão de crédito`, BOLETO: t`Boleto` })[b] ?? b;
}

export function useHighlightLabel(): (h: number) => string {
  const { t } = useLingui();
  return (h) => [t`Sem destaque`, t`Destaque maior`, t`Destaque menor`][h] ?? String(h);
}
