import { normalizeNumber, numberVariants } from '@zapdesk/core';
import {
  type ChannelContactRow,
  findChannelContacts,
  findChannelContactsAny,
  insertChannelContact,
  insertChannelContacts,
  patchChannelContact,
} from './contacts.channel.repo';
import { findContactDto, findContactDtos } from './contacts.repo';

export type { ChannelContactRow };

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

type Normalized = { lid: string | null; number: string; numbers: string[]; name: string | null };

function normalizeChannelInput(input: ChannelContactInput): Normalized {
  const lid = input.lid ? `${input.lid.replace(/@lid$/, '').replace(/\D/g, '')}@lid` : null;
  const number = input.isGroup ? (input.number ?? '').trim() : input.number ? normalizeNumber(input.number) : '';
  if (!number && !lid) throw new Error('upsertContactFromChannel: neither number nor lid');
  const numbers = input.isGroup ? (number ? [number] : []) : number ? numberVariants(number) : [];
  return { lid, number, numbers, name: input.name?.trim() || null };
}

/** the row of `found` that is this person: a number match first, then the LID */
function pickExisting(found: ChannelContactRow[], n: Normalized): ChannelContactRow | undefined {
  return (
    found.find((c) => n.numbers.includes(c.number)) ??
    found.find((c) => n.lid && (c.lid === n.lid || c.number === n.lid))
  );
}

/** what the channel teaches us about an existing contact (empty: nothing to write) */
function channelPatch(
  existing: ChannelContactRow,
  found: ChannelContactRow[],
  n: Normalized,
  input: ChannelContactInput,
): Parameters<typeof patchChannelContact>[2] {
  const patch: Parameters<typeof patchChannelContact>[2] = {};
  const { lid, number, numbers, name } = n;
  if (lid && !existing.lid) patch.lid = lid;
  // the LID placeholder gives way to the real number once known (unless another row already has that number)
  if (number && existing.number === lid && !found.some((c) => c.id !== existing.id && numbers.includes(c.number))) {
    patch.number = numbers[0];
  }
  const placeholder = existing.name === existing.number || existing.name === lid || !existing.name.trim();
  if (name && placeholder && name !== existing.name) patch.name = name;
  if (input.profilePicUrl && input.profilePicUrl !== existing.profilePicUrl) patch.profilePicUrl = input.profilePicUrl;
  return patch;
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
  const n = normalizeChannelInput(input);
  const { lid, number, numbers, name } = n;
  const found = await findChannelContacts(companyId, numbers, lid);
  const existing = pickExisting(found, n);
  if (existing) {
    const patch = channelPatch(existing, found, n, input);
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

/**
 * The contacts of many channel messages at once (inbound batch): one SELECT for all of them; a person already
 * known with nothing new to learn costs nothing more, the others go through upsertContactFromChannel one by one
 * (creation, completion, events). Answers one row per input, in order; equal inputs share one row.
 */
export async function resolveChannelContacts(
  companyId: number,
  inputs: ChannelContactInput[],
  /** what prefetchChannelContacts answered for these inputs, when the caller read it already */
  prefetched?: ChannelContactRow[],
): Promise<ChannelContactRow[]> {
  const norm = inputs.map(normalizeChannelInput);
  const found = prefetched ?? (await prefetchChannelContacts(companyId, inputs));
  const out: (ChannelContactRow | undefined)[] = new Array(inputs.length);
  const keyOf = (i: number) => {
    const input = inputs[i] as ChannelContactInput;
    const n = norm[i] as Normalized;
    return JSON.stringify([input.isGroup, n.number, n.lid, n.name, input.profilePicUrl ?? null]);
  };
  const fresh: number[] = [];
  const slowIdx: number[] = [];
  for (const [i, n] of norm.entries()) {
    const input = inputs[i] as ChannelContactInput;
    const mine = found.filter(
      (c) => n.numbers.includes(c.number) || (n.lid !== null && (c.lid === n.lid || c.number === n.lid)),
    );
    const existing = pickExisting(mine, n);
    if (existing && Object.keys(channelPatch(existing, mine, n, input)).length === 0) out[i] = existing;
    else if (existing) slowIdx.push(i);
    else fresh.push(i);
  }

  // people never seen: one multi-row insert — unless two different inputs of the batch may be the same person
  // (a LID and a phone number that share a key), which the one-by-one path below merges into one contact
  const owners = new Map<string, Set<string>>();
  for (const i of [...fresh, ...slowIdx]) {
    const n = norm[i] as Normalized;
    for (const id of [...n.numbers, ...(n.lid ? [n.lid] : [])]) {
      const set = owners.get(id) ?? new Set<string>();
      set.add(keyOf(i));
      owners.set(id, set);
    }
  }
  const alone = (i: number) => {
    const n = norm[i] as Normalized;
    return [...n.numbers, ...(n.lid ? [n.lid] : [])].every((id) => (owners.get(id)?.size ?? 0) <= 1);
  };
  const batchable = fresh.filter(alone);
  const rows = new Map<string, Parameters<typeof insertChannelContacts>[1][number]>();
  for (const i of batchable) {
    const input = inputs[i] as ChannelContactInput;
    const { number, numbers, lid, name } = norm[i] as Normalized;
    const storedNumber = number ? (numbers[0] ?? number) : (lid as string);
    if (!rows.has(storedNumber)) {
      rows.set(storedNumber, {
        name: name ?? storedNumber,
        number: storedNumber,
        lid,
        isGroup: input.isGroup,
        profilePicUrl: input.profilePicUrl ?? null,
      });
    }
  }
  const inserted = await insertChannelContacts(companyId, [...rows.values()]);
  const byNumber = new Map(inserted.map((c) => [c.number, c]));
  for (const i of batchable) {
    const { number, numbers, lid } = norm[i] as Normalized;
    const row = byNumber.get(number ? (numbers[0] ?? number) : (lid as string));
    if (row) out[i] = row;
  }
  if (inserted.length) {
    const dtos = await findContactDtos(
      companyId,
      inserted.map((c) => c.id),
    );
    for (const contact of dtos) emitContactEvent(companyId, { action: 'create', contact });
  }

  // the rest (changed people, people of several spellings, inserts that lost a race): one by one, in order
  const slow = new Map<string, ChannelContactRow>();
  for (let i = 0; i < inputs.length; i++) {
    if (out[i]) continue;
    const key = keyOf(i);
    let row = slow.get(key);
    if (!row) {
      row = await upsertContactFromChannel(companyId, inputs[i] as ChannelContactInput);
      slow.set(key, row);
    }
    out[i] = row;
  }
  return out as ChannelContactRow[];
}

/** every number spelling and LID that can identify these inputs' people */
export function channelContactKeys(inputs: ChannelContactInput[]): { numbers: string[]; lids: string[] } {
  const norm = inputs.map(normalizeChannelInput);
  return {
    numbers: [...new Set(norm.flatMap((n) => n.numbers))],
    lids: [...new Set(norm.flatMap((n) => (n.lid ? [n.lid] : [])))],
  };
}

/** the stored contacts that may be these inputs' people (one statement, no writes) */
export function prefetchChannelContacts(
  companyId: number,
  inputs: ChannelContactInput[],
): Promise<ChannelContactRow[]> {
  const { numbers, lids } = channelContactKeys(inputs);
  return findChannelContactsAny(companyId, numbers, lids);
}
