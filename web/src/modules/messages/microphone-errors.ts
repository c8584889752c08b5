import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { parseApiError } from '../../lib/errors';

/**
 * What a failed `getUserMedia`/recorder start means, by DOMException name (the browser's own `message` is English
 * whatever the UI language: "Requested device not found"). Older Chrome names are kept beside the standard ones.
 */
const MICROPHONE_ERRORS: Record<string, MessageDescriptor> = {
  NotFoundError: msg`Nenhum microfone encontrado. Conecte um microfone e tente novamente.`,
  DevicesNotFoundError: msg`Nenhum microfone encontrado. Conecte um microfone e tente novamente.`,
  NotAllowedError: msg`O acesso ao microfone foi negado. Permita o microfone nas configurações do navegador.`,
  PermissionDeniedError: msg`O acesso ao microfone foi negado. Permita o microfone nas configurações do navegador.`,
  NotReadableError: msg`O microfone está sendo usado por outro aplicativo ou não pôde ser acessado.`,
  TrackStartError: msg`O microfone está sendo usado por outro aplicativo ou não pôde ser acessado.`,
  SecurityError: msg`O navegador bloqueou o microfone nesta página (é preciso uma conexão segura, HTTPS).`,
  AbortError: msg`O microfone foi interrompido antes de a gravação começar. Tente novamente.`,
  OverconstrainedError: msg`O microfone não atende às configurações de gravação.`,
  ConstraintNotSatisfiedError: msg`O microfone não atende às configurações de gravação.`,
  NotSupportedError: msg`Seu navegador não grava áudio.`,
};

/** Spec 1 §8: a microphone failure goes to the shared handler — with a translated text when the failure is known. */
export function microphoneErrorText(err: unknown): string {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  const known = MICROPHONE_ERRORS[name];
  return known ? i18n._(known) : parseApiError(err);
}

/** The failure to throw when the page cannot reach the microphone API at all. */
export function microphoneUnavailable(secureContext: boolean): DOMException {
  // browsers hide navigator.mediaDevices outside secure contexts (plain http on a LAN address)
  return new DOMException('', secureContext ? 'NotSupportedError' : 'SecurityError');
}
