import { z } from 'zod';
import { ID_MAX } from '../ids/ids';

/** `quotedMsg` arrives as the quoted message object (web) or its id */
const QuotedMsg = z
  .union([
    z.object({ id: z.coerce.number().int().positive().max(ID_MAX) }).passthrough(),
    z.coerce.number().int().positive().max(ID_MAX),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : typeof v === 'number' ? v : v.id));

/** POST /messages/{ticketId}/{companyId} as JSON: text (read, fromMe, mediaUrl, body, quotedMsg) or a location. */
export const SendMessageJson = z
  .object({
    body: z.string().max(65_536, 'Too Long!').optional(),
    read: z.unknown().optional(),
    fromMe: z.unknown().optional(),
    mediaUrl: z.string().max(2000).nullable().optional(),
    quotedMsg: QuotedMsg,
    locationId: z.coerce.number().int().positive().max(ID_MAX).optional(),
    ticketId: z.unknown().optional(),
  })
  .refine((v) => v.locationId !== undefined || !!v.mediaUrl || !!v.body?.trim(), {
    message: 'A mensagem não pode estar vazia.',
    path: ['body'],
  });
export type SendMessageJson = z.infer<typeof SendMessageJson>;
