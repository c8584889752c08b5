import {
  categoryContacts,
  contactCategories,
  contacts,
  messages,
  tags,
  tickets,
  ticketTags,
  whatsappQueues,
  whatsapps,
} from '../../db/schema';
import { db } from '../../platform/db';
import { nextProtocol } from './tickets.repo';

/** Test-only fixtures for the tickets area (contacts, connections, tags, messages). */
let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

export async function makeContact(companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}) {
  const [c] = await db
    .insert(contacts)
    .values({
      companyId,
      name: `Contact ${uniq()}`,
      number: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${n}`,
      ...overrides,
    })
    .returning();
  return c;
}

export async function makeWhatsapp(
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> & { queueIds?: number[] } = {},
) {
  const { queueIds = [], ...rest } = overrides;
  const [w] = await db
    .insert(whatsapps)
    .values({ companyId, name: `Conn ${uniq()}`, status: 'CONNECTED', lib: 'simulator', ...rest })
    .returning();
  if (queueIds.length)
    await db.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId: w.id, queueId })));
  return w;
}

export async function makeTag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
  const [t] = await db
    .insert(tags)
    .values({ companyId, name: `Tag ${uniq()}`, ...overrides })
    .returning();
  return t;
}

export async function tagTicket(companyId: number, ticketId: number, tagId: number) {
  await db.insert(ticketTags).values({ companyId, ticketId, tagId });
}

export async function makeMessage(
  companyId: number,
  ticketId: number,
  overrides: Partial<typeof messages.$inferInsert> = {},
) {
  const [m] = await db
    .insert(messages)
    .values({ companyId, ticketId, wid: `W${uniq()}`, body: 'olá', ...overrides })
    .returning();
  return m;
}

export async function makeTicket(
  companyId: number,
  t: {
    contactId: number;
    status?: 'open' | 'pending' | 'closed';
    userId?: number | null;
    queueId?: number | null;
    whatsappId?: number | null;
    unreadMessages?: number;
    lastMessage?: string;
    createdAt?: Date;
    updatedAt?: Date;
  },
) {
  const [row] = await db
    .insert(tickets)
    .values({
      companyId,
      protocol: await nextProtocol(companyId),
      contactId: t.contactId,
      status: t.status ?? 'pending',
      userId: t.userId ?? null,
      queueId: t.queueId ?? null,
      whatsappId: t.whatsappId ?? null,
      unreadMessages: t.unreadMessages ?? 0,
      lastMessage: t.lastMessage ?? '',
      ...(t.createdAt ? { createdAt: t.createdAt } : {}),
      ...(t.updatedAt ? { updatedAt: t.updatedAt } : {}),
    })
    .returning();
  return row;
}

export async function categorize(companyId: number, contactId: number, name = `Cat ${uniq()}`) {
  const [cat] = await db.insert(categoryContacts).values({ companyId, name }).returning();
  await db.insert(contactCategories).values({ companyId, contactId, categoryId: cat.id });
  return cat;
}
