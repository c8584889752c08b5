import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CONNECTION_TEXT } from '@zapdesk/core';
import { errorParts, parseApiError, translateValidation } from '../../lib/errors';

/** Translations of the connection texts core's schemas and the API answer (pt-BR source = core's CONNECTION_TEXT). */
const TEXTS: Record<string, MessageDescriptor> = {
  [CONNECTION_TEXT.importAfterNow]: msg`A data de importação não pode ser posterior a agora.`,
  [CONNECTION_TEXT.recentBeforeOld]: msg`A data final da importação não pode ser anterior à data inicial.`,
  [CONNECTION_TEXT.importNeedsBoth]: msg`Informe as datas inicial e final da importação.`,
  [CONNECTION_TEXT.invalidDate]: msg`Data inválida.`,
  [CONNECTION_TEXT.simulatorDisabled]: msg`O simulador está desativado neste servidor.`,
  [CONNECTION_TEXT.invalidQueue]: msg`Fila inválida.`,
  'Esta conexão não é do simulador.': msg`Esta conexão não é do simulador.`,
};

/** A validation text of a connection form, translated (falls back to the shared table: 'Too Short!'…). */
export function connectionText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const own = TEXTS[text];
  return own ? i18n._(own) : translateValidation(text);
}

/** `parseApiError` that also knows the connection texts above. */
export function connectionError(err: unknown): string {
  const { message } = errorParts(err);
  if (message && TEXTS[message]) return i18n._(TEXTS[message]);
  return parseApiError(err);
}
