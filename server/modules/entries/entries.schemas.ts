import { PAGE_SIZE } from '@core/constants.ts';
import { pageQuerySchema } from '@core/inputs.ts';
import { z } from '@hono/zod-openapi';
import { idSchema } from '../../http/openapi.ts';
import { userBriefSchema } from '../users/users.schemas.ts';

export const entrySchema = z
  .object({
    id: z.string(),
    type: z.enum(['article', 'post', 'vote']),
    title: z.string(),
    abstract: z.string(),
    originalUrl: z.string(),
    screenshot: z.string(),
    user: userBriefSchema,
    category: z.object({ id: z.string(), name: z.string(), title: z.string() }),
    tags: z.array(z.object({ id: z.string(), title: z.string(), icon: z.string() })),
    isOriginal: z.boolean(),
    hot: z.boolean(),
    liked: z.boolean(),
    /** The viewer keeps it in one of their own collections. */
    collected: z.boolean(),
    likeCount: z.number(),
    commentCount: z.number(),
    viewCount: z.number(),
    collectionCount: z.number(),
    readingMinutes: z.number(),
    latestCommentAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    hiddenReason: z
      .string()
      .optional()
      .describe('Only in its author’s own profile lists: hidden by a moderator, with the reason'),
  })
  .openapi('Entry');

export const entryDetailSchema = entrySchema
  .extend({ content: z.string(), contentHtml: z.string() })
  .openapi('EntryDetail');

export const entryListSchema = z
  .object({
    total: z.number(),
    entrylist: z.array(entrySchema),
    /** Pass back as `before` for the next page; null at the end. */
    pointer: z.string().nullable(),
  })
  .openapi('EntryList');

export const entryListQuerySchema = pageQuerySchema(PAGE_SIZE.feed).extend({
  category: z.string().max(24).optional().openapi({ description: 'A category name or id; all for every category' }),
  tag: z.string().max(32).optional().openapi({ description: 'A tag id or title: only entries carrying it' }),
  type: z.enum(['article', 'post', 'vote']).optional(),
  recomment: z.enum(['0', '1']).optional().openapi({ description: '1 when the category is all (timeline only)' }),
  src: z.string().optional(),
});

export const periodQuerySchema = entryListQuerySchema.extend({ period: z.enum(['week', 'month']).default('week') });

export const getEntryQuerySchema = z.object({ entryId: idSchema, src: z.string().optional() });

export type EntryListQuery = z.infer<typeof entryListQuerySchema>;

/**
 * The fields every answer about a collection starts with: here and in collections.schemas.ts
 * (which imports this module's schemas, so the shape lives on this side).
 */
export const collectionHeadShape = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  maskColor: z.string(),
};

/** The related collection get_related_entry answers beside the entries. */
export const relatedCollectionSchema = z
  .object({
    ...collectionHeadShape,
    followerCount: z.number(),
    entryCount: z.number(),
    user: userBriefSchema,
  })
  .openapi('RelatedCollection');
