import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Places that attendants send in chats (spec 2 §3 Location: id, name, latitude, longitude, isDeleted, companyId).
 * `address` is ours: the place's address line (from the places search), sent with the pin. Soft delete: a deleted
 * location leaves the list and can no longer be sent; messages that carried it keep their coordinates.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_company_idx').on(t.companyId, t.name)],
);
