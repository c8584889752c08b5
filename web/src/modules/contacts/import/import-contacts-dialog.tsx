import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ContactImportReport, isErrorCode } from '@zapdesk/core';
import {
  type ImportColumn,
  type ImportRowProblem,
  ImportSheetError,
  type ValidImportRow,
  validateImportRows,
} from '@zapdesk/core/contacts/import-sheet';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { parseApiError, toastError, translateValidation } from '../../../lib/errors';
import { IconAlert, IconCheck, IconDownload, IconSheet, IconUpload } from '../../../ui/icons';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toasts/toast';
import { useCapabilities } from '../../auth/use-capabilities';
import { downloadImportTemplate, importContactsFile, importOneContact } from '../contacts-api';
import { readContactSheet } from './read-sheet';
import { endsImport, runPacedImport } from './run-import';

/**
 * Files up to this many valid rows are imported one contact at a time (spec: 150 ms apart, a message per contact);
 * bigger ones go to the server in one request (`POST /contacts/import`), which reports every row at once — one by one
 * would take 25 minutes for 10,000 rows.
 */
export const CLIENT_IMPORT_MAX_ROWS = 1000;
/** The progress log keeps the latest messages; every failure stays in the error list. */
const LOG_SIZE = 100;

type Failure = { row: number; field?: ImportColumn; text: string };
type LogEntry = { row: number; name: string; number: string; status: 'created' | 'updated' | 'failed'; text?: string };
type Counters = { created: number; updated: number; skipped: number; failed: number };

type State =
  | { phase: 'pick'; error?: string }
  | { phase: 'reading'; fileName: string }
  | { phase: 'ready'; file: File; total: number; valid: ValidImportRow[]; failures: Failure[] }
  | {
      phase: 'running' | 'done';
      mode: 'client' | 'server';
      total: number;
      valid: number;
      done: number;
      counters: Counters;
      failures: Failure[];
      log: LogEntry[];
      stopped?: boolean;
    };

/**
 * Contact import (spec 1 §4, §7, §8; Settings and contacts page): pick an .xlsx, see how many rows are ready and
 * which are refused (with the reason) before anything is sent, then import with a progress message, a message per
 * contact and one per failure. Re-importing the same file creates nothing new (the server matches on number).
 */
