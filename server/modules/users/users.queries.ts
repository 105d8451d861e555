import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
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

export async function selectUserExists(db: Pick<Db, 'select'>, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function selectUserBriefs(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(userBriefColumns).from(users).where(inArray(users.id, ids));
}
