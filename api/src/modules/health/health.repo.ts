import { sql } from 'drizzle-orm';
import { db } from '../../platform/db';

/** Not company-scoped by nature: the readiness probe only asks the database to answer. */
export async function unsafePingDatabase(): Promise<void> {
  await db.execute(sql`select 1`);
}
