import { z } from 'zod';

/**
 * Payloads of the simulator's HTTP interface (docs/SIMULATOR.md). `from` is a phone number (any formatting)
 * or a jid (`…@s.whatsapp.net`, `…@lid`, `…@g.us` with `participant`).
 */
export const SimulatorInbound = z
  .object({
    from: z.string({ error: 'Required' }).trim().min(3, 'Too Short!').max(80, 'Too Long!'),
    name: z.string().trim().max(100, 'Too Long!').optional(),
    body: z.string().max(65_536, 'Too Long!').optional(),
    mediaType: z.enum(['image', 'audio', 'video', 'document', 'sticker']).optional(),
    mediaUrl: z.string().max(150_000_000, 'Too Long!').optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    id: z.string().trim().min(1).max(128, 'Too Long!').optional(),
    fromMe: z.boolean().optional(),
    quotedId: z.string().trim().min(1).max(128).optional(),
    /** sender inside a group (`from` ending in @g.us) */
    participant: z.string().trim().min(3).max(80).optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    message: 'latitude e longitude devem ser enviados juntos.',
    path: ['longitude'],
  })
  .refine((v) => !!(v.body?.trim() || v.mediaUrl || v.latitude !== undefined), {
    message: 'Envie body, mediaUrl ou latitude/longitude.',
    path: ['body'],
  });
export type SimulatorInbound = z.infer<typeof SimulatorInbound>;

export const SimulatorEvent = z
  .object({
    type: z.enum(['edit', 'revoke', 'call', 'reaction'], { error: 'type deve ser edit, revoke, call ou reaction.' }),
    id: z.string({ error: 'Required' }).trim().min(1, 'Required').max(128, 'Too Long!'),
    body: z.string().max(65_536, 'Too Long!').optional(),
    /** caller of a call / author of a reaction (number); a reaction defaults to the message's contact */
    from: z.string().trim().min(3).max(80).optional(),
  })
  .refine((v) => v.type !== 'edit' || !!v.body?.trim(), { message: 'body é obrigatório para edit.', path: ['body'] })
  .refine((v) => v.type !== 'reaction' || !!v.body?.trim(), {
    message: 'body (o emoji) é obrigatório para reaction.',
    path: ['body'],
  })
  .refine((v) => v.type !== 'call' || !!v.from, { message: 'from é obrigatório para call.', path: ['from'] });
export type SimulatorEvent = z.infer<typeof SimulatorEvent>;

export const SimulatorAck = z.object({
  id: z.string({ error: 'Required' }).trim().min(1, 'Required').max(128),
  ack: z.number({ error: 'ack deve ser um número de 0 a 5.' }).int().min(0).max(5),
});
export type SimulatorAck = z.infer<typeof SimulatorAck>;

/** numbers starting with 000 have no WhatsApp on the simulated network */
export function simulatorHasWhatsapp(number: string): boolean {
  return !number.startsWith('000');
}
