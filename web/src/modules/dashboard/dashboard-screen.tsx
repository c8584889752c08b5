import { Trans, useLingui } from '@lingui/react/macro';
import { events } from '@zapdesk/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { parseApiError } from '../../lib/errors';
import { useOptionsOnce } from '../../lib/use-options-once';
import { useSseChannel } from '../../lib/use-sse';
import { IconAlert, IconChart, IconChevronDown, IconFilter } from '../../ui/icons';
import { PageCard } from '../../ui/page-card';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { useCompanyTimeZone } from '../schedules/use-company-time-zone';
import { fetchAllUsers, fetchQueues } from '../tickets/tickets-api';
import { DailyChart } from './daily-chart';
import { dashDefaultInputs, dashRangeOf, dashRangeProblem } from './date-range';
import { PeriodText } from './period-text';
import { RangeProblemText } from './range-error';
import { Refusal, refusalOf } from './refusal';
import { type DashFilter, fetchDash, type ReportData, reportQuery } from './report-data';
import { ReportDialog } from './report-dialog';
import { QueuesSection, StatusCards, TimesLegend, UsersSection } from './report-sections';
import { LIVE_THROTTLE_MS, throttle } from './throttle';

type Inputs = { initial: string; final: string; queue: number | null; user: number | null };

/**
 * /dash (spec 3 §2): date-range filter (default: start of the month → now, spec 3 §9), Filtrar, the TMA/TME legend,
 * Status Geral, the per-user and per-queue tables with their charts, and a menu with report generation. Refreshes
 * live (throttled) when tickets change. Gated by core's `viewDashboard` (enableDash + plan); the API refuses too.
 */
export function DashboardScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.dashboardInPlan) return <Refusal plan />;
  if (!caps.viewDashboard && !caps.viewOwnDashboard) return <Refusal plan={false} />;
  return <Dashboard canReport={caps.viewReports} own={!caps.viewDashboard} />;
}

