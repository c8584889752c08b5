import { z } from 'zod';
import { ID_MAX } from '../ids/ids';
import { IdList, IdParam, PageNumber, SearchParam } from '../lists/page-query';
import { HexColor, requiredText } from './fields';
import { normalizeNumber } from './number';

/** Spec 1 §5: Contact — name required, 2 to 50 ('Too Short!', 'Too Long!', 'Required'); number 8 to 50; email valid. */
export const CONTACT_TEXTS = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
} as const;

export const ContactName = requiredText({
  min: 2,
  max: 50,
  required: CONTACT_TEXTS.required,
  tooShort: CONTACT_TEXTS.tooShort,
  tooLong: CONTACT_TEXTS.tooLong,
});

/**
 * Number: 8 to 50 characters as typed (spec), and at least 8 digits once normalised (so `abcdefgh` is refused
 * with the same text); the output is the normalised number.
 */
export const ContactNumber = requiredText({
  min: 8,
  max: 50,
  required: CONTACT_TEXTS.required,
  tooShort: CONTACT_TEXTS.tooShort,
  tooLong: CONTACT_TEXTS.tooLong,
})
  .transform((v) => normalizeNumber(v))
  .refine((v) => v.length >= 8, CONTACT_TEXTS.tooShort);

/** Optional e-mail: absent, null or empty means none. */
export const ContactEmail = z
  .string({ error: CONTACT_TEXTS.invalidEmail })
  .nullable()
  .optional()
  .transform((v) => (v ?? '').trim().toLowerCase())
  .refine((v) => v === '' || z.email().safeParse(v).success, CONTACT_TEXTS.invalidEmail)
  .refine((v) => v.length <= 254, CONTACT_TEXTS.invalidEmail);

export const ExtraInfoItem = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  name: requiredText({
    min: 1,
    max: 100,
    required: CONTACT_TEXTS.required,
    tooShort: CONTACT_TEXTS.required,
    tooLong: CONTACT_TEXTS.tooLong,
  }),
  value: z
    .union([z.string(), z.number()], { error: 'Valor inválido' })
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
    .refine((v) => v.length <= 1000, CONTACT_TEXTS.tooLong),
});
export type ExtraInfoItem = z.output<typeof ExtraInfoItem>;

export const ExtraInfo = z.array(ExtraInfoItem).max(50, 'Máximo de 50 informações adicionais');

/** POST /contacts and POST /contact */
export const CreateContact = z.object({
  name: ContactName,
  number: ContactNumber,
  email: ContactEmail,
  extraInfo: ExtraInfo.optional(),
});
export type CreateContact = z.output<typeof CreateContact>;

/** PUT /contacts/{id}: every field optional; extraInfo replaces the list (items keep their id when sent back). */
export const UpdateContact = z.object({
  name: ContactName.optional(),
  number: ContactNumber.optional(),
  email: ContactEmail.optional(),
  extraInfo: ExtraInfo.optional(),
  commandBot: z
    .union([z.string().trim().max(50, CONTACT_TEXTS.tooLong), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v)),
});
export type UpdateContact = z.output<typeof UpdateContact>;

/** POST /contactsImport: one contact of the client-side import (name, number, email). */
export const ImportOneContact = z.object({
  name: ContactName,
  number: ContactNumber,
  email: ContactEmail,
});
export type ImportOneContact = z.output<typeof ImportOneContact>;

/** GET /contacts: searchParam (alias search, the page's ?search=), pageNumber, selectedContactCategories. */
export const ListContactsQuery = z
  .object({
    searchParam: SearchParam,
    search: SearchParam,
    pageNumber: PageNumber,
    selectedContactCategories: IdList,
  })
  .transform((q) => ({
    searchParam: q.searchParam || q.search,
    pageNumber: q.pageNumber,
    categoryIds: q.selectedContactCategories,
  }));
export type ListContactsQuery = z.output<typeof ListContactsQuery>;

/** GET /contacts/export: the same filters as the list, every page. */
export const ExportContactsQuery = z
  .object({ searchParam: SearchParam, search: SearchParam, selectedContactCategories: IdList })
  .transform((q) => ({ searchParam: q.searchParam || q.search, categoryIds: q.selectedContactCategories }));

/** Spec 2 §5: Tag and contact category — name required ('Obrigatório'), minimum 3 characters ('Mensagem muito curta'). */
export const CATEGORY_TEXTS = {
  required: 'Obrigatório',
  tooShort: 'Mensagem muito curta',
  tooLong: 'Nome muito longo',
} as const;

export const CategoryName = requiredText({
  min: 3,
  max: 50,
  required: CATEGORY_TEXTS.required,
  tooShort: CATEGORY_TEXTS.tooShort,
  tooLong: CATEGORY_TEXTS.tooLong,
});

/** POST /categorycontacts (name, color, userId — the owner is always the caller). */
export const CreateCategoryContact = z.object({
  name: CategoryName,
  color: z.union([HexColor, z.null()]).optional(),
  userId: z.unknown().optional(),
});
export const UpdateCategoryContact = z.object({
  name: CategoryName.optional(),
  color: z.union([HexColor, z.null()]).optional(),
  userId: z.unknown().optional(),
});

/** POST /categoryContacts/sync: contactId and the full list of its categories (ids or {id}). */
export const SyncContactCategories = z.object({
  contactId: IdParam.shape.id,
  categoryContacts: IdList,
});

/** GET /contactsall (campaign send lists): the contacts of the selected categories, or of the whole company. */
export const AllContactsQuery = z
  .object({ selectedContactCategories: IdList })
  .transform((q) => ({ categoryIds: q.selectedContactCategories }));

const DateOnly = z
  .string({ error: 'Data inválida' })
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Data inválida')
  .refine((s) => !Number.isNaN(new Date(s).getTime()), 'Data inválida');

/** GET /tagcontacts: tags (JSON array), dateInitial, dateFinal (YYYY-MM-DD) — contacts of tickets tagged in the range. */
export const TagContactsQuery = z
  .object({ tags: IdList, dateInitial: DateOnly.optional(), dateFinal: DateOnly.optional() })
  .refine((q) => !q.dateInitial || !q.dateFinal || q.dateInitial.slice(0, 10) <= q.dateFinal.slice(0, 10), {
    message: 'A data final não pode ser anterior à inicial',
    path: ['dateFinal'],
  });

/** A contact in a campaign send list. */
export type SendListContact = { id: number; name: string; number: string; email: string };
