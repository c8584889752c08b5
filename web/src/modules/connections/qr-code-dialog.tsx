import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { toastError } from '../../lib/errors';
import { Modal } from '../../ui/modal';
import { connectionsAtom } from './atoms/connections-atom';
import { normalizeStatus } from './connection-state';
import { simulateScan } from './connections-api';

/** The QR code as an image (rendered in the browser: the code never leaves the page). */
function useQrImage(code: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (!code) {
      setSrc(null);
      return;
    }
    QRCode.toDataURL(code, { width: 264, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => alive && setSrc(url))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [code]);
  return src;
}

/**
 * The QR-code modal (spec 1 §2, §4 'qrcode: the QR code is shown'). The code follows the live session updates
 * (WhatsApp renews it every few seconds); the modal closes by itself once the phone has read it.
 */
export function QrCodeDialog({ whatsappId, onClose }: { whatsappId: number; onClose: () => void }) {
  const { t } = useLingui();
  const { list } = useAtomValue(connectionsAtom);
  const w = list.find((x) => x.id === whatsappId);
  const status = w ? normalizeStatus(w.status) : null;
  const src = useQrImage(status === 'qrcode' ? (w?.qrcode ?? null) : null);
  const [scanning, setScanning] = useState(false);

  useEffect(() => {
    // read by the phone (OPENING → CONNECTED), deleted, or disconnected meanwhile: nothing left to scan
    if (!w || status === 'OPENING' || status === 'CONNECTED') onClose();
  }, [w, status, onClose]);

  const scan = async () => {
    setScanning(true);
    try {
      await simulateScan(whatsappId);
    } catch (err) {
      toastError(err);
    } finally {
      setScanning(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={<Trans>QR Code</Trans>} size="md" testId="qr-dialog">
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div className="flex size-[272px] shrink-0 items-center justify-center rounded-box border border-base-300 bg-white p-1">
          {src ? (
            <img src={src} alt={t`QR Code da conexão ${w?.name ?? ''}`} className="size-full" data-testid="qr-image" />
          ) : (
            <span className="flex flex-col items-center gap-2 text-sm text-base-content/60">
              <span className="loading loading-spinner loading-md" />
              <Trans>Aguardando o QR Code…</Trans>
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-3 text-sm">
          <p className="font-medium">
            <Trans>Leia o QrCode para iniciar a sessão</Trans>
          </p>
          <ol className="list-decimal space-y-1 pl-5 text-base-content/80">
            <li>
              <Trans>Abra o WhatsApp no seu celular.</Trans>
            </li>
            <li>
              <Trans>Toque em Mais opções ou Configurações e selecione Aparelhos conectados.</Trans>
            </li>
            <li>
              <Trans>Toque em Conectar um aparelho.</Trans>
            </li>
            <li>
              <Trans>Aponte o celular para esta tela para ler o código.</Trans>
            </li>
          </ol>
          {w && w.retries > 1 ? (
            <p className="text-xs text-base-content/60">
              <Trans>O código é renovado automaticamente (tentativa {w.retries}).</Trans>
            </p>
          ) : null}
          {w?.lib === 'simulator' ? (
            <div className="rounded-box border border-dashed border-primary/40 bg-primary/5 p-3">
              <p className="mb-2 text-xs text-base-content/70">
                <Trans>Conexão do simulador: nenhum celular real é necessário.</Trans>
              </p>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={scan}
                disabled={scanning || !src}
                data-testid="qr-simulate-scan"
              >
                {scanning ? <span className="loading loading-spinner loading-xs" /> : null}
                <Trans>Simular leitura do QR Code</Trans>
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
