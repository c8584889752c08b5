/**
 * Input schemas of the tickets and message-list calls (spec 1 §7), shared by the API validators and the web.
 * Query strings carry ids as a JSON array (`queueIds=[1,2]`, what the web sends), a comma list, or repeated values.
 */
import { z } from 'zod';
import { coercedId, ID_MAX } from '../ids/ids';
import { IdList, IdValue, PageNumber, SearchText } from '../lists/page-query';
import { TICKET_TEXTS } from './ticket-machine';

const REQUIRED = 'Required';
const INVALID = 'Dados inválidos.';

const Bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

const PositiveId = coercedId(INVALID);
/** an optional query id ('' and null mean none) */
const OptionalId = z
  .union([z.literal(''), z.null(), IdValue])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? undefined : v));
const NullableId = z.union([z.null(), PositiveId]);

/** 'YYYY-MM-DD' or a full ISO date-time. */
export const DateParam = z
  .string()
  .trim()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(s) && !Number.isNaN(new Date(s.length === 10 ? `${s}T00:00:00Z` : s).getTime()),
    {
      message: 'Data inválida',
    },
  );
const OptionalDate = z
  .union([z.literal(''), DateParam])
  .optional()
  .transform((v) => v || undefined);

const StatusParam = z.enum(['open', 'pending', 'closed'], { message: INVALID });

export const ListTicketsQuery = z.object({
  /** as typed (a protocol matches exactly; name and message words are normalised by the database) */
  searchParam: SearchText.transform((v) => v || undefined),
  pageNumber: PageNumber,
  status: z
    .union([z.literal(''), StatusParam])
    .optional()
    .transform((v) => v || undefined),
  /** a single day (YYYY-MM-DD) of creation */
  date: OptionalDate,
  showAll: Bool,
  queueIds: IdList,
  withUnreadMessages: Bool,
  tags: IdList,
  contactCategories: IdList,
  tab: z
    .enum(['open', 'pending', 'closed', 'search', 'assigned', ''])
    .optional()
    .transform((v) => v || undefined),
  searchContactId: OptionalId,
  searchUserId: OptionalId,
  searchInitialDate: OptionalDate,
  searchFinalDate: OptionalDate,
  searchTicketStatus: z
    .union([z.literal(''), z.literal('all'), StatusParam])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuery>;

export const CreateTicketBody = z.object({
  contactId: z.coerce
    .number({ message: REQUIRED })
    .int({ message: INVALID })
    .positive({ message: REQUIRED })
    .max(ID_MAX, { message: INVALID }),
  queueId: z
    .union([z.null(), PositiveId])
    .optional()
    .transform((v) => v ?? null),
  userId: z
    .union([z.null(), PositiveId])
    .optional()
    .transform((v) => v ?? null),
  status: z
    .enum(['open', 'pending'], { message: INVALID })
    .optional()
    .transform((v) => v ?? 'open'),
  whatsappId: z.union([z.null(), PositiveId]).optional(),
});
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

export const UpdateTicketBody = z.object({
  status: StatusParam.optional(),
  userId: NullableId.optional(),
  queueId: NullableId.optional(),
  whatsappId: NullableId.optional(),
  transf: z.boolean().optional(),
});
export type UpdateTicketBody = z.infer<typeof UpdateTicketBody>;

export const TransferTicketBody = z.object({
  userId: NullableId,
  queueId: z.union([z.null(), PositiveId]).refine((v) => v !== null, { message: TICKET_TEXTS.selectQueue }),
  whatsappId: NullableId.optional(),
});

export const CheckContactOpenBody = z.object({
  contactId: z.coerce
    .number({ message: REQUIRED })
    .int({ message: INVALID })
    .positive({ message: REQUIRED })
    .max(ID_MAX, { message: INVALID }),
  whatsappId: z.union([z.null(), PositiveId]).optional(),
});

export const TicketsExportBody = z.object({
  initialDate: DateParam,
  finalDate: DateParam,
  /** a contact id, or a name/number fragment */
  contact: z
    .union([z.number(), z.string().max(200)])
    .nullable()
    .optional(),
});
export type TicketsExportBody = z.infer<typeof TicketsExportBody>;

export const TicketsClosedBody = z.object({
  Tickets: z.array(PositiveId, { message: REQUIRED }).min(1, { message: REQUIRED }).max(5000, { message: 'Too Long!' }),
});

export const TicketsQueryParams = z.object({
  initialDate: DateParam,
  finalDate: DateParam,
  selectedQueueIds: IdList,
  selectedUserIds: IdList,
});

export const ListMessagesQuery = z.object({
  pageNumber: PageNumber,
  /** chat search runs only with more than 2 characters (spec 1 §5) */
  searchTerm: SearchText.transform((s) => (s.length > 2 ? s : undefined)),
});

/**
 * Day bounds of a date filter in the company's zone (fixed offset: Brazil has had no DST since 2019).
 * 'YYYY-MM-DD' covers the whole day; a full date-time is taken as is.
 */
export function dayStart(d: string, offset = '-03:00'): Date {
  return new Date(d.length === 10 ? `${d}T00:00:00.000${offset}` : d);
}
export function dayEnd(d: string, offset = '-03:00'): Date {
  return new Date(d.length === 10 ? `${d}T23:59:59.999${offset}` : d);
}

/** `GET /tickets/u/{uuid}`: the ticket behind a `/tickets/{uuid}` link (kanban cards, the message API's ticketUrl). */
export const TicketUuidParam = z.object({ uuid: z.uuid({ error: 'Id inválido' }).transform((s) => s.toLowerCase()) });
