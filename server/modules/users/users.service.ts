import { GUEST_ID } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { notFound } from '../../http/errors.ts';
import * as queries from './users.queries.ts';

export type UserBrief = Awaited<ReturnType<typeof queries.selectUserBriefs>>[number];

/** The placeholder for content whose author is gone (SPEC §3). */
export const PLACEHOLDER_USER: UserBrief = {
  id: GUEST_ID,
  username: '未知用户',
  avatarLarge: '',
  role: 'guest',
  jobTitle: '',
  company: '',
  selfDescription: '此用户不存在',
  followerCount: 0,
  postedPostsCount: 0,
  beLikedCount: 0,
  beReadCount: 0,
  isXiaoceAuthor: false,
};

/** The columns of a UserBrief, for modules that join authors into their own queries. */
export const userBriefColumns = queries.userBriefColumns;

/** Whether a user with this id exists. */
export function userExists(db: Db, id: string): Promise<boolean> {
  return queries.selectUserExists(db, id);
}

/** The briefs of these people, in no particular order; unknown ids are left out. */
export function getUserBriefs(db: Db, ids: string[]): Promise<UserBrief[]> {
  return queries.selectUserBriefs(db, ids);
}

export async function getUserBrief(db: Db, id: string): Promise<UserBrief> {
  const [user] = await queries.selectUserBriefs(db, [id]);
  if (!user) throw notFound('此用户不存在');
  return user;
}
