import { useLingui } from '@lingui/react/macro';

/** The command types' names (spec 2 §4), translated; any type without a name shows 'Erro'. */
export function useCommandTypeLabel(): (type: number) => string {
  const { t } = useLingui();
  const names: Record<number, string> = {
    1: t`Informativo`,
    2: t`Menu`,
    3: t`Setor`,
    4: t`Atendente`,
    5: t`Finalizar ticket`,
    7: t`Pergunta`,
    8: t`Prompt GPT`,
  };
  return (type) => names[type] ?? t`Erro`;
}
