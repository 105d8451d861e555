import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { uploads } from '@db/schema/index.ts';

export async function insertUpload(db: Db | Tx, values: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(values);
}

/** Which of these URLs are the user's own uploads. */
export async function selectOwnUploadUrls(db: Db | Tx, userId: string, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.url, urls)));
  return new Set(rows.map((r) => r.url));
}
