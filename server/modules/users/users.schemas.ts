import { z } from '../../http/openapi.ts';

/** What lists, cards and notifications show of a person (userBriefColumns in users.service). */
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
  .openapi('UserBrief');
