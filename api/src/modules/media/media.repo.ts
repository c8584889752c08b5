import { and, eq } from 'drizzle-orm';
import { mediaFiles } from '../../db/schema';
import { db } from '../../platform/db';

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export async function insertMediaFile(companyId: number, row: Omit<typeof mediaFiles.$inferInsert, 'companyId'>) {
  const [r] = await db
    .insert(mediaFiles)
    .values({ ...row, companyId })
    .returning();
  return r;
}

/** another company's file is indistinguishable from a missing one */
export async function findMediaFileInCompany(companyId: number, id: string): Promise<MediaFileRow | undefined> {
  const [r] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.companyId, companyId), eq(mediaFiles.id, id)))
    .limit(1);
  return r;
}

export async function deleteMediaFileRow(companyId: number, id: string): Promise<void> {
  await db.delete(mediaFiles).where(and(eq(mediaFiles.companyId, companyId), eq(mediaFiles.id, id)));
}
