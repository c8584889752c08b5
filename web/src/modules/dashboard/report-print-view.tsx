import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_TITLE } from '../../lib/config';
import { parseApiError } from '../../lib/errors';
import { useOptionsOnce } from '../../lib/use-options-once';
import { IconAlert, IconArrowLeft, IconFilter, IconReceipt } from '../../ui/icons';
import { useSessionUser } from '../auth/use-capabilities';
import { ProductMark } from '../layout/product-mark';
import { fetchAllUsers, fetchQueues } from '../tickets/tickets-api';
import { DailyChart } from './daily-chart';
import { Refusal, refusalOf } from './refusal';
import { fetchReport, type ReportData, type ReportFilter, reportQuery } from './report-data';
import { ReportDialog } from './report-dialog';
import { QueuesSection, StatusCards, TimesLegend, UsersSection } from './report-sections';
import './report-print.css';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (spec 3 §1: dates shown as DD/MM/YYYY). */
export const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

/**
 * The print view of a report (spec 3 §2): back, IMPRIMIR, then the report as a sheet of paper — header (company,
 * period, filters, generation time), Status Geral with TMA/TME, the users' and the queues' tables and charts. On
 * paper (report-print.css) only the sheet is printed.
 */
export function ReportPrintView({ filter }: { filter: ReportFilter }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const [data, setData] = useState<ReportData | null>(null);
  const [error, setError] = useState<{ status: number; code?: string; text: string } | null>(null);
  const [generatedAt, setGeneratedAt] = useState<Date>(() => new Date());
  const [editing, setEditing] = useState(false);
  const queues = useOptionsOnce(fetchQueues, []);
  const users = useOptionsOnce(fetchAllUsers, []);
  const key = reportQuery(filter);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the filter (its query string) changes
  useEffect(() => {
    let alive = true;
    setData(null);
    setError(null);
    fetchReport(filter)
      .then((d) => {
        if (!alive) return;
        setData(d);
        setGeneratedAt(new Date());
      })
      .catch(
        (err) => alive && setError({ status: (err as { status?: number }).status ?? 0, text: parseApiError(err) }),
      );
    return () => {
      alive = false;
    };
  }, [key]);

  const refused = refusalOf(error);
  if (refused) return <Refusal plan={refused.plan} />;

  const names = (ids: number[], opts: { id: number; name: string }[] | null, all: string) =>
    ids.length === 0 ? all : ids.map((id) => opts?.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');
  const company = user?.company.companyName?.trim() || user?.company.name?.trim() || PRODUCT_TITLE;
  const stamp = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(generatedAt);

  return (
    <div className="flex flex-col gap-3" data-testid="report-view">
      <div className="no-print flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => (window.history.length > 1 ? window.history.back() : navigate('/reports'))}
          data-testid="report-back"
        >
          <IconArrowLeft size={16} />
          <Trans>Voltar</Trans>
        </button>
        <div className="flex-1" />
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setEditing(true)}
          data-testid="report-edit"
        >
          <IconFilter size={16} />
          <Trans>Alterar filtros</Trans>
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => window.print()}
          disabled={!data}
          data-testid="report-print"
        >
          <IconReceipt size={16} />
          <Trans>IMPRIMIR</Trans>
        </button>
      </div>

      <article
        className="report-print-root mx-auto w-full max-w-[210mm] rounded-box border border-base-300 bg-base-100 p-6 text-base-content shadow-sm sm:p-8"
        data-theme="defaultTheme"
        data-testid="report-sheet"
      >
        <header className="report-block mb-4 flex items-start gap-3 border-b border-base-300 pb-3">
          <ProductMark className="size-10 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="text-xs uppercase tracking-wide text-base-content/60">{company}</p>
            <h1 className="text-xl font-bold" data-testid="report-title">
              <Trans>Relatório de atendimentos</Trans>
            </h1>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-base-content/60">
                <Trans>Período</Trans>
              </dt>
              <dd data-testid="report-period">
                {ddmmyyyy(filter.initialDate)} – {ddmmyyyy(filter.finalDate)}
              </dd>
              <dt className="text-base-content/60">
                <Trans>Filas</Trans>
              </dt>
              <dd className="truncate">{names(filter.selectedQueueIds, queues, t`Todas as filas`)}</dd>
              <dt className="text-base-content/60">
                <Trans>Usuários</Trans>
              </dt>
              <dd className="truncate">{names(filter.selectedUserIds, users, t`Todos os usuários`)}</dd>
            </dl>
          </div>
          <p className="shrink-0 text-right text-xs text-base-content/60">
            <Trans>Gerado em {stamp}</Trans>
          </p>
        </header>

        {error ? (
          <div role="alert" className="alert alert-error alert-soft" data-testid="report-error">
            <IconAlert size={18} />
            <span>{error.text}</span>
          </div>
        ) : data ? (
          <div className="flex flex-col gap-4" data-testid="report-content">
            <StatusCards data={data} sheet />
            <TimesLegend />
            <DailyChart data={data} asImage height={140} />
            <UsersSection data={data} print />
            <QueuesSection data={data} print />
          </div>
        ) : (
          <div className="flex justify-center py-16">
            <span className="loading loading-spinner loading-lg text-primary" />
          </div>
        )}
      </article>

      <ReportDialog
        open={editing}
        initial={filter}
        onClose={() => setEditing(false)}
        onGenerate={(f) => {
          setEditing(false);
          navigate(`/reports?${reportQuery(f)}`, { replace: true });
        }}
      />
    </div>
  );
}
