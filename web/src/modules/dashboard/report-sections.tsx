import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatDuration } from '@zapdesk/core';
import type { ReactNode } from 'react';
import { BarChart } from './bar-chart';
import { CLOSED_COLOR, colorAt, OPEN_COLOR } from './chart-colors';
import { ChartLegend, PieChart } from './pie-chart';
import type { ReportData } from './report-data';

const pct = (v: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number.isFinite(v) ? v : 0)}%`;

/** The TMA/TME legend with core's definitions (core/src/reports/report-definitions.ts, docs/DECISIONS.md). */
export function TimesLegend() {
  return (
    <div
      className="report-block flex flex-col gap-1 rounded-box border border-base-300 bg-base-200/40 px-4 py-2 text-xs text-base-content/70"
      data-testid="dash-legend"
    >
      <p>
        <Trans>
          <strong className="text-base-content">TMA</strong> — tempo médio de atendimento: do primeiro aceite por um
          atendente até a resolução, sem o tempo em que o ticket ficou fechado antes de uma reabertura. Contam os
          tickets resolvidos que tiveram aceite.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong className="text-base-content">TME</strong> — tempo médio de espera: do momento em que o ticket passa a
          esperar por um atendente (criação, ou entrega a uma fila pelo bot ou fluxo) até o primeiro aceite. Contam os
          tickets aceitos que esperaram.
        </Trans>
      </p>
      <p>
        <Trans>
          Os números cobrem os tickets criados no período, na situação atual de cada um (status, atendente e fila).
        </Trans>
      </p>
    </div>
  );
}

function StatCard({
  label,
  value,
  hint,
  tone,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  tone: string;
  testId: string;
}) {
  return (
    <div
      className={`min-w-0 rounded-box border border-base-300 border-l-4 bg-base-100 px-4 py-3 ${tone}`}
      data-testid={testId}
    >
      <p className="truncate text-xs font-medium text-base-content/60">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      {hint ? <div className="mt-0.5 text-xs text-base-content/60">{hint}</div> : null}
    </div>
  );
}

/** An average in a card: one line (d h min s, never wrapped at 24 h). */
function Duration({ seconds }: { seconds: number }) {
  // the three largest units in the card ("1 d 2 h 23 min"), every unit on hover
  return (
    <span className="whitespace-nowrap text-xl" title={formatDuration(seconds)}>
      {formatDuration(seconds, 3)}
    </span>
  );
}

/** Which tickets an average counted, and their summed time. */
function AverageHint({ count, sum }: { count: number; sum: number }) {
  const total = formatDuration(sum);
  return (
    <>
      <p className="truncate">
        <Plural value={count} _0="Nenhum ticket na média" one="# ticket na média" other="# tickets na média" />
      </p>
      <p className="truncate text-base-content/50" title={total}>
        <Trans>soma {total}</Trans>
      </p>
    </>
  );
}

/** Status Geral (spec 3 §2): waiting, in service, closed, total — and the two averages. */
export function StatusCards({ data, sheet = false }: { data: ReportData; sheet?: boolean }) {
  const { i18n } = useLingui();
  const n = (v: number) => new Intl.NumberFormat(i18n.locale).format(v);
  return (
    <section className="report-block" data-testid="status-geral">
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-base-content/70">
        <Trans>Status Geral</Trans>
      </h2>
      <div
        className={`grid gap-3 ${sheet ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-[repeat(4,minmax(0,1fr))_repeat(2,minmax(0,1.4fr))]'}`}
      >
        <StatCard
          testId="stat-waiting"
          tone="border-l-warning"
          label={<Trans>Aguardando</Trans>}
          value={n(data.countPending)}
        />
        <StatCard
          testId="stat-open"
          tone="border-l-info"
          label={<Trans>Em atendimento</Trans>}
          value={n(data.countOpenGeneral)}
        />
        <StatCard
          testId="stat-closed"
          tone="border-l-success"
          label={<Trans>Finalizados</Trans>}
          value={n(data.countClosed)}
        />
        <StatCard
          testId="stat-total"
          tone="border-l-primary"
          label={<Trans>Total</Trans>}
          value={n(data.totalTickets)}
        />
        <StatCard
          testId="stat-tma"
          tone="border-l-secondary"
          label={<Trans>TMA</Trans>}
          value={<Duration seconds={data.tmaTotalMedioMoment} />}
          hint={<AverageHint count={data.countTma} sum={data.tmaTotalMoment} />}
        />
        <StatCard
          testId="stat-tme"
          tone="border-l-accent"
          label={<Trans>TME</Trans>}
          value={<Duration seconds={data.tmeTotalMedioMoment} />}
          hint={<AverageHint count={data.countTme} sum={data.tmeTotalMoment} />}
        />
      </div>
      {data.countEstimated > 0 ? (
        <p className="mt-2 text-xs text-base-content/60" data-testid="dash-estimated">
          <Plural
            value={data.countEstimated}
            _0="Nenhum ticket com tempos estimados."
            one="# ticket criado antes do registro dos tempos: seus instantes foram estimados pelo histórico."
            other="# tickets criados antes do registro dos tempos: seus instantes foram estimados pelo histórico."
          />
        </p>
      ) : null}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="px-4 py-6 text-center text-sm text-base-content/60">{children}</p>;
}

