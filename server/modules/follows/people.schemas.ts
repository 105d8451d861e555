import { ID_PATTERN } from '@core/ids.ts';
import { z } from '@hono/zod-openapi';

export const idSchema = z.string().regex(ID_PATTERN, 'invalid id');

/** What lists and author cards show of a person (users.service UserBrief). */
export const userBriefSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    avatarLarge: z.string(),
    role: z.string(),
    jobTitle: z.string(),
    company: z.string(),
    selfDescription: z.string(),
    followerCount: z.number(),
    postedPostsCount: z.number(),
    beLikedCount: z.number(),
    beReadCount: z.number(),
    isXiaoceAuthor: z.boolean(),
  })
  .openapi('SocialUserBrief');

/** A person in follow lists and suggestions: the brief plus whether the viewer follows them. */
export const followUserSchema = userBriefSchema
  .extend({ isFollow: z.boolean(), followingCount: z.number() })
  .openapi('FollowUser');

/** ids joined by a pipe (SPEC §7.2, §7.6); at most 100. */
export function parseIdList(value: string | undefined, max = 100): string[] | null {
  const ids = [...new Set((value ?? '').split('|').filter(Boolean))];
  if (ids.length === 0 || ids.length > max || !ids.every((id) => ID_PATTERN.test(id))) return null;
  return ids;
}
