import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The text of a `whatsappSession` error event (reason codes of the channel adapters, see whatsapp.events.ts). */
export function sessionErrorText(name: string, reason: string): string {
  switch (reason) {
    case 'logout':
    case 'loggedOut':
      return i18n._(msg`A conexão ${name} foi desconectada pelo celular. Leia um novo QR Code para reconectar.`);
    case 'forbidden':
      return i18n._(msg`O WhatsApp bloqueou o número da conexão ${name}.`);
    case 'connectionReplaced':
      return i18n._(msg`A sessão da conexão ${name} foi aberta em outro lugar.`);
    case 'qrTimeout':
      return i18n._(msg`O QR Code da conexão ${name} não foi lido a tempo. Tente novamente.`);
    case 'startFailed':
      return i18n._(msg`Não foi possível iniciar a sessão da conexão ${name}.`);
    default:
      return i18n._(msg`A sessão da conexão ${name} foi encerrada. Tente conectar novamente.`);
  }
}