/** `own`: an attendant with enableDash sees only the tickets they attend (the API scopes it; no user filter). */
function Dashboard({ canReport, own }: { canReport: boolean; own: boolean }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const zone = useCompanyTimeZone();
  const [inputs, setInputs] = useState<Inputs>(() => ({
    ...dashDefaultInputs(new Date(), zone),
    queue: null,
    user: null,
  }));
  // while the final date is the default "now", each reload (Filtrar, live) moves it to the current minute
  const [followNow, setFollowNow] = useState(true);
  const [applied, setApplied] = useState<Inputs>(inputs);
  const [data, setData] = useState<ReportData | null>(null);
  const [error, setError] = useState<{ status: number; code?: string; text: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const queues = useOptionsOnce(fetchQueues, []);
  const users = useOptionsOnce(own ? async () => [] : fetchAllUsers, []);
  const seq = useRef(0);

  const load = useCallback(
    async (f: Inputs) => {
      let final = f.final;
      if (followNow) {
        final = dashDefaultInputs(new Date(), zone).final;
        setInputs((x) => ({ ...x, final }));
      }
      const range = dashRangeOf(f.initial, final, zone);
      if (!range) return;
      const filter: DashFilter = { ...range, currentQueue: f.queue, currentUser: f.user };
      const mine = ++seq.current;
      setLoading(true);
      try {
        const d = await fetchDash(filter);
        if (mine !== seq.current) return;
        setData(d);
        setError(null);
      } catch (err) {
        if (mine !== seq.current) return;
        const { status = 0, code } = err as { status?: number; code?: string };
        setError({ status, code, text: parseApiError(err) });
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [followNow, zone],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the applied filter changes
  useEffect(() => {
    void load(applied);
  }, [applied]);

  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  const loadRef = useRef(load);
  loadRef.current = load;
  const [live] = useState(() => throttle(() => void loadRef.current(appliedRef.current), LIVE_THROTTLE_MS));
  useEffect(() => () => live.cancel(), [live]);
  useSseChannel(user ? events.ticket.of(user.companyId) : null, () => live());

  const range = dashRangeOf(inputs.initial, inputs.final, zone);
  const apply = () => {
    if (!range) return;
    // a new object: Filtrar reloads even when nothing changed
    setApplied({ ...inputs });
  };

  const refused = refusalOf(error);
  if (refused) return <Refusal plan={refused.plan} />;

  return (
    <PageCard
      testId="dashboard"
      title={<Trans>Dashboard</Trans>}
      subtitle={
        own ? (
          <Trans>Os seus atendimentos: volume e tempos do período</Trans>
        ) : (
          <Trans>Volume e tempos de atendimento do período</Trans>
        )
      }
      actions={canReport ? <ReportsMenu onGenerate={() => setReportOpen(true)} /> : null}
      toolbar={
        <form
          className="flex w-full flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
          data-testid="dash-filter"
        >
          <label className="flex flex-col gap-0.5 text-xs">
            <span className="text-base-content/70">
              <Trans>Data inicial</Trans>
            </span>
            <input
              type="datetime-local"
              className="input input-sm w-48"
              value={inputs.initial}
              onChange={(e) => setInputs({ ...inputs, initial: e.target.value })}
              data-testid="dash-initial"
            />
          </label>
          <label className="flex flex-col gap-0.5 text-xs">
            <span className="text-base-content/70">
              <Trans>Data final</Trans>
            </span>
            <input
              type="datetime-local"
              className="input input-sm w-48"
              value={inputs.final}
              onChange={(e) => {
                setFollowNow(false);
                setInputs({ ...inputs, final: e.target.value });
              }}
              data-testid="dash-final"
            />
          </label>
          <label className="flex flex-col gap-0.5 text-xs">
            <span className="text-base-content/70">
              <Trans>Fila</Trans>
            </span>
            <select
              className="select select-sm w-40"
              value={inputs.queue ?? ''}
              onChange={(e) => setInputs({ ...inputs, queue: e.target.value ? Number(e.target.value) : null })}
              data-testid="dash-queue"
            >
              <option value="">{t`Todas as filas`}</option>
              {(queues ?? []).map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </select>
          </label>
          {own ? null : (
            <label className="flex flex-col gap-0.5 text-xs">
              <span className="text-base-content/70">
                <Trans>Usuário</Trans>
              </span>
              <select
                className="select select-sm w-40"
                value={inputs.user ?? ''}
                onChange={(e) => setInputs({ ...inputs, user: e.target.value ? Number(e.target.value) : null })}
                data-testid="dash-user"
              >
                <option value="">{t`Todos os usuários`}</option>
                {(users ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={!range} data-testid="dash-apply">
            {loading ? <span className="loading loading-spinner loading-xs" /> : <IconFilter size={16} />}
            <Trans>Filtrar</Trans>
          </button>
          {data && !error ? (
            <span className="self-center">
              <PeriodText from={data.initialDate} to={data.finalDate} zone={zone} withTime testId="dash-period" />
            </span>
          ) : null}
          <span className="self-center">
            <RangeProblemText
              problem={dashRangeProblem(inputs.initial, inputs.final, zone)}
              testId="dash-range-error"
            />
          </span>
        </form>
      }
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6" data-testid="dash-body">
        <div className="flex flex-col gap-4">
          <TimesLegend />
          {error ? (
            <div role="alert" className="alert alert-error alert-soft" data-testid="dash-error">
              <IconAlert size={18} />
              <span>{error.text}</span>
            </div>
          ) : null}
          {data ? (
            <>
              <StatusCards data={data} />
              <DailyChart data={data} />
              <div className="grid gap-4 2xl:grid-cols-2">
                <UsersSection data={data} />
                <QueuesSection data={data} wide />
              </div>
            </>
          ) : error ? null : (
            <div className="flex justify-center py-16">
              <span className="loading loading-spinner loading-lg text-primary" />
            </div>
          )}
        </div>
      </div>
      <ReportDialog
        open={reportOpen}
        onClose={() => setReportOpen(false)}
        onGenerate={(f) => {
          setReportOpen(false);
          navigate(`/reports?${reportQuery(f)}`);
        }}
      />
    </PageCard>
  );
}

/** The button menu of spec 3 §2 with report generation. */
function ReportsMenu({ onGenerate }: { onGenerate: () => void }) {
  return (
    <div className="dropdown dropdown-end">
      <button type="button" tabIndex={0} className="btn btn-outline btn-sm" data-testid="dash-menu">
        <IconChart size={16} />
        <Trans>Relatórios</Trans>
        <IconChevronDown size={14} />
      </button>
      <ul
        tabIndex={-1}
        className="menu dropdown-content z-30 mt-1 w-56 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        <li>
          <button
            type="button"
            onClick={() => {
              (document.activeElement as HTMLElement | null)?.blur();
              onGenerate();
            }}
            data-testid="dash-generate-report"
          >
            <IconChart size={16} />
            <Trans>Gerar relatório</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}
