import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SCHEDULE_ACTION_TEXTS } from '@zapdesk/core';
import { translateValidation } from '../../lib/errors';

/**
 * Translations of core's scheduled-action texts (form validation answered by the API, and failure reasons of the
 * cards), keyed by core's constant so a changed core text fails the test instead of showing untranslated.
 */
export const SCHEDULE_ACTION_MESSAGES: Record<keyof typeof SCHEDULE_ACTION_TEXTS, MessageDescriptor> = {
  action: msg`Selecione uma ação: updateTicket, sendMessage, updateCampaign ou test`,
  delayNumber: msg`O atraso deve ser um número (ms)`,
  delayMin: msg`O atraso não pode ser negativo`,
  delayStep: msg`O atraso deve ser múltiplo de 500 ms`,
  delayMax: msg`O atraso não pode passar de 30 dias (2592000000 ms)`,
  name: msg`O nome pode ter no máximo 100 caracteres`,
  jsonInvalid: msg`Os dados não são um JSON válido`,
  jsonObject: msg`Os dados devem ser um objeto JSON`,
  jsonTooLarge: msg`Os dados não podem passar de 10000 caracteres`,
  unknownField: msg`Campo desconhecido`,
  ticketId: msg`Informe um ticketId válido`,
  ticketOrNumber: msg`Informe o ticket (ticketId) ou o número (number)`,
  ticketAndNumber: msg`Informe o ticket (ticketId) ou o número (number), não os dois`,
  number: msg`Número inválido`,
  whatsappWithTicket: msg`A conexão (whatsappId) só vale com um número: o ticket usa a própria conexão`,
  whatsappId: msg`Informe um whatsappId válido`,
  body: msg`A mensagem não pode ficar vazia`,
  bodyMax: msg`A mensagem pode ter no máximo 4096 caracteres`,
  status: msg`Status inválido: open, pending ou closed`,
  queueId: msg`Informe um queueId válido (ou null)`,
  userId: msg`Informe um userId válido (ou null)`,
  noChange: msg`Informe ao menos uma alteração: status, queueId ou userId`,
  campaignId: msg`Informe um campaignId válido`,
  campaignStatus: msg`Status de campanha inválido: start, pause ou finalized`,
  campaignNotFound: msg`Campanha não encontrada`,
  testFail: msg`fail deve ser um texto não vazio`,
  actorGone: msg`O usuário que agendou a ação não existe mais ou não é mais administrador`,
  companyInactive: msg`A empresa está desativada: a ação agendada não foi executada`,
};

const byText = new Map<string, MessageDescriptor>(
  (Object.keys(SCHEDULE_ACTION_TEXTS) as (keyof typeof SCHEDULE_ACTION_TEXTS)[]).map((k) => [
    SCHEDULE_ACTION_TEXTS[k],
    SCHEDULE_ACTION_MESSAGES[k],
  ]),
);

/** A scheduled-action text (or any validation text) in the user's language; unknown texts as they came. */
export function translateScheduleActionText(text: string): string {
  const known = byText.get(text);
  if (known) return i18n._(known);
  const prefix = `${SCHEDULE_ACTION_TEXTS.unknownField}: `;
  if (text.startsWith(prefix)) return `${i18n._(SCHEDULE_ACTION_MESSAGES.unknownField)}: ${text.slice(prefix.length)}`;
  return translateValidation(text) ?? text;
}

/** spec 2 §9: DD/MM/YYYY HH:mm:ss (local time) */
export function formatJobTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