/** Per-user table (spec 3 §2) with a small open/closed pie per row; the print view adds a bar chart of the counts. */
export function UsersSection({ data, print = false }: { data: ReportData; print?: boolean }) {
  const { t, i18n } = useLingui();
  const users = data.dataUsers;
  const openClosedOf = (name: string) => t`Abertos e fechados de ${name}`;
  return (
    <section className="flex min-w-0 flex-col rounded-box border border-base-300" data-testid="dash-users">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 px-4 py-2">
        <h2 className="text-base font-semibold">
          <Trans>Atendimentos por usuário</Trans>
        </h2>
        <ChartLegend
          items={[
            { label: t`Abertos`, color: OPEN_COLOR },
            { label: t`Fechados`, color: CLOSED_COLOR },
          ]}
        />
      </div>
      {users.length === 0 ? (
        <Empty>
          <Trans>Nenhum atendimento no período.</Trans>
        </Empty>
      ) : (
        <>
          {print ? (
            <div className="report-chart border-b border-base-300 px-4 py-3">
              <BarChart
                title={t`Atendimentos por usuário`}
                labels={users.map((u) => u.name)}
                values={users.map((u) => u.qtdAtendimentos)}
                colors={users.map((_, i) => colorAt(i))}
                height={170}
                asImage
                testId="users-bar"
              />
            </div>
          ) : null}
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>
                    <Trans>Usuário</Trans>
                  </th>
                  <th className="text-right">
                    <Trans>Atendimentos</Trans>
                  </th>
                  <th className="text-right">
                    <Trans>TMA</Trans>
                  </th>
                  <th className="text-right">
                    <Trans>TME</Trans>
                  </th>
                  <th>
                    <Trans>Abertos / fechados</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} data-testid="dash-user-row">
                    <td className="max-w-48 truncate font-medium" title={u.name}>
                      {u.name}
                    </td>
                    <td className="text-right tabular-nums">
                      {u.qtdAtendimentos}{' '}
                      <span className="text-xs text-base-content/60">
                        ({pct(u.porcentagemAtendimentos, i18n.locale)})
                      </span>
                    </td>
                    <td className="whitespace-nowrap text-right tabular-nums">{formatDuration(u.tma)}</td>
                    <td className="whitespace-nowrap text-right tabular-nums">{formatDuration(u.tme)}</td>
                    <td>
                      <div className="flex items-center gap-2">
                        <PieChart
                          size={28}
                          title={openClosedOf(u.name)}
                          testId="user-pie"
                          slices={[
                            { label: t`Abertos`, value: u.countOpen, color: OPEN_COLOR },
                            { label: t`Fechados`, value: u.countClosed, color: CLOSED_COLOR },
                          ]}
                        />
                        <span className="whitespace-nowrap text-xs tabular-nums text-base-content/70">
                          {u.countOpen} / {u.countClosed}
                        </span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Per-queue table (spec 3 §2) with a pie of the shares and a bar chart of the counts. */
export function QueuesSection({
  data,
  print = false,
  wide = false,
}: {
  data: ReportData;
  print?: boolean;
  /** charts beside the table on large screens (the dashboard stacks its sections below 2xl) */
  wide?: boolean;
}) {
  const { t, i18n } = useLingui();
  const queues = data.dataQueuesWitchPercent;
  // "Sem fila" (id null) is core's name for tickets without a queue: shown in the user's language
  const named = queues.map((q, i) => ({
    ...q,
    queue: q.id === null ? t`Sem fila` : q.queue,
    color: q.color || colorAt(i),
  }));
  return (
    <section
      className="report-block flex min-w-0 flex-col rounded-box border border-base-300"
      data-testid="dash-queues"
    >
      <div className="border-b border-base-300 px-4 py-2">
        <h2 className="text-base font-semibold">
          <Trans>Atendimentos por fila</Trans>
        </h2>
      </div>
      {named.length === 0 ? (
        <Empty>
          <Trans>Nenhum atendimento no período.</Trans>
        </Empty>
      ) : (
        <div className={wide ? 'grid lg:grid-cols-2 2xl:grid-cols-1' : ''}>
          <div className="report-chart flex flex-wrap items-center gap-4 border-b border-base-300 px-4 py-3">
            <PieChart
              size={print ? 120 : 96}
              title={t`Atendimentos por fila`}
              testId="queues-pie"
              slices={named.map((q) => ({ label: q.queue, value: q.qtdAtendimentos, color: q.color }))}
            />
            <div className="min-w-40 flex-1">
              <BarChart
                title={t`Atendimentos por fila`}
                labels={named.map((q) => q.queue)}
                values={named.map((q) => q.qtdAtendimentos)}
                colors={named.map((q) => q.color)}
                height={print ? 150 : 120}
                asImage={print}
                imageWidth={520}
                testId="queues-bar"
              />
            </div>
          </div>
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>
                    <Trans>Fila</Trans>
                  </th>
                  <th className="text-right">
                    <Trans>Atendimentos</Trans>
                  </th>
                  <th className="text-right">%</th>
                </tr>
              </thead>
              <tbody>
                {named.map((q) => (
                  <tr key={q.id ?? 0} data-testid="dash-queue-row">
                    <td className="max-w-56 truncate font-medium" title={q.queue}>
                      <span className="mr-2 inline-block size-2.5 rounded-full" style={{ backgroundColor: q.color }} />
                      {q.queue}
                    </td>
                    <td className="text-right tabular-nums">{q.qtdAtendimentos}</td>
                    <td className="text-right tabular-nums">{pct(q.percent, i18n.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
