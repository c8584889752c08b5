import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ConnectionStatus, normalizeStatus } from './connection-state';

type StatusLook = { label: MessageDescriptor; title: MessageDescriptor; hint?: MessageDescriptor; tone: string };

/** Label, tooltip (the product's texts) and colour of each status (spec 1 §4). */
export const STATUS_LOOK: Record<ConnectionStatus, StatusLook> = {
  CONNECTED: { label: msg`Conectado`, title: msg`Conexão estabelecida!`, tone: 'badge-success' },
  qrcode: {
    label: msg`Aguardando QR Code`,
    title: msg`Esperando leitura do QR Code`,
    hint: msg`Clique no botão 'QR CODE' e leia o QR Code com o seu celular para iniciar a sessão`,
    tone: 'badge-info',
  },
  OPENING: { label: msg`Conectando`, title: msg`Conectando ao WhatsApp…`, tone: 'badge-warning' },
  PAIRING: {
    label: msg`Pareando`,
    title: msg`Aguardando o pareamento no celular`,
    hint: msg`Digite o código de pareamento no WhatsApp do celular, ou desconecte para recomeçar.`,
    tone: 'badge-warning',
  },
  TIMEOUT: {
    label: msg`Sem resposta`,
    title: msg`A conexão com o celular foi perdida`,
    hint: msg`Certifique-se de que seu celular esteja conectado à internet e o WhatsApp esteja aberto, ou clique no botão 'Desconectar' para obter um novo QR Code`,
    tone: 'badge-error',
  },
  DISCONNECTED: {
    label: msg`Desconectado`,
    title: msg`Falha ao iniciar sessão do WhatsApp`,
    hint: msg`Certifique-se de que seu celular esteja conectado à internet e tente novamente, ou solicite um novo QR Code`,
    tone: 'badge-error',
  },
};

export function ConnectionStatusChip({ status, small = false }: { status: string; small?: boolean }) {
  const { i18n } = useLingui();
  const key = normalizeStatus(status);
  const look = STATUS_LOOK[key];
  const tip = look.hint ? `${i18n._(look.title)} — ${i18n._(look.hint)}` : i18n._(look.title);
  return (
    <span className="tooltip tooltip-bottom before:max-w-64 before:whitespace-normal" data-tip={tip}>
      <span
        className={`badge badge-soft ${look.tone} ${small ? 'badge-sm' : ''} gap-1.5 whitespace-nowrap font-medium`}
        data-testid="connection-status"
        data-status={key}
      >
        {key === 'OPENING' ? (
          <span className="loading loading-spinner loading-xs" />
        ) : (
          <span className="size-2 rounded-full bg-current" />
        )}
        {i18n._(look.label)}
      </span>
    </span>
  );
}
