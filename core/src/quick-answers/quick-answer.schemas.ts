import { z } from 'zod';
import { CONTACT_TEXTS } from '../contacts/contact.schemas';
import { requiredText } from '../contacts/fields';

/**
 * Spec 1 §5: shortcut 2 to 15 characters; message 8 to 30000. The spec gives no texts for this form; we use the
 * house texts of the other forms ('Required', 'Too Short!', 'Too Long!').
 */
export const QuickAnswerShortcut = requiredText({
  min: 2,
  max: 15,
  required: CONTACT_TEXTS.required,
  tooShort: CONTACT_TEXTS.tooShort,
  tooLong: CONTACT_TEXTS.tooLong,
});

export const QuickAnswerMessage = requiredText({
  min: 8,
  max: 30000,
  required: CONTACT_TEXTS.required,
  tooShort: CONTACT_TEXTS.tooShort,
  tooLong: CONTACT_TEXTS.tooLong,
});

export const CreateQuickAnswer = z.object({ shortcut: QuickAnswerShortcut, message: QuickAnswerMessage });
export type CreateQuickAnswer = z.output<typeof CreateQuickAnswer>;
export const UpdateQuickAnswer = z.object({
  shortcut: QuickAnswerShortcut.optional(),
  message: QuickAnswerMessage.optional(),
});
export type UpdateQuickAnswer = z.output<typeof UpdateQuickAnswer>;

export type QuickAnswerDto = {
  id: number;
  shortcut: string;
  message: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** SSE `quickAnswer-{companyId}` */
export type QuickAnswerEvent =
  | { action: 'create' | 'update'; quickAnswer: QuickAnswerDto }
  | { action: 'delete'; quickAnswerId: number };

/**
 * The chat input's '/' picker: the text after a leading '/' filters by shortcut (prefix first) and message.
 * Returns null when the text does not trigger the picker.
 */
export function quickAnswerQuery(inputText: string): string | null {
  if (!inputText.startsWith('/')) return null;
  return inputText.slice(1).trim().toLowerCase();
}
