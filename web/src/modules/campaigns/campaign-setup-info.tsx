import { Trans, useLingui } from '@lingui/react/macro';
import { type ButtonList, type CampaignSetupDto, JsonButtonOrList } from '@zapdesk/core';
import { TICKET_STATUS_TEXT } from './campaign-labels';

/** The setup's reply buttons (its `jsonButtonOrList` JSON text), or null. */
export function setupButtons(setup: Pick<CampaignSetupDto, 'jsonButtonOrList'> | null): ButtonList | null {
  if (!setup?.jsonButtonOrList) return null;
  const parsed = JsonButtonOrList.safeParse(setup.jsonButtonOrList);
  return parsed.success ? parsed.data : null;
}

/** What a setup does with a campaign: connections, times (max|min|interval), ticket status, start mode. */
export function CampaignSetupInfo({ setup, testId }: { setup: CampaignSetupDto; testId?: string }) {
  const { t, i18n } = useLingui();
  const row = (label: React.ReactNode, value: React.ReactNode, id?: string) => (
    <div className="flex items-baseline justify-between gap-2 py-0.5">
      {/* the label whole, the value truncated: a narrow aside must not run them into each other */}
      <dt className="shrink-0 text-base-content/60">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium" data-testid={id}>
        {value}
      </dd>
    </div>
  );
  const connections = setup.whatsapps.map((w) => w.name).join(', ');
  return (
    <dl className="text-sm" data-testid={testId}>
      {row(<Trans>Configuração</Trans>, setup.name, 'setup-info-name')}
      {row(<Trans>Conexões</Trans>, <span title={connections}>{connections || '—'}</span>, 'setup-info-connections')}
      {row(
        <Trans>Tempos</Trans>,
        <span className="tabular-nums" title={t`máximo | mínimo | intervalo`}>
          {setup.tMax}s | {setup.tMin}s | {setup.interval}s
        </span>,
      )}
      {row(<Trans>Fila</Trans>, setup.queue?.name ?? '—')}
      {row(<Trans>Usuário</Trans>, setup.user?.name ?? '—')}
      {row(
        <Trans>Ticket após o envio</Trans>,
        TICKET_STATUS_TEXT[setup.ticketSetStatus]
          ? i18n._(TICKET_STATUS_TEXT[setup.ticketSetStatus])
          : setup.ticketSetStatus,
      )}
      {row(<Trans>Início</Trans>, setup.autoStart ? <Trans>Automático</Trans> : <Trans>Pausada</Trans>)}
      {row(
        <Trans>Janela de envio</Trans>,
        setup.sendWindowStart === setup.sendWindowEnd ? (
          <Trans>o dia todo</Trans>
        ) : (
          `${setup.sendWindowStart}–${setup.sendWindowEnd}`
        ),
      )}
    </dl>
  );
}
