import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Spec 2 §3: the schedule types, shown with the spec's Portuguese names. */
export const SCHEDULE_TYPE_LABELS: Record<string, MessageDescriptor> = {
  Único: msg`Único`,
  'Recorrente Semanal': msg`Recorrente Semanal`,
  'Recorrente Mensal': msg`Recorrente Mensal`,
};

export const MESSAGE_TYPE_LABELS: Record<string, MessageDescriptor> = {
  Texto: msg`Texto`,
  Mídia: msg`Mídia`,
};
