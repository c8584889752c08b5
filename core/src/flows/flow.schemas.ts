import { z } from 'zod';
import { IdValue, PageNumber, SearchParam } from '../lists/page-query';

/**
 * Flows (spec 2 §2 Flow list and flow manager, §3 Flow, §4 flow action types, §5 Flow, §7 Flows). The editor's form
 * and the API's body are ONE schema (`FlowInput`); the API contract is in docs/DECISIONS.md `## Flows`.
 */

export const FLOW_TEXTS = {
  nameRequired: 'O nome é obrigatório',
  // spec 2 §5: "longer than 5 characters" with this text (the text says 5; the rule, kept, is at least 6)
  nameTooShort: 'O nome deve conter no mínimo 5 caracteres',
  nameTooLong: 'O nome pode ter no máximo 100 caracteres',
  typeRequired: 'Selecione um tipo de fluxo',
  actionsRequired: 'Adicione ao menos uma ação',
  actionsTooMany: 'No máximo 100 ações por fluxo',
  actionTypeInvalid: 'Tipo de ação inválido',
  textTooShort: 'O texto deve conter no mínimo 2 caracteres',
  textTooLong: 'O texto pode ter no máximo 4096 caracteres',
  mediaRequired: 'Selecione um arquivo',
  secondsMin: 'Informe no mínimo 1 segundo',
  secondsMax: 'No máximo 240 segundos',
  secondsInvalid: 'Informe os segundos (de 1 a 240)',
  fileType: 'Tipo de arquivo não permitido. Envie png, jpg, jpeg, pdf, mp4, mp3, ogg ou docx.',
  formInvalid: 'Dados do fluxo inválidos',
  notFound: 'Fluxo não encontrado.',
  ticketNotOpen: 'O ticket precisa estar aberto para executar um fluxo.',
  deleted: 'Fluxo excluído',
} as const;

export const FLOW_TYPES = ['Bot', 'Chat'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** Spec 2 §4: SendText, SendMedia, Composing (show typing), Recording (show recording audio), Delay. */
export const FLOW_ACTION_TYPES = ['SendText', 'SendMedia', 'Composing', 'Recording', 'Delay'] as const;
export type FlowActionType = (typeof FLOW_ACTION_TYPES)[number];
/** the action types that wait their `param` seconds */
export const TIMED_ACTIONS: readonly FlowActionType[] = ['Composing', 'Recording', 'Delay'];

/** Spec 2 §9: the seconds input allows 0 to 240 (step 1); a saved timed action needs at least 1. */
export const FLOW_SECONDS = { min: 1, max: 240, inputMin: 0 } as const;
export const FLOW_NAME_MIN = 6;
export const FLOW_NAME_MAX = 100;
export const FLOW_TEXT_MAX = 4096;
export const FLOW_ACTIONS_MAX = 100;

/** Spec 2 §5/§9: file types accepted by a flow's media (schedules and commands accept fewer). */
export const FLOW_MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'mp4', 'mp3', 'ogg', 'docx'] as const;
export const FLOW_MEDIA_ACCEPT = FLOW_MEDIA_EXTENSIONS.map((e) => `.${e}`).join(',');

/** A file name's extension is one a flow accepts (the server still decides from the bytes). */
export function flowMediaAllowed(fileName: string): boolean {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return !!ext && (FLOW_MEDIA_EXTENSIONS as readonly string[]).includes(ext);
}

const seconds = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: FLOW_TEXTS.secondsInvalid })
    .int(FLOW_TEXTS.secondsInvalid)
    .min(FLOW_SECONDS.min, FLOW_TEXTS.secondsMin)
    .max(FLOW_SECONDS.max, FLOW_TEXTS.secondsMax),
);

const optionalText = z
  .string()
  .max(FLOW_TEXT_MAX, FLOW_TEXTS.textTooLong)
  .nullish()
  .transform((v) => v ?? '');

const mediaFileName = z
  .string()
  .trim()
  .max(200, FLOW_TEXTS.formInvalid)
  .nullish()
  .transform((v) => v || null);

