import { useLingui } from '@lingui/react/macro';
import type { CampaignDispatchDto, CampaignStatus } from '@zapdesk/core';
import { IconAlert } from '../../ui/icons';
import { useCompanyTimeZone } from '../schedules/use-company-time-zone';
import { formatZoned } from '../schedules/zoned-time';
import {
  CAMPAIGN_STATUS_TEXT,
  CAMPAIGN_STATUS_TONE,
  DISPATCH_FAIL_TEXT,
  DISPATCH_STATUS_TEXT,
  DISPATCH_STATUS_TONE,
  UNCERTAIN_TEXT,
} from './campaign-labels';
import { shortZoned } from './campaign-rules';

/** A campaign's status; "Em andamento" spins (spec 2 §4: status start shows a spinner). */
export function CampaignStatusBadge({ status, testId }: { status: CampaignStatus; testId?: string }) {
  const { i18n } = useLingui();
  return (
    <span
      className={`badge badge-soft badge-sm gap-1 whitespace-nowrap ${CAMPAIGN_STATUS_TONE[status] ?? 'badge-ghost'}`}
      data-testid={testId}
      data-status={status}
    >
      {status === 'start' ? (
        <span className="loading loading-spinner loading-xs" data-testid="campaign-spinner" />
      ) : null}
      {CAMPAIGN_STATUS_TEXT[status] ? i18n._(CAMPAIGN_STATUS_TEXT[status]) : status}
    </span>
  );
}

/** A dispatch's status; a failure says why and an uncertain one says what happened (on hover). */
export function DispatchStatusBadge({ dispatch: d }: { dispatch: CampaignDispatchDto }) {
  const { i18n } = useLingui();
  const why =
    d.status === 'uncertain'
      ? i18n._(UNCERTAIN_TEXT)
      : d.status === 'sentFail' && d.failReason
        ? i18n._(DISPATCH_FAIL_TEXT[d.failReason] ?? { id: d.failReason })
        : undefined;
  const badge = (
    <span
      className={`badge badge-soft badge-sm gap-1 whitespace-nowrap ${DISPATCH_STATUS_TONE[d.status] ?? 'badge-ghost'}`}
    >
      {d.status === 'uncertain' ? <IconAlert size={12} /> : null}
      {d.status === 'claimed' ? <span className="loading loading-spinner loading-xs" /> : null}
      {DISPATCH_STATUS_TEXT[d.status] ? i18n._(DISPATCH_STATUS_TEXT[d.status]) : d.status}
    </span>
  );
  if (!why) return badge;
  return (
    <span className="tooltip tooltip-left" data-tip={why} title={why}>
      {badge}
    </span>
  );
}

/** A date and time on the company's clock, or a dash; `compact` drops the year (the full date shows on hover). */
export function When({ iso, testId, compact }: { iso: string | null | undefined; testId?: string; compact?: boolean }) {
  const { i18n } = useLingui();
  const zone = useCompanyTimeZone();
  const text = formatZoned(iso, zone, i18n.locale);
  return text ? (
    <span className="whitespace-nowrap tabular-nums" data-testid={testId} title={compact ? text : undefined}>
      {compact && iso ? shortZoned(iso, zone, i18n.locale) : text}
    </span>
  ) : (
    <span className="text-base-content/40" data-testid={testId}>
      —
    </span>
  );
}
