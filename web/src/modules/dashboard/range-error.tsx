import { Trans } from '@lingui/react/macro';

/** The inline text of a bad range (the same texts the API answers with ERR_VALIDATION, core REPORT_TEXTS). */
export function RangeProblemText({
  problem,
  testId,
}: {
  problem: 'order' | 'length' | 'missing' | null;
  testId: string;
}) {
  if (!problem) return null;
  return (
    <span className="text-xs text-error" data-testid={testId}>
      {problem === 'length' ? (
        <Trans>O período máximo é de 366 dias</Trans>
      ) : problem === 'order' ? (
        <Trans>A data final deve ser posterior à data inicial</Trans>
      ) : (
        <Trans>Data inválida</Trans>
      )}
    </span>
  );
}
