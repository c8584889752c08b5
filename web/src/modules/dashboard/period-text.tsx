import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The period in the UI language, beside the native date inputs: those show dates in the BROWSER's language (an
 * English browser shows 11/01/2026 for 1 November, which a Brazilian reads as 11 January), so the screens say it
 * unambiguously (docs/DECISIONS.md "Dashboard per-day series and the date inputs").
 */
export function PeriodText({
  from,
  to,
  zone,
  withTime,
  testId,
}: {
  /** instants (ISO) with `withTime`, else calendar days 'YYYY-MM-DD' */
  from: string;
  to: string;
  zone: string;
  withTime: boolean;
  testId: string;
}) {
  const { i18n } = useLingui();
  const fmt = new Intl.DateTimeFormat(
    i18n.locale,
    withTime ? { dateStyle: 'short', timeStyle: 'short', timeZone: zone } : { dateStyle: 'short', timeZone: 'UTC' },
  );
  const at = (v: string) => (withTime ? new Date(v) : new Date(`${v}T12:00:00Z`));
  const a = at(from);
  const b = at(to);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return null;
  const period = `${fmt.format(a)} – ${fmt.format(b)}`;
  return (
    <span className="text-xs text-base-content/60" data-testid={testId}>
      <Trans>Período: {period}</Trans>
    </span>
  );
}