export function ImportContactsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ phase: 'pick' });
  const caps = useCapabilities();
  // the one-request import is the settings screen's (API: manageSettings); others import one contact at a time
  const bulk = (n: number) => n > CLIENT_IMPORT_MAX_ROWS && !!caps?.manageSettings;
  const abort = useRef<AbortController | null>(null);
  const closed = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // leaving the dialog stops a running import before its next contact
  useEffect(
    () => () => {
      closed.current = true;
      abort.current?.abort();
    },
    [],
  );

  const repeatedText = (first: number) => t`Número repetido na planilha (linha ${first})`;
  const problemText = (p: ImportRowProblem): string =>
    p.repeatedOf !== undefined ? repeatedText(p.repeatedOf) : (translateValidation(p.message) ?? p.message);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setState({ phase: 'reading', fileName: file.name });
    try {
      const rows = await readContactSheet(file);
      const { valid, problems } = validateImportRows(rows);
      setState({
        phase: 'ready',
        file,
        total: rows.length,
        valid,
        failures: problems.map((p) => ({ row: p.row, field: p.field, text: problemText(p) })),
      });
    } catch (err) {
      setState({
        phase: 'pick',
        error: err instanceof ImportSheetError ? translateValidation(err.message) : t`Envie uma planilha .xlsx`,
      });
    }
  };

  const startClient = async (ready: Extract<State, { phase: 'ready' }>) => {
    const ctl = new AbortController();
    abort.current = ctl;
    setState({
      phase: 'running',
      mode: 'client',
      total: ready.total,
      valid: ready.valid.length,
      done: 0,
      counters: { created: 0, updated: 0, skipped: 0, failed: ready.failures.length },
      failures: ready.failures,
      log: [],
    });
    const totals = await runPacedImport({
      rows: ready.valid,
      send: async (row) => {
        const { created } = await importOneContact({ name: row.name, number: row.number, email: row.email });
        return { created };
      },
      signal: ctl.signal,
      isFatal: endsImport,
      onOutcome: (o) => {
        const failed = o.status === 'failed';
        const text = failed ? parseApiError(o.error) : undefined;
        setState((s) => {
          if (s.phase !== 'running') return s;
          const entry: LogEntry = { row: o.row.row, name: o.row.name, number: o.row.number, status: o.status, text };
          return {
            ...s,
            done: s.done + 1,
            counters: {
              ...s.counters,
              created: s.counters.created + (o.status === 'created' ? 1 : 0),
              updated: s.counters.updated + (o.status === 'updated' ? 1 : 0),
              failed: s.counters.failed + (failed ? 1 : 0),
            },
            failures: failed ? [...s.failures, { row: o.row.row, text: text ?? '' }] : s.failures,
            log: [entry, ...s.log].slice(0, LOG_SIZE),
          };
        });
      },
    });
    abort.current = null;
    // closing the dialog already said the import stopped
    if (closed.current) return;
    setState((s) => (s.phase === 'running' ? { ...s, phase: 'done', stopped: totals.stopped } : s));
    const { created, updated } = totals;
    const failed = totals.failed + ready.failures.length;
    if (totals.stopped) toast.warning(t`Importação interrompida: ${created} criados, ${updated} atualizados.`);
    else toast.success(t`Importação concluída: ${created} criados, ${updated} atualizados, ${failed} com erro.`);
  };

  const startServer = async (ready: Extract<State, { phase: 'ready' }>) => {
    setState({
      phase: 'running',
      mode: 'server',
      total: ready.total,
      valid: ready.valid.length,
      done: 0,
      counters: { created: 0, updated: 0, skipped: 0, failed: 0 },
      failures: [],
      log: [],
    });
    try {
      const report: ContactImportReport = await importContactsFile(ready.file);
      const failures = report.errors.map((e) => ({ row: e.row, field: e.field, text: serverReason(e) }));
      setState({
        phase: 'done',
        mode: 'server',
        total: report.total,
        valid: report.total - report.errors.length,
        done: report.total - report.errors.length,
        counters: {
          created: report.created,
          updated: report.updated,
          skipped: report.skipped,
          failed: report.errors.length,
        },
        failures,
        log: [],
      });
      const { created, updated } = report;
      const failed = report.errors.length;
      toast.success(t`Importação concluída: ${created} criados, ${updated} atualizados, ${failed} com erro.`);
    } catch (err) {
      toastError(err);
      setState(ready);
    }
  };

  /**
   * The server's reason is a Portuguese row text naming its field (core IMPORT_ROW_TEXTS), the repeated-number text,
   * or an error code's text (no WhatsApp): shown translated, in one language.
   */
  const serverReason = (e: ContactImportReport['errors'][number]): string => {
    const repeated = /linha (\d+)/.exec(e.reason);
    if (e.code === 'ERR_DUPLICATED_CONTACT' && repeated) return repeatedText(Number(repeated[1]));
    if (e.code !== 'ERR_VALIDATION' && isErrorCode(e.code)) return parseApiError({ error: e.code });
    return translateValidation(e.reason) ?? e.reason;
  };

  const stop = () => abort.current?.abort();
  const running = state.phase === 'running';

  const close = () => {
    closed.current = true;
    if (running && state.mode === 'client') {
      stop();
      toast.warning(t`Importação interrompida.`);
    }
    onClose();
  };

  return (
    <Modal open onClose={close} title={<Trans>Importar contatos</Trans>} size="lg" testId="import-dialog">
      <input
        ref={fileInput}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="hidden"
        onChange={pick}
        data-testid="import-file"
      />
      {state.phase === 'pick' || state.phase === 'reading' ? (
        <div className="flex flex-col gap-4">
          <button
            type="button"
            className="flex flex-col items-center gap-2 rounded-box border-2 border-dashed border-base-300 px-6 py-10 text-center transition hover:border-primary hover:bg-base-200/40"
            onClick={() => fileInput.current?.click()}
            disabled={state.phase === 'reading'}
            data-testid="import-pick"
          >
            {state.phase === 'reading' ? (
              <>
                <span className="loading loading-spinner loading-lg text-primary" />
                <span className="font-medium">
                  <Trans>Lendo planilha…</Trans>
                </span>
                <span className="text-sm text-base-content/60">{state.fileName}</span>
              </>
            ) : (
              <>
                <IconSheet size={36} className="text-primary" />
                <span className="font-medium">
                  <Trans>Escolher planilha .xlsx</Trans>
                </span>
                <span className="text-sm text-base-content/60">
                  <Trans>Colunas: name, number e email (opcional). Até 10000 linhas, 5 MB.</Trans>
                </span>
              </>
            )}
          </button>
          {state.phase === 'pick' && state.error ? (
            <div role="alert" className="alert alert-error alert-soft" data-testid="import-error">
              <IconAlert size={18} />
              <span>{state.error}</span>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-base-content/70">
            <span>
              <Trans>Contatos que já existem (mesmo número) são atualizados, nunca duplicados.</Trans>
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => downloadImportTemplate().catch(toastError)}
              data-testid="import-template"
            >
              <IconDownload size={16} />
              <Trans>Baixar modelo</Trans>
            </button>
          </div>
        </div>
      ) : null}

      {state.phase === 'ready' ? (
        <div className="flex flex-col gap-4" data-testid="import-ready">
          <div className="flex items-center gap-3 rounded-box bg-base-200/60 px-4 py-3">
            <IconSheet size={24} className="shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{state.file.name}</p>
              <p className="text-sm text-base-content/70" data-testid="import-summary">
                <Trans>
                  {state.total} linhas: {state.valid.length} prontas para importar, {state.failures.length} com erro.
                </Trans>
              </p>
            </div>
          </div>
          {bulk(state.valid.length) ? (
            <div className="alert alert-info alert-soft text-sm">
              <Trans>
                Planilhas com mais de 1000 contatos são importadas de uma vez pelo servidor; o resultado de cada linha
                aparece ao final.
              </Trans>
            </div>
          ) : null}
          <FailureList failures={state.failures} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-base-300 pt-3">
            <button type="button" className="btn btn-ghost" onClick={() => fileInput.current?.click()}>
              <Trans>Escolher outro arquivo</Trans>
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.valid.length === 0}
              onClick={() => (bulk(state.valid.length) ? startServer(state) : startClient(state))}
              data-testid="import-start"
            >
              <IconUpload size={16} />
              <Plural
                value={state.valid.length}
                _0="Importar # contatos"
                one="Importar # contato"
                other="Importar # contatos"
              />
            </button>
          </div>
        </div>
      ) : null}

      {state.phase === 'running' || state.phase === 'done' ? (
        <div className="flex flex-col gap-4" data-testid={state.phase === 'done' ? 'import-done' : 'import-running'}>
          {state.phase === 'running' ? (
            <div className="flex flex-col gap-2" data-testid="import-progress">
              {state.mode === 'client' ? (
                <>
                  <p className="font-medium" data-testid="import-progress-text">
                    <Trans>
                      Importando contatos: {state.done} de {state.valid}
                    </Trans>
                  </p>
                  <progress className="progress progress-primary w-full" value={state.done} max={state.valid} />
                </>
              ) : (
                <>
                  <p className="font-medium" data-testid="import-progress-text">
                    <Trans>Importando {state.valid} contatos no servidor…</Trans>
                  </p>
                  <progress className="progress progress-primary w-full" />
                </>
              )}
            </div>
          ) : (
            <div
              role="status"
              className={`alert alert-soft ${state.stopped ? 'alert-warning' : 'alert-success'}`}
              data-testid="import-result"
            >
              {state.stopped ? <IconAlert size={18} /> : <IconCheck size={18} />}
              <span>
                {state.stopped ? (
                  <Trans>
                    Importação interrompida: {state.done} de {state.valid} contatos enviados.
                  </Trans>
                ) : (
                  <Trans>Importação concluída.</Trans>
                )}
              </span>
            </div>
          )}
          <div className="stats stats-horizontal w-full border border-base-300">
            <Stat label={<Trans>Criados</Trans>} value={state.counters.created} testId="import-created" />
            <Stat
              label={<Trans>Atualizados</Trans>}
              value={state.counters.updated + state.counters.skipped}
              testId="import-updated"
            />
            <Stat label={<Trans>Com erro</Trans>} value={state.counters.failed} testId="import-failed" error />
          </div>
          {state.log.length ? (
            <div>
              <h4 className="mb-1 text-sm font-semibold text-base-content/70">
                <Trans>Andamento</Trans>
              </h4>
              <ul
                className="max-h-40 overflow-auto rounded-box border border-base-300 text-sm"
                data-testid="import-log"
              >
                {state.log.map((e) => (
                  <li
                    key={`${e.row}-${e.status}`}
                    className="flex items-center gap-2 border-b border-base-200 px-3 py-1.5 last:border-0"
                  >
                    {e.status === 'failed' ? (
                      <IconAlert size={14} className="shrink-0 text-error" />
                    ) : (
                      <IconCheck size={14} className="shrink-0 text-success" />
                    )}
                    <span className="min-w-0 flex-1 truncate">
                      {e.status === 'created' ? (
                        <Trans>
                          Linha {e.row}: {e.name} importado
                        </Trans>
                      ) : e.status === 'updated' ? (
                        <Trans>
                          Linha {e.row}: {e.name} já existia (atualizado)
                        </Trans>
                      ) : (
                        <Trans>
                          Linha {e.row}: {e.name} — {e.text}
                        </Trans>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <FailureList failures={state.failures} />
          <div className="flex justify-end gap-2 border-t border-base-300 pt-3">
            {running && state.mode === 'client' ? (
              <button type="button" className="btn btn-warning btn-soft" onClick={stop} data-testid="import-stop">
                <Trans>Parar importação</Trans>
              </button>
            ) : null}
            {state.phase === 'done' ? (
              <>
                <button type="button" className="btn btn-ghost" onClick={() => setState({ phase: 'pick' })}>
                  <Trans>Importar outra planilha</Trans>
                </button>
                <button type="button" className="btn btn-primary" onClick={onClose} data-testid="import-close">
                  <Trans>Fechar</Trans>
                </button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function Stat({
  label,
  value,
  testId,
  error,
}: {
  label: React.ReactNode;
  value: number;
  testId: string;
  error?: boolean;
}) {
  return (
    <div className="stat px-4 py-2">
      <div className="stat-title">{label}</div>
      <div className={`stat-value text-2xl ${error && value ? 'text-error' : ''}`} data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** Every refused row with its reason, in row order. */
function FailureList({ failures }: { failures: Failure[] }) {
  if (!failures.length) return null;
  const sorted = [...failures].sort((a, b) => a.row - b.row);
  return (
    <div>
      <h4 className="mb-1 text-sm font-semibold text-error">
        <Plural value={failures.length} _0="# linhas com erro" one="# linha com erro" other="# linhas com erro" />
      </h4>
      <ul
        className="max-h-48 overflow-auto rounded-box border border-error/30 bg-error/5 text-sm"
        data-testid="import-problems"
      >
        {sorted.map((f) => (
          <li
            key={`${f.row}-${f.text}`}
            className="flex gap-2 border-b border-error/10 px-3 py-1.5 last:border-0"
            data-testid="import-problem"
            data-row={f.row}
          >
            <span className="shrink-0 font-medium tabular-nums">
              <Trans>Linha {f.row}</Trans>
            </span>
            <span className="min-w-0 flex-1">{f.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
