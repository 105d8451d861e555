import { PLACEHOLDERS } from '@core/placeholders.ts';
import type { users } from '@db/schema/users.ts';
import type { Ctx, TxCtx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import * as queries from './users.queries.ts';

export type NewUser = typeof users.$inferInsert;

export type UserBrief = Awaited<ReturnType<typeof queries.selectUserBriefs>>[number];

/** The placeholder for content whose author is gone (SPEC §3). */
export const PLACEHOLDER_USER: UserBrief = {
  id: PLACEHOLDERS.user.id,
  username: PLACEHOLDERS.user.username,
  avatarLarge: '',
  role: 'guest',
  jobTitle: '',
  company: '',
  selfDescription: PLACEHOLDERS.user.selfDescription,
  followerCount: 0,
  postedPostsCount: 0,
  beLikedCount: 0,
  beReadCount: 0,
  isXiaoceAuthor: false,
};

/** The columns of a UserBrief, for modules that join authors into their own queries. */
export const userBriefColumns = queries.userBriefColumns;

/** Adds a person's row (registration, a first OAuth sign-in), in the caller's transaction. */
export function insertUser(ctx: Pick<Ctx, 'db'> | TxCtx, values: NewUser): Promise<void> {
  return queries.insertUser(ctx.db, values);
}

/** Whether a user with this id exists. */
export function userExists(ctx: Pick<Ctx, 'db'>, id: string): Promise<boolean> {
  return queries.selectUserExists(ctx.db, id);
}

/** The briefs of these people, in no particular order; unknown ids are left out. */
export function getUserBriefs(ctx: Pick<Ctx, 'db'>, ids: string[]): Promise<UserBrief[]> {
  return queries.selectUserBriefs(ctx.db, ids);
}

export async function getUserBrief(ctx: Pick<Ctx, 'db'>, id: string): Promise<UserBrief> {
  const [user] = await queries.selectUserBriefs(ctx.db, [id]);
  if (!user) throw notFound('此用户不存在');
  return user;
}

/**
 * The one lock order for people's rows. A transaction first locks the content it acts on (the
 * entry, pin, comment or collection), then, before it changes any person's row, every person
 * whose row it will change (a liker and an author, a follower and a followee, a notification's
 * recipient), all at once and in id order, here. Two such transactions then wait for each other
 * instead of deadlocking; the rare deadlock that still slips through (rows of bulk updates) the
 * transaction helper retries (db/client.ts). Returns the ids that exist.
 */
export async function lockUsers(ctx: TxCtx, ids: Array<string | null | undefined>): Promise<Set<string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  return new Set(await queries.lockUserRows(ctx.db, unique));
}
