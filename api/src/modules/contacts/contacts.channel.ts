import { normalizeNumber, numberVariants } from '@zapdesk/core';
import {
  type ChannelContactRow,
  findChannelContacts,
  insertChannelContact,
  patchChannelContact,
} from './contacts.channel.repo';
import { findContactDto } from './contacts.repo';
import { emitContactEvent } from './contacts.service';

export type ChannelContactInput = {
  /** phone number (any spelling) or group id; may be absent when WhatsApp only gave a LID */
  number?: string | null;
  /** `1234@lid` */
  lid?: string | null;
  /** WhatsApp push name / group subject */
  name?: string | null;
  isGroup: boolean;
  profilePicUrl?: string | null;
};

async function emitContact(companyId: number, id: number, action: 'create' | 'update'): Promise<void> {
  const contact = await findContactDto(companyId, id);
  if (contact) emitContactEvent(companyId, { action, contact });
}

/**
 * The contact a channel message belongs to, created or completed (pipeline, history import).
 * One person = one contact: the phone number and the LID of the same person map to one row (matched by any
 * number spelling OR by the LID; the missing one is filled in). A LID-only person is stored with the LID as its
 * number until WhatsApp reveals the phone number. A name typed by an attendant is never overwritten; the push
 * name only replaces a placeholder name (the number itself).
 * Emits `contact-{companyId}` create/update when something changed.
 */
export async function upsertContactFromChannel(
  companyId: number,
  input: ChannelContactInput,
): Promise<ChannelContactRow> {
  const lid = input.lid ? `${input.lid.replace(/@lid$/, '').replace(/\D/g, '')}@lid` : null;
  const number = input.isGroup ? (input.number ?? '').trim() : input.number ? normalizeNumber(input.number) : '';
  if (!number && !lid) throw new Error('upsertContactFromChannel: neither number nor lid');
  const numbers = input.isGroup ? (number ? [number] : []) : number ? numberVariants(number) : [];
  const name = input.name?.trim() || null;

  const found = await findChannelContacts(companyId, numbers, lid);
  const existing =
    found.find((c) => numbers.includes(c.number)) ?? found.find((c) => lid && (c.lid === lid || c.number === lid));
  if (existing) {
    const patch: Parameters<typeof patchChannelContact>[2] = {};
    if (lid && !existing.lid) patch.lid = lid;
    // the LID placeholder gives way to the real number once known (unless another row already has that number)
    if (number && existing.number === lid && !found.some((c) => c.id !== existing.id && numbers.includes(c.number))) {
      patch.number = numbers[0];
    }
    const placeholder = existing.name === existing.number || existing.name === lid || !existing.name.trim();
    if (name && placeholder && name !== existing.name) patch.name = name;
    if (input.profilePicUrl && input.profilePicUrl !== existing.profilePicUrl)
      patch.profilePicUrl = input.profilePicUrl;
    if (Object.keys(patch).length === 0) return existing;
    const updated = (await patchChannelContact(companyId, existing.id, patch)) ?? existing;
    await emitContact(companyId, updated.id, 'update');
    return updated;
  }

  const storedNumber = number ? (numbers[0] ?? number) : (lid as string);
  const inserted = await insertChannelContact(companyId, {
    name: name ?? storedNumber,
    number: storedNumber,
    lid,
    isGroup: input.isGroup,
    profilePicUrl: input.profilePicUrl ?? null,
  });
  if (inserted) {
    await emitContact(companyId, inserted.id, 'create');
    return inserted;
  }
  // lost a race with a concurrent insert of the same number: that row is the contact
  const [again] = await findChannelContacts(companyId, [storedNumber], lid);
  if (!again) throw new Error('contact upsert raced and vanished');
  return again;
}
