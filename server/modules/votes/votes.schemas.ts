import { z } from '../../http/openapi.ts';
import { userBriefSchema } from '../users/users.schemas.ts';

export const voteResultsSchema = z
  .object({
    entryId: z.string(),
    options: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        voteCount: z.number(),
        percent: z.number().openapi({ description: 'share of the voters in percent, one decimal' }),
      }),
    ),
    voterCount: z.number(),
    voted: z.string().nullable().openapi({ description: 'the option the viewer chose' }),
  })
  .openapi('VoteResults');

/** The deepest zero-based page of get_attender; deeper voters are reached by the pointer. */
export const ATTENDER_PAGE_MAX = 50;

export const attendersSchema = z
  .object({
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    pointer: z.string().nullable(),
    userList: z.array(userBriefSchema.extend({ votedAt: z.string() })),
  })
  .openapi('Attenders');
