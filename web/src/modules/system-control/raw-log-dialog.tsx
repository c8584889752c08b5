import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageBruteLogDto, RawLogOutcome } from '@zapdesk/core';
import type { ReactNode } from 'react';
import { IconCopy, IconRotate } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toasts/toast';
import { logTone, prettyJson } from './message-log-rules';

/** DD/MM/YYYY HH:mm:ss (spec 3 §1 dates) */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleDateString('pt-BR')} ${d.toLocaleTimeString('pt-BR')}`;
}

/** what processing the log came to (core's RawLogOutcome), with the error or note as the tooltip */
export function LogStatusBadge({ outcome, error }: { outcome: RawLogOutcome; error: string | null }) {
  const { t } = useLingui();
  const look: Record<RawLogOutcome, { label: string; cls: string }> = {
    ok: { label: t`Processado`, cls: 'badge-success' },
    warning: { label: t`Aviso`, cls: 'badge-warning' },
    unknown: { label: t`Sem ticket`, cls: 'badge-neutral' },
    error: { label: t`Falhou`, cls: 'badge-error' },
    pending: { label: t`Recebido`, cls: 'badge-info' },
  };
  const { label, cls } = look[outcome] ?? { label: outcome, cls: 'badge-ghost' };
  return (
    <span
      className={`badge badge-soft badge-sm whitespace-nowrap ${cls}`}
      title={error ?? undefined}
      data-testid="log-status"
    >
      {label}
    </span>
  );
}

function Field({ label, children, wide }: { label: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2 sm:col-span-4' : ''}`}>
      <dt className="text-xs text-base-content/60">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

const NONE = <span className="text-base-content/40">—</span>;

/** One raw log: its fields (spec 3 §3) and the raw event (JsonValue) as indented JSON, to copy or reprocess. */
export function RawLogDialog({
  log,
  onClose,
  onReprocess,
  busy,
}: {
  log: MessageBruteLogDto | null;
  onClose: () => void;
  onReprocess?: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const json = log ? prettyJson(log.JsonValue) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      toast.success(t`JSON copiado.`);
    } catch {
      toast.error(t`Não foi possível copiar.`);
    }
  };
  const tone = log ? logTone(log) : 'normal';
  return (
    <Modal
      open={log !== null}
      onClose={onClose}
      title={log ? t`Log #${log.id}` : ''}
      size="lg"
      testId="log-dialog"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => void copy()} data-testid="log-copy">
            <IconCopy size={16} />
            <Trans>Copiar JSON</Trans>
          </button>
          {onReprocess ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={onReprocess}
              disabled={busy}
              data-testid="log-dialog-reprocess"
            >
              {busy ? <span className="loading loading-spinner loading-sm" /> : <IconRotate size={16} />}
              <Trans>Reprocessar</Trans>
            </button>
          ) : null}
        </>
      }
    >
      {log ? (
        <div className="flex flex-col gap-4">
          {tone === 'unknown' ? (
            <div role="status" className="alert alert-soft border-orange-500/40 bg-orange-500/15 py-2 text-sm">
              <Trans>Este evento não gerou ticket (tipo desconhecido).</Trans>
            </div>
          ) : tone === 'warning' ? (
            <div role="status" className="alert alert-warning alert-soft py-2 text-sm">
              <Trans>Ticket negativo: o evento foi tratado com aviso.</Trans> {log.error ? `(${log.error})` : null}
            </div>
          ) : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
            <Field label={<Trans>Data</Trans>}>{formatDateTime(log.createdAt)}</Field>
            <Field label={<Trans>Situação</Trans>}>
              <LogStatusBadge outcome={log.outcome} error={null} />
            </Field>
            <Field label={<Trans>Tipo</Trans>}>{log.type ?? NONE}</Field>
            <Field label={<Trans>Ticket</Trans>}>{log.ticketId ?? NONE}</Field>
            <Field label={<Trans>Empresa</Trans>}>{log.companyId}</Field>
            <Field label={<Trans>Conexão</Trans>}>{log.whatsappId ?? NONE}</Field>
            <Field label={<Trans>Direção</Trans>}>
              {log.fromMe ? <Trans>enviada</Trans> : <Trans>recebida</Trans>}
            </Field>
            <Field label={<Trans>Tempo de processamento</Trans>}>
              {log.details1 === null ? NONE : `${log.details1} ms`}
            </Field>
            <Field label="remoteJid" wide>
              {log.remoteJid ?? NONE}
            </Field>
            <Field label="messageId" wide>
              {log.messageId ?? NONE}
            </Field>
            <Field label={<Trans>Conteúdo</Trans>} wide>
              {log.details0 || NONE}
            </Field>
            {log.error ? (
              <Field label={log.outcome === 'error' ? <Trans>Erro</Trans> : <Trans>Observação</Trans>} wide>
                <span className="text-error" data-testid="log-error">
                  {log.error}
                </span>
              </Field>
            ) : null}
          </dl>
          <div>
            <div className="mb-1 text-xs text-base-content/60">JsonValue</div>
            <pre
              className="max-h-[35vh] overflow-auto rounded-box bg-base-200 p-3 font-mono text-xs leading-relaxed"
              data-testid="log-json"
            >
              {json}
            </pre>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
