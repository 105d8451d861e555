import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { users } from '@db/schema/users.ts';

/** What lists and author cards show of a person. */
export const userBriefColumns = {
  id: users.id,
  username: users.username,
  avatarLarge: users.avatarLarge,
  role: users.role,
  jobTitle: users.jobTitle,
  company: users.company,
  selfDescription: users.selfDescription,
  followerCount: users.followerCount,
  postedPostsCount: users.postedPostsCount,
  beLikedCount: users.beLikedCount,
  beReadCount: users.beReadCount,
  isXiaoceAuthor: users.isXiaoceAuthor,
};

export async function insertUser(db: Db | Tx, values: typeof users.$inferInsert) {
  await db.insert(users).values(values);
}

export async function selectUserExists(db: Pick<Db, 'select'>, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function selectUserBriefs(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(userBriefColumns).from(users).where(inArray(users.id, ids));
}

/** Locks users' rows in id order (see lockUsers). */
export async function lockUserRows(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    // Not FOR UPDATE: inserting a row that references a user (a like, a notification) holds
    // FOR KEY SHARE on that user, which FOR UPDATE would wait for; counters never change the key.
    .for('no key update');
  return rows.map((row) => row.id);
}
