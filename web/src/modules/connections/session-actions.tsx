import { Trans } from '@lingui/react/macro';
import type { WhatsappDto } from '@zapdesk/core';
import { useAtomValue } from 'jotai';
import { IconEraser, IconQrCode, IconRefresh, IconUnplug } from '../../ui/icons';
import { importProgressAtom } from './atoms/import-progress-atom';
import { type ImportView, type SessionAction, sessionActions } from './connection-state';

export type RowCommand = SessionAction | 'closeImported';

/** The session column of one connection (spec 1 §4): the status-dependent buttons and the import state. */
export function SessionActions({
  w,
  importState,
  busy,
  onCommand,
  compact = false,
}: {
  /** the table's smaller buttons (the cards use the regular size) */
  compact?: boolean;
  w: WhatsappDto;
  importState: ImportView;
  busy: RowCommand | null;
  onCommand: (cmd: RowCommand) => void;
}) {
  const progress = useAtomValue(importProgressAtom)[w.id];
  const spin = (cmd: RowCommand) => (busy === cmd ? <span className="loading loading-spinner loading-xs" /> : null);
  const btn = `btn ${compact ? 'btn-xs' : 'btn-sm'} whitespace-nowrap`;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="session-actions">
      {sessionActions(w.status).map((a) => {
        switch (a) {
          case 'tryAgain':
            return (
              <button
                key={a}
                type="button"
                className={`${btn} btn-outline btn-primary`}
                disabled={busy !== null}
                onClick={() => onCommand(a)}
                data-testid="session-try-again"
              >
                {spin(a) ?? <IconRefresh size={14} />}
                <Trans>Tentar novamente</Trans>
              </button>
            );
          case 'newQr':
            return (
              <button
                key={a}
                type="button"
                className={`${btn} btn-ghost`}
                disabled={busy !== null}
                onClick={() => onCommand(a)}
                data-testid="session-new-qr"
              >
                {spin(a) ?? <IconQrCode size={14} />}
                <Trans>Novo QR CODE</Trans>
              </button>
            );
          case 'showQr':
            return (
              <button
                key={a}
                type="button"
                className={`${btn} btn-primary`}
                onClick={() => onCommand(a)}
                data-testid="session-show-qr"
              >
                <IconQrCode size={14} />
                <Trans>QR CODE</Trans>
              </button>
            );
          case 'connecting':
            return (
              <button key={a} type="button" className={`${btn} btn-ghost`} disabled data-testid="session-connecting">
                <span className="loading loading-spinner loading-xs" />
                <Trans>Conectando</Trans>
              </button>
            );
          case 'clean':
            return (
              <button
                key={a}
                type="button"
                className={`${btn} btn-ghost text-warning`}
                disabled={busy !== null}
                onClick={() => onCommand(a)}
                data-testid="session-clean"
              >
                {spin(a) ?? <IconEraser size={14} />}
                <Trans>Limpar sessão</Trans>
              </button>
            );
          case 'disconnect':
            return (
              <button
                key={a}
                type="button"
                className={`${btn} btn-ghost text-error`}
                disabled={busy !== null}
                onClick={() => onCommand(a)}
                data-testid="session-disconnect"
              >
                {spin(a) ?? <IconUnplug size={14} />}
                <Trans>Desconectar</Trans>
              </button>
            );
        }
        return null;
      })}
      {importState.kind === 'preparing' ? (
        <button type="button" className={`${btn} btn-ghost`} disabled data-testid="import-preparing">
          <span className="loading loading-spinner loading-xs" />
          <Trans>Preparando importação</Trans>
        </button>
      ) : importState.kind === 'running' ? (
        <span className="badge badge-soft badge-info gap-1.5 whitespace-nowrap" data-testid="import-running">
          <span className="loading loading-spinner loading-xs" />
          {progress && progress.this > 0 ? (
            <Trans>Importando mensagens: {progress.this}</Trans>
          ) : (
            <Trans>Importando mensagens</Trans>
          )}
        </span>
      ) : importState.kind === 'closeTickets' ? (
        <button
          type="button"
          className={`${btn} btn-success btn-outline`}
          disabled={busy !== null}
          onClick={() => onCommand('closeImported')}
          data-testid="import-close-tickets"
        >
          {spin('closeImported')}
          <Trans>Fechar tickets importados</Trans>
        </button>
      ) : null}
    </div>
  );
}
