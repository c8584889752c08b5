import { z } from 'zod';
import { nameField, TEXT } from '../users/user.fields';
import { paletteColor } from './palette';

export const QUEUE_COLOR_NOT_IN_PALETTE = 'Escolha uma cor da paleta';

/** Colour: required, 3 to 9 characters (spec 2 §5), and one of the 50 palette colours. */
export const queueColorField = () =>
  z
    .string({ error: TEXT.required })
    .trim()
    .min(1, TEXT.required)
    .min(3, TEXT.tooShort)
    .max(9, TEXT.tooLong)
    .refine((c) => paletteColor(c) !== undefined, QUEUE_COLOR_NOT_IN_PALETTE)
    .transform((c) => paletteColor(c) as string);

const greetingField = () =>
  z
    .string({ error: 'Invalid value' })
    .max(10_000, TEXT.tooLong)
    .nullable()
    .transform((s) => (s?.trim() ? s : null));

/** Queue dialog (spec 2 §5): name 2–50, colour 3–9 from the palette, greeting message a string. */
export const QueueInput = z.object({
  name: nameField(),
  color: queueColorField(),
  greetingMessage: greetingField().optional(),
});
export type QueueInput = z.infer<typeof QueueInput>;

export const QueueUpdateInput = z.object({
  name: nameField().optional(),
  color: queueColorField().optional(),
  greetingMessage: greetingField().optional(),
});
export type QueueUpdateInput = z.infer<typeof QueueUpdateInput>;

/** `queue-{companyId}` payloads (spec 2 §3). */
export type QueueDto = {
  id: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};
export type QueueEvent = { action: 'create' | 'update'; queue: QueueDto } | { action: 'delete'; queueId: number };
