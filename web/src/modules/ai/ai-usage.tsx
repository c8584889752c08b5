import { Trans, useLingui } from '@lingui/react/macro';
import type { AiUsageDto } from '@zapdesk/core';
import { useEffect, useState } from 'react';
import { fetchAiUsage } from './ai-api';

/**
 * The company's AI usage of the month (GET /aiUsage: tokens and model calls since the 1st, 00:00 UTC), read-only on
 * the prompts screen. Nothing is shown when it cannot be read.
 */
export function AiUsageFigure() {
  const { i18n } = useLingui();
  const [usage, setUsage] = useState<AiUsageDto | null>(null);
  useEffect(() => {
    let alive = true;
    fetchAiUsage()
      .then((u) => alive && setUsage(u))
      .catch(() => alive && setUsage(null));
    return () => {
      alive = false;
    };
  }, []);
  if (!usage) return null;
  const tokens = i18n.number(usage.totalTokens);
  const calls = i18n.number(usage.completions);
  return (
    <span className="text-sm opacity-70" data-testid="ai-usage" data-tokens={usage.totalTokens}>
      <Trans>
        Tokens usados neste mês: {tokens} ({calls} respostas)
      </Trans>
    </span>
  );
}
