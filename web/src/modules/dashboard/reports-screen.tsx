import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { IconReceipt } from '../../ui/icons';
import { PageCard } from '../../ui/page-card';
import { useCapabilities } from '../auth/use-capabilities';
import { Refusal } from './refusal';
import { reportFilterOf, reportQuery } from './report-data';
import { ReportDialog } from './report-dialog';
import { ReportPrintView } from './report-print-view';

/**
 * /reports (spec 3 §2): administration with the plan's enableReports (core `viewReports`). Without a filter in the
 * address it opens the report dialog; with one (`?initialDate=…&finalDate=…&selectedQueueIds=[…]`) it shows the
 * print view, so a report can be reloaded, bookmarked or shared with another administrator.
 */
export function ReportsScreen() {
  const caps = useCapabilities();
  const search = useSearch();
  if (!caps) return null;
  if (!caps.administration) return <Refusal plan={false} />;
  if (!caps.reportsInPlan) return <Refusal plan />;
  const filter = reportFilterOf(search);
  return filter ? <ReportPrintView filter={filter} /> : <ReportsStart />;
}

function ReportsStart() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(true);
  return (
    <PageCard testId="reports" title={<Trans>Relatórios</Trans>}>
      <EmptyState
        icon={<IconReceipt size={28} />}
        title={<Trans>Relatório de atendimentos</Trans>}
        description={
          <Trans>
            Escolha o período, as filas e os usuários: o relatório mostra os atendimentos, o TMA e o TME por usuário e
            por fila, pronto para imprimir ou salvar em PDF.
          </Trans>
        }
        action={
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setOpen(true)}
            data-testid="reports-open"
          >
            <Trans>Gerar relatório</Trans>
          </button>
        }
      />
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        onGenerate={(f) => {
          setOpen(false);
          navigate(`/reports?${reportQuery(f)}`);
        }}
      />
    </PageCard>
  );
}
