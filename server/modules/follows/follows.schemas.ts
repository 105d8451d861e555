import { z } from '@hono/zod-openapi';
import { userBriefSchema } from '../users/users.schemas.ts';

/** A person in follow lists and suggestions: the brief plus whether the viewer follows them. */
export const followUserSchema = userBriefSchema
  .extend({ isFollow: z.boolean(), followingCount: z.number() })
  .openapi('FollowUser');