/**
 * One action as the form and the API carry it (spec 2 §3: actionType, body, param, mediaFileName, media, order).
 * SendMedia: `media` is the stored file (`/media/{id}`) of a saved action, or null with `mediaFileName` naming the
 * `mediaFile` part of the same request that carries the new file.
 */
export const FlowActionInput = z.discriminatedUnion(
  'actionType',
  [
    z.object({
      actionType: z.literal('SendText'),
      body: z
        .string({ error: FLOW_TEXTS.textTooShort })
        .trim()
        .min(2, FLOW_TEXTS.textTooShort)
        .max(FLOW_TEXT_MAX, FLOW_TEXTS.textTooLong),
    }),
    z.object({
      actionType: z.literal('SendMedia'),
      body: optionalText,
      media: z
        .string()
        .trim()
        .max(200)
        .nullish()
        .transform((v) => v || null),
      mediaFileName,
    }),
    z.object({ actionType: z.literal('Composing'), param: seconds }),
    z.object({ actionType: z.literal('Recording'), param: seconds }),
    z.object({ actionType: z.literal('Delay'), param: seconds }),
  ],
  { error: FLOW_TEXTS.actionTypeInvalid },
);
export type FlowActionInput = z.output<typeof FlowActionInput>;

/** The flow form / the body of POST /flows and PUT /flows/{id} (the multipart's name, type and flowActions). */
export const FlowInput = z.object({
  name: z
    .string({ error: FLOW_TEXTS.nameRequired })
    .trim()
    .min(1, { error: FLOW_TEXTS.nameRequired, abort: true })
    .min(FLOW_NAME_MIN, FLOW_TEXTS.nameTooShort)
    .max(FLOW_NAME_MAX, FLOW_TEXTS.nameTooLong),
  type: z.enum(FLOW_TYPES, { error: FLOW_TEXTS.typeRequired }),
  flowActions: z
    .array(FlowActionInput, { error: FLOW_TEXTS.actionsRequired })
    .min(1, FLOW_TEXTS.actionsRequired)
    .max(FLOW_ACTIONS_MAX, FLOW_TEXTS.actionsTooMany),
});
export type FlowInput = z.output<typeof FlowInput>;

/** A saved action (spec 2 §3): `order` is its 1-based place; `param` the seconds of a timed action (else null). */
export type FlowActionDto = {
  actionType: FlowActionType;
  body: string;
  param: number | null;
  /** `/media/{id}` of a SendMedia action */
  media: string | null;
  mediaFileName: string | null;
  order: number;
};

export type FlowSummaryDto = { id: number; name: string; type: FlowType; actionsCount: number; updatedAt: string };
export type FlowDto = FlowSummaryDto & { flowActions: FlowActionDto[]; companyId: number; createdAt: string };
export type FlowList = { flows: FlowSummaryDto[]; count: number; hasMore: boolean };

/** GET /flows/ (searchParam, pageNumber, type). */
export const ListFlowsQuery = z.object({
  searchParam: SearchParam,
  pageNumber: PageNumber,
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(FLOW_TYPES, { error: FLOW_TEXTS.typeRequired }).optional(),
  ),
});
export type ListFlowsQuery = z.output<typeof ListFlowsQuery>;

/** POST /flows/{id}/run: the ticket the flow runs on (the chat input's ';'). */
export const RunFlowBody = z.object({ ticketId: IdValue });

/** SSE `flow-{companyId}` (spec 2 §7: create, update, delete). */
export type FlowEvent = { action: 'create' | 'update'; flow: FlowSummaryDto } | { action: 'delete'; flowId: number };

/** The saved actions, numbered in their order (what `flowActions` of a FlowDto holds). */
export function toFlowActions(input: FlowActionInput[], media: (i: number) => string | null): FlowActionDto[] {
  return input.map((a, i) => ({
    actionType: a.actionType,
    body: 'body' in a ? a.body : '',
    param: 'param' in a ? a.param : null,
    media: a.actionType === 'SendMedia' ? media(i) : null,
    mediaFileName: a.actionType === 'SendMedia' ? a.mediaFileName : null,
    order: i + 1,
  }));
}
