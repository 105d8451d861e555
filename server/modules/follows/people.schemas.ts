import { ID_PATTERN } from '@core/ids.ts';
import { z } from '@hono/zod-openapi';
import { userBriefSchema } from '../users/users.schemas.ts';

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
