import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idSchema, okResponse, z } from '../../http/openapi.ts';

const counts = {
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
};

const analyticsSchema = z
  .object({
    days: z.union([z.literal(30), z.literal(90)]),
    from: z.string(),
    to: z.string(),
    entry: z.object({ id: z.string(), title: z.string() }).nullable(),
    daily: z.array(z.object({ day: z.string(), ...counts, followers: z.number().nullable() })),
    totals: z.object({ ...counts, followers: z.number().nullable() }),
    entries: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        type: z.string(),
        createdAt: z.string(),
        ...counts,
        totalViews: z.number(),
      }),
    ),
  })
  .openapi('AuthorAnalytics');

export const author = createRoute({
  method: 'get',
  path: '/author',
  tags: ['analytics'],
  summary:
    'The signed-in author’s numbers per China Standard Time day of the last 30 or 90 days (views, likes, comments, shares, new followers), in all or for one entry (its author or an admin), and per entry',
  request: {
    query: z.object({
      days: z.enum(['30', '90']).default('30').transform(Number),
      entryId: idSchema.optional(),
    }),
  },
  responses: { ...okResponse(analyticsSchema), ...errorResponses(400, 401, 403, 404) },
});
