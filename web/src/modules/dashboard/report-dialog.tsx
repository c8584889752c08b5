import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useOptionsOnce } from '../../lib/use-options-once';
import { Modal, ModalActions } from '../../ui/modal';
import { useCompanyTimeZone } from '../schedules/use-company-time-zone';
import { fetchAllUsers, fetchQueues } from '../tickets/tickets-api';
import { dayRangeProblem, reportDefaultDays } from './date-range';
import { PeriodText } from './period-text';
import { RangeProblemText } from './range-error';
import type { ReportFilter } from './report-data';

type Option = { id: number; name: string; color?: string | null };

/** A bordered checkbox list with Todos / Nenhum (inline: a dropdown would be clipped by the dialog). */
function CheckList({
  label,
  options,
  selected,
  onChange,
  allLabel,
  testId,
}: {
  label: string;
  options: readonly Option[] | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  allLabel: string;
  testId: string;
}) {
  const count = selected.length;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <legend className="mb-1 flex w-full items-center justify-between text-sm font-medium">
        <span>{label}</span>
        <span className="flex gap-2 text-xs font-normal">
          <button
            type="button"
            className="link link-primary"
            onClick={() => onChange((options ?? []).map((o) => o.id))}
          >
            <Trans>Todos</Trans>
          </button>
          <button type="button" className="link" onClick={() => onChange([])}>
            <Trans>Nenhum</Trans>
          </button>
        </span>
      </legend>
      <div className="h-40 overflow-y-auto rounded-field border border-base-300 p-1">
        {options === null ? (
          <span className="loading loading-spinner loading-sm m-2" />
        ) : options.length === 0 ? (
          <p className="px-2 py-1 text-sm text-base-content/60">
            <Trans>Nenhuma opção</Trans>
          </p>
        ) : (
          options.map((o) => (
            <label
              key={o.id}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-base-200"
            >
              <input
                type="checkbox"
                className="checkbox checkbox-sm checkbox-primary"
                checked={selected.includes(o.id)}
                onChange={() => toggle(o.id)}
                data-testid={`${testId}-option`}
              />
              {o.color ? (
                <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: o.color }} />
              ) : null}
              <span className="truncate">{o.name}</span>
            </label>
          ))
        )}
      </div>
      <p className="text-xs text-base-content/60">{count ? <Trans>Selecionados: {count}</Trans> : allLabel}</p>
    </fieldset>
  );
}

/**
 * The report dialog (spec 3 §2): initial and final date (default: the last 30 days, spec 3 §9), queues and users
 * (none chosen = all). Confirming hands the filter to `onGenerate` (the print view's address).
 */
export function ReportDialog({
  open,
  onClose,
  onGenerate,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  onGenerate: (f: ReportFilter) => void;
  initial?: ReportFilter | null;
}) {
  const { t } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={t`Gerar relatório`} size="lg" testId="report-dialog">
      <ReportForm onClose={onClose} onGenerate={onGenerate} initial={initial ?? null} />
    </Modal>
  );
}

function ReportForm({
  onClose,
  onGenerate,
  initial,
}: {
  onClose: () => void;
  onGenerate: (f: ReportFilter) => void;
  initial: ReportFilter | null;
}) {
  const { t } = useLingui();
  const zone = useCompanyTimeZone();
  const [f, setF] = useState<ReportFilter>(
    () => initial ?? { ...reportDefaultDays(new Date(), zone), selectedQueueIds: [], selectedUserIds: [] },
  );
  const queues = useOptionsOnce(fetchQueues, []);
  const users = useOptionsOnce(fetchAllUsers, []);
  const problem = dayRangeProblem(f.initialDate, f.finalDate);
  const bad = problem !== null;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">
            <Trans>Data inicial</Trans>
          </span>
          <input
            type="date"
            className="input input-sm w-full"
            value={f.initialDate}
            max={f.finalDate || undefined}
            onChange={(e) => setF({ ...f, initialDate: e.target.value })}
            data-testid="report-initial"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">
            <Trans>Data final</Trans>
          </span>
          <input
            type="date"
            className="input input-sm w-full"
            value={f.finalDate}
            min={f.initialDate || undefined}
            onChange={(e) => setF({ ...f, finalDate: e.target.value })}
            data-testid="report-final"
          />
        </label>
      </div>
      {bad || !f.initialDate || !f.finalDate ? null : (
        <PeriodText from={f.initialDate} to={f.finalDate} zone={zone} withTime={false} testId="report-period" />
      )}
      <RangeProblemText problem={problem} testId="report-range-error" />
      <div className="grid gap-4 sm:grid-cols-2">
        <CheckList
          label={t`Filas`}
          options={queues}
          selected={f.selectedQueueIds}
          onChange={(selectedQueueIds) => setF({ ...f, selectedQueueIds })}
          allLabel={t`Todas as filas`}
          testId="report-queues"
        />
        <CheckList
          label={t`Usuários`}
          options={users}
          selected={f.selectedUserIds}
          onChange={(selectedUserIds) => setF({ ...f, selectedUserIds })}
          allLabel={t`Todos os usuários`}
          testId="report-users"
        />
      </div>
      <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-base-300 px-5 py-3">
        <ModalActions
          onCancel={onClose}
          onConfirm={() => onGenerate(f)}
          confirmLabel={<Trans>Gerar relatório</Trans>}
          confirmTestId="report-generate"
          disabled={bad}
        />
      </div>
    </div>
  );
}
