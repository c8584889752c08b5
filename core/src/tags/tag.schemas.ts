import { z } from 'zod';
import { CATEGORY_TEXTS, CategoryName } from '../contacts/contact.schemas';
import { HexColor } from '../contacts/fields';
import { IdList, IdParam } from '../lists/page-query';

/** Spec 2 §5: tag name required ('Obrigatório'), minimum 3 ('Mensagem muito curta'); same rule as a contact category. */
export const TagName = CategoryName;
export const TAG_TEXTS = CATEGORY_TEXTS;

/** kanban is 0 or 1 (spec 2 §3); booleans are accepted from forms. */
export const Kanban = z.preprocess(
  (v) => (v === true || v === 'true' || v === '1' ? 1 : v === false || v === 'false' || v === '0' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: 'kanban deve ser 0 ou 1' }),
);

export const DEFAULT_TAG_COLOR = '#5C59A0';

/** POST /tags (name, color, kanban, userId — the owner is always the caller) */
export const CreateTag = z.object({
  name: TagName,
  color: HexColor.optional(),
  kanban: Kanban.optional(),
  userId: z.unknown().optional(),
});
export type CreateTag = z.output<typeof CreateTag>;

export const UpdateTag = z.object({
  name: TagName.optional(),
  color: HexColor.optional(),
  kanban: Kanban.optional(),
  userId: z.unknown().optional(),
});
export type UpdateTag = z.output<typeof UpdateTag>;

/** POST /tags/sync: the ticket's full tag list (ids or {id}); an empty list clears it. */
export const SyncTicketTags = z.object({ ticketId: IdParam.shape.id, tags: IdList });

export type TagDto = {
  id: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  companyId: number;
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
};

/** SSE `tag-{companyId}` */
export type TagEvent = { action: 'create' | 'update'; tag: TagDto } | { action: 'delete'; tagId: number };
