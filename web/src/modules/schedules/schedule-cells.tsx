import { Trans, useLingui } from '@lingui/react/macro';
import type { ScheduleDto } from '@zapdesk/core';
import { IconAlert } from '../../ui/icons';
import { SCHEDULE_TYPE_LABELS } from './schedule-labels';
import { useCompanyTimeZone } from './use-company-time-zone';
import { formatZoned } from './zoned-time';

/**
 * The schedule column: the date on the company's clock, the type, and for a series how many went out and when the
 * next one goes.
 */
export function ScheduleWhen({ schedule: s }: { schedule: ScheduleDto }) {
  const { t, i18n } = useLingui();
  const zone = useCompanyTimeZone();
  const at = (iso: string | null) => formatZoned(iso, zone, i18n.locale);
  const recurring = s.typeSchedule !== 'Único';
  const sent = s.repeatCounter;
  const total = s.repeatCount;
  const first = at(s.sendAt);
  // after the first send the date shown is the next one; the series' first date stays in the tooltip
  const firstHint = recurring && s.nextSendAt && s.nextSendAt !== s.sendAt ? t`Primeiro envio: ${first}` : undefined;
  return (
    <div className="flex flex-col gap-0.5 whitespace-nowrap text-sm" data-testid="schedule-when">
      <span className="tabular-nums" data-testid="schedule-send-at" title={firstHint}>
        {recurring && s.nextSendAt ? at(s.nextSendAt) : at(s.sendAt)}
      </span>
      <span className="text-xs text-base-content/60">
        {i18n._(SCHEDULE_TYPE_LABELS[s.typeSchedule] ?? { id: s.typeSchedule, message: s.typeSchedule })}
      </span>
      {recurring ? (
        <span className="text-xs text-base-content/60" data-testid="schedule-repetitions">
          {total ? (
            <Trans>
              {sent} de {total} enviadas
            </Trans>
          ) : (
            <Trans>{sent} enviadas, sem fim</Trans>
          )}
        </span>
      ) : null}
    </div>
  );
}

/** Pendente / Enviada (spec; when it went out on hover) and our Erro, whose reason shows on hover; a series that missed one says so too. */
export function ScheduleStatusBadge({ schedule: s }: { schedule: ScheduleDto }) {
  const { t, i18n } = useLingui();
  const zone = useCompanyTimeZone();
  const reason = s.lastError ?? undefined;
  const sentAt = formatZoned(s.sentAt, zone, i18n.locale);
  const badge =
    s.status === 'ENVIADA' ? (
      <span className="badge badge-success badge-soft badge-sm" title={sentAt ? t`Enviada em ${sentAt}` : undefined}>
        {t`Enviada`}
      </span>
    ) : s.status === 'ERRO' ? (
      <span className="badge badge-error badge-soft badge-sm gap-1">
        <IconAlert size={12} />
        {t`Erro`}
      </span>
    ) : (
      <span className="badge badge-warning badge-soft badge-sm">{t`Pendente`}</span>
    );
  if (!reason) return badge;
  return (
    <span
      className="tooltip tooltip-left inline-flex items-center gap-1"
      data-tip={reason}
      title={reason}
      data-testid="schedule-error"
    >
      {badge}
      {s.status !== 'ERRO' ? <IconAlert size={14} className="text-warning" aria-label={reason} /> : null}
    </span>
  );
}
