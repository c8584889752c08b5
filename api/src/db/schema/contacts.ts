import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** normalised digits (or the group id for groups) */
    number: text('number').notNull(),
    /** WhatsApp LID (xxxx@lid) of the same person, when known: LID and phone map to ONE contact */
    lid: text('lid'),
    email: text('email').notNull().default(''),
    profilePicUrl: text('profile_pic_url'),
    isGroup: boolean('is_group').notNull().default(false),
    /** current position in the bot command tree (spec 2); cleared when a ticket is resolved */
    commandBot: text('command_bot'),
    extraInfo: jsonb('extra_info').$type<{ name: string; value: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_number_uq').on(t.companyId, t.number),
    index('contacts_company_lid_idx').on(t.companyId, t.lid),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    /** GET /contacts pages: name order (case-insensitive), read in index order */
    index('contacts_company_lower_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    /**
     * word-prefix search of names, accents ignored (ticket search:
     * `to_tsvector('simple_unaccent', name) @@ to_tsquery('simple_unaccent', 'mar:*')`; config in migration 0001)
     */
    index('contacts_name_fts_idx').using('gin', sql`to_tsvector('simple_unaccent', ${t.name})`),
  ],
);

/** The columns of a contact as the tickets, messages and lists refer to it (core's `ContactRef`). */
export const contactRefColumns = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  profilePicUrl: contacts.profilePicUrl,
  isGroup: contacts.isGroup,
};

export const categoryContacts = pgTable(
  'category_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('category_contacts_company_idx').on(t.companyId)],
);

export const contactCategories = pgTable(
  'contact_categories',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categoryContacts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.categoryId] }),
    index('contact_categories_company_cat_idx').on(t.companyId, t.categoryId),
  ],
);
