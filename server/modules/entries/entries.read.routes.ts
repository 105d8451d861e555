import { createRoute } from '@hono/zod-openapi';
import { ENTRY_SORTS, PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, idSchema, okResponse, z } from '../../http/openapi.ts';
import { entryDetailSchema, entryListSchema, entrySchema } from './entries.schemas.ts';

const timeline = ['timeline'];
const limitSchema = z.coerce.number().int().min(1).max(100);
const pointerSchema = z.string().max(200).optional().openapi({ description: 'The pointer of the previous page' });
/** Checked by the service so anything but the six keys answers 'invalid sort: {value}' (SPEC §5). */
const sortSchema = z
  .string()
  .max(40)
  .optional()
  .openapi({ description: `One of ${ENTRY_SORTS.join(', ')}` });

export const bySelf = createRoute({
  method: 'get',
  path: '/get_entry_by_self',
  tags: timeline,
  summary: 'A user’s entries (type post or article), newest first unless order names another sort',
  request: {
    query: z.object({
      targetUid: idSchema,
      type: z.enum(['post', 'article']).optional(),
      before: pointerSchema,
      limit: limitSchema.default(PAGE_SIZE.feed),
      order: sortSchema,
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
});

export const related = createRoute({
  method: 'get',
  path: '/get_related_entry',
  tags: timeline,
  summary: 'Entries related to one: the newest of its category (4 or 5)',
  request: {
    query: z.object({
      entryId: idSchema,
      limit: z.coerce.number().int().min(1).max(5).default(5),
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(z.object({ entrylist: z.array(entrySchema) })), ...errorResponses(400, 404) },
});

export const byTag = createRoute({
  method: 'get',
  path: '/get_tag_entry',
  tags: timeline,
  summary: 'A tag’s entries in one of the six sorts (default hottest); follow the pointer, or page (zero-based)',
  request: {
    query: z.object({
      tagId: idSchema,
      sort: sortSchema,
      page: z.coerce.number().int().min(0).max(50).default(0),
      pageSize: limitSchema.default(PAGE_SIZE.feed),
      before: pointerSchema,
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
});

export const recommended = createRoute({
  method: 'get',
  path: '/get_recommended_entry',
  tags: timeline,
  summary: `Recommended entries, ${PAGE_SIZE.recommendedEntries} at a time`,
  request: {
    query: z.object({
      uid: z.string().max(24).optional(),
      suid: z.string().max(40).optional(),
      ab: z.string().max(40).optional().openapi({ description: 'welcome_{variant}' }),
      before: pointerSchema,
      src: z.string().optional(),
    }),
  },
  responses: {
    ...okResponse(z.object({ entrylist: z.array(entrySchema), pointer: z.string().nullable() })),
    ...errorResponses(400),
  },
});

export const entryViewSchema = z
  .object({
    entryViewId: z.string(),
    entryId: z.string(),
    title: z.string(),
    content: z.string(),
    contentHtml: z.string(),
    viewCount: z.number(),
  })
  .openapi('EntryView');

export const detailData = createRoute({
  method: 'get',
  path: '/getDetailData',
  tags: ['post'],
  summary: 'type entry: the entry with its content; type entryView: its reading view',
  request: {
    query: z.object({
      type: z.enum(['entry', 'entryView']).default('entry'),
      postId: idSchema,
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(z.union([entryDetailSchema, entryViewSchema])), ...errorResponses(400, 404) },
});
