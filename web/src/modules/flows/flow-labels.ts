import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FlowActionType, FlowPhoneStatus } from '@zapdesk/core';

/** Spec 2 §4: the action types as the editor names them. */
export const ACTION_LABELS: Record<FlowActionType, MessageDescriptor> = {
  SendText: msg`Enviar texto`,
  SendMedia: msg`Enviar mídia`,
  Composing: msg`Digitando`,
  Recording: msg`Gravando áudio`,
  Delay: msg`Aguardar`,
};

/** What the simulator's phone header says (spec 2 §2: online, typing or recording). */
export const PHONE_STATUS_LABELS: Record<FlowPhoneStatus, MessageDescriptor> = {
  online: msg`online`,
  typing: msg`digitando...`,
  recording: msg`gravando áudio...`,
};
