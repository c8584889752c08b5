import { expect, test } from 'bun:test';
import { CreateTag, SyncTicketTags, UpdateTag } from './tag.schemas';

test('tag name rules carry the spec texts', () => {
  const r = CreateTag.safeParse({ name: 'ab' });
  expect(r.success ? '' : r.error.issues[0].message).toBe('Mensagem muito curta');
  const r2 = CreateTag.safeParse({});
  expect(r2.success ? '' : r2.error.issues[0].message).toBe('Obrigatório');
});
test('kanban is 0 or 1; booleans accepted', () => {
  expect(CreateTag.parse({ name: 'Urgente', kanban: true }).kanban).toBe(1);
  expect(CreateTag.parse({ name: 'Urgente', kanban: '0' }).kanban).toBe(0);
  expect(UpdateTag.safeParse({ kanban: 2 }).success).toBe(false);
});
test('colour must be hex', () => {
  expect(CreateTag.safeParse({ name: 'Urgente', color: '#abc' }).success).toBe(true);
  expect(CreateTag.safeParse({ name: 'Urgente', color: 'blue' }).success).toBe(false);
});
test('sync takes the full list', () => {
  expect(SyncTicketTags.parse({ ticketId: 1, tags: [{ id: 3 }, { id: 4 }] })).toEqual({ ticketId: 1, tags: [3, 4] });
  expect(SyncTicketTags.parse({ ticketId: 1, tags: [] }).tags).toEqual([]);
});
