import { Trans, useLingui } from '@lingui/react/macro';
import {
  type AdjustDbDto,
  REPROCESS_RECENT_DEFAULT_MINUTES,
  REPROCESS_RECENT_MAX_MINUTES,
  type UpdateInfoDto,
} from '@zapdesk/core';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { IconCopy } from '../../ui/icons';
import { Modal, ModalActions } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { formatBytes } from './monitor-format';
import { reprocessRecentMessages } from './system-control-api';

/**
 * The update action's answer (docs/DECISIONS.md "System control"): what runs, what is available and the procedure
 * to run on the servers — the browser never runs it.
 */
export function UpdateDialog({ info, onClose }: { info: UpdateInfoDto | null; onClose: () => void }) {
  const { t } = useLingui();
  const commands = info?.commands.join('\n') ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(commands);
      toast.success(t`Comandos copiados.`);
    } catch {
      toast.error(t`Não foi possível copiar.`);
    }
  };
  return (
    <Modal
      open={info !== null}
      onClose={onClose}
      title={<Trans>Atualização do sistema</Trans>}
      size="lg"
      testId="system-update-dialog"
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          <Trans>Fechar</Trans>
        </button>
      }
    >
      {info ? (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Versão em execução</Trans>
              </dt>
              <dd className="font-mono" data-testid="update-running">
                {info.running}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Última versão</Trans>
              </dt>
              <dd className="font-mono">{info.latest ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Instalação</Trans>
              </dt>
              <dd>
                {info.mode === 'embedded' ? (
                  <Trans>um processo (embutido)</Trans>
                ) : (
                  <Trans>escalada (API + workers)</Trans>
                )}
              </dd>
            </div>
          </dl>
          {info.updateAvailable === true ? (
            <div role="status" className="alert alert-info alert-soft py-2">
              <Trans>Há uma versão nova disponível.</Trans>
            </div>
          ) : info.updateAvailable === false ? (
            <div role="status" className="alert alert-success alert-soft py-2">
              <Trans>O sistema está na versão mais recente.</Trans>
            </div>
          ) : (
            <div role="status" className="alert alert-soft py-2">
              <Trans>Não foi possível verificar a última versão.</Trans>
              {info.checkError ? <span className="text-base-content/60"> ({info.checkError})</span> : null}
            </div>
          )}
          <div>
            <div className="mb-1 flex items-center justify-between">
              <span className="text-xs text-base-content/60">
                <Trans>Procedimento de atualização (execute nos servidores)</Trans>
              </span>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => void copy()}>
                <IconCopy size={14} />
                <Trans>Copiar</Trans>
              </button>
            </div>
            <pre
              className="overflow-auto rounded-box bg-base-200 p-3 font-mono text-xs leading-relaxed"
              data-testid="update-commands"
            >
              {commands}
            </pre>
          </div>
          <p className="text-base-content/70">
            <Trans>Depois da atualização, recarregue a página.</Trans>
          </p>
        </div>
      ) : null}
    </Modal>
  );
}

/** GET /adjustDb/'s report: migrations, ANALYZE, database and table sizes (non-destructive). */
export function AdjustDbDialog({ report, onClose }: { report: AdjustDbDto | null; onClose: () => void }) {
  const tables = report ? [...report.tables].sort((a, b) => b.totalBytes - a.totalBytes) : [];
  return (
    <Modal
      open={report !== null}
      onClose={onClose}
      title={<Trans>Verificação do banco de dados</Trans>}
      size="lg"
      testId="system-adjust-db-dialog"
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          <Trans>Fechar</Trans>
        </button>
      }
    >
      {report ? (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Migrações</Trans>
              </dt>
              <dd data-testid="adjust-migrations">
                {report.migrations.applied}/{report.migrations.known}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Estatísticas (ANALYZE)</Trans>
              </dt>
              <dd>{report.analyzed ? <Trans>atualizadas</Trans> : <Trans>não atualizadas</Trans>}</dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Tamanho do banco</Trans>
              </dt>
              <dd>{formatBytes(report.databaseBytes)}</dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">
                <Trans>Duração</Trans>
              </dt>
              <dd>{Math.round(report.durationMs)} ms</dd>
            </div>
          </dl>
          {report.migrations.pending.length > 0 ? (
            <div role="alert" className="alert alert-warning alert-soft py-2">
              <Trans>Migrações pendentes: {report.migrations.pending.join(', ')}</Trans>
            </div>
          ) : (
            <div role="status" className="alert alert-success alert-soft py-2">
              <Trans>Nenhuma migração pendente.</Trans>
            </div>
          )}
          <div className="max-h-[40vh] overflow-auto rounded-box border border-base-300">
            <table className="table table-xs table-pin-rows" data-testid="adjust-tables">
              <thead>
                <tr>
                  <th>
                    <Trans>Tabela</Trans>
                  </th>
                  <th className="text-right">
                    <Trans>Linhas (aprox.)</Trans>
                  </th>
                  <th className="text-right">
                    <Trans>Tamanho</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tables.map((tb) => (
                  <tr key={tb.name}>
                    <td className="font-mono">{tb.name}</td>
                    <td className="text-right tabular-nums">{tb.rows.toLocaleString('pt-BR')}</td>
                    <td className="text-right tabular-nums">{formatBytes(tb.totalBytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** reprocessRecentMessages: the raw logs of the last N minutes that produced no message go through the pipeline again */
export function ReprocessRecentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [minutes, setMinutes] = useState(String(REPROCESS_RECENT_DEFAULT_MINUTES));
  const [busy, setBusy] = useState(false);
  const n = Number(minutes);
  const valid = Number.isInteger(n) && n >= 1 && n <= REPROCESS_RECENT_MAX_MINUTES;
  const run = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      const r = await reprocessRecentMessages(n);
      if (r.truncated) toast.info(t`Ainda há mais mensagens no período: execute de novo para continuar.`);
      toast.success(
        r.found === 0
          ? t`Nenhuma mensagem a reprocessar nos últimos ${n} minutos.`
          : t`${r.found} mensagens encontradas: ${r.produced} geraram mensagem, ${r.noted} com observação, ${r.failed} com falha.`,
      );
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const max = REPROCESS_RECENT_MAX_MINUTES;
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={<Trans>Reprocessar mensagens recentes</Trans>}
      size="sm"
      testId="system-reprocess-dialog"
      actions={
        <ModalActions
          onCancel={onClose}
          cancelDisabled={busy}
          onConfirm={() => void run()}
          confirmLabel={<Trans>Reprocessar</Trans>}
          confirmTestId="system-reprocess-confirm"
          busy={busy}
          disabled={!valid}
        />
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-base-content/80">
          <Trans>
            Os eventos recebidos no período que não geraram mensagem (com falha, sem ticket ou ainda não processados)
            passam de novo pelo processamento. Nenhuma mensagem é duplicada.
          </Trans>
        </p>
        <label className="flex flex-col gap-1">
          <span className="font-medium">
            <Trans>Últimos minutos</Trans>
          </span>
          <input
            type="number"
            className={`input w-32 ${valid ? '' : 'input-error'}`}
            min={1}
            max={max}
            step={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            data-testid="system-reprocess-minutes"
          />
          {valid ? null : (
            <span className="text-xs text-error">
              <Trans>De 1 a {max} minutos.</Trans>
            </span>
          )}
        </label>
      </div>
    </Modal>
  );
}
