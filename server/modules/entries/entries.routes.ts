import { createRoute } from '@hono/zod-openapi';
import { createAdminRoute } from '../../http/admin-route.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { entrySortSchema, idListSchema, limitSchema, pageNumberSchema, pointerSchema } from '@core/inputs.ts';
import { createGetWriteRoute, errorResponses, idSchema, okResponse, z, jsonRequest } from '../../http/openapi.ts';
import {
  entryDetailSchema,
  entryListQuerySchema,
  entryListSchema,
  entrySchema,
  relatedCollectionSchema,
  getEntryQuerySchema,
  periodQuerySchema,
} from './entries.schemas.ts';

/* ---- Reads: the category feeds, entries by id, one entry (SPEC §7.3, §7.4) ---- */

const timeline = ['timeline'];

function feedRoute(path: string, summary: string) {
  return createRoute({
    method: 'get',
    path,
    tags: timeline,
    summary,
    request: { query: entryListQuerySchema },
    responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
  });
}

export const byRank = feedRoute('/get_entry_by_rank', 'Entries by time-decayed popularity (sort popular)');
export const byTimeline = feedRoute('/get_entry_by_timeline', 'Newest entries (sort newest)');
export const byComment = feedRoute('/get_entry_by_comment', 'Entries by latest comment (sort comment)');
export const byHot = feedRoute('/get_entry_by_hot', 'Entries by likes of all time (sort hottest)');

export const byPeriod = createRoute({
  method: 'get',
  path: '/get_entry_by_period',
  tags: timeline,
  summary: 'Most liked entries of the last week or month (weeklyHottest, monthlyHottest)',
  request: { query: periodQuerySchema },
  responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
});

export const byIds = createRoute({
  method: 'get',
  path: '/get_entry_by_ids',
  tags: timeline,
  summary: 'Entries by id, in the order given',
  request: {
    query: z.object({
      entryIds: idListSchema({ allowEmpty: true }),
    }),
  },
  responses: { ...okResponse(z.object({ entrylist: z.array(entrySchema) })), ...errorResponses(400) },
});

export const getEntry = createRoute({
  method: 'get',
  path: '/getEntry',
  tags: ['post'],
  summary: 'One entry with its content',
  request: { query: getEntryQuerySchema },
  responses: { ...okResponse(entryDetailSchema), ...errorResponses(400, 404) },
});

/* ---- Reads beyond the category feeds: a user's, related, a tag's, recommended, the reading view ---- */

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
      limit: limitSchema(PAGE_SIZE.feed),
      order: entrySortSchema('newest'),
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(entryListSchema), ...errorResponses(400, 404) },
});

export const related = createRoute({
  method: 'get',
  path: '/get_related_entry',
  tags: timeline,
  summary:
    'Entries related to one: the newest of its category (4 or 5), and one related collection (the most followed holding it, else the author’s own)',
  request: {
    query: z.object({
      entryId: idSchema,
      limit: limitSchema(5, 5),
      src: z.string().optional(),
    }),
  },
  responses: {
    ...okResponse(z.object({ entrylist: z.array(entrySchema), collections: z.array(relatedCollectionSchema) })),
    ...errorResponses(400, 404),
  },
});

export const byTag = createRoute({
  method: 'get',
  path: '/get_tag_entry',
  tags: timeline,
  summary: 'A tag’s entries in one of the six sorts (default hottest); follow the pointer, or page (zero-based)',
  request: {
    query: z.object({
      tagId: idSchema,
      sort: entrySortSchema('hottest'),
      page: pageNumberSchema(50),
      pageSize: limitSchema(PAGE_SIZE.feed),
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

/* ---- Writes: publish, edit, delete, recommend; the share form's page reader and URL lookup ---- */

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)])
  .optional()
  .openapi({ description: 'true/false or 1/0' });

/** The publish form of SPEC §3: tags are ids joined by a pipe; flags in the spec's order. */
export const entryFormSchema = z
  .object({
    originalUrl: z.string().max(4096).optional(),
    title: z.string().max(1000).optional(),
    type: z.string().max(16).optional().openapi({ description: 'article (default), post or vote' }),
    content: z.string().max(200_000).optional(),
    category: z.string().max(64).optional().openapi({ description: 'the category id' }),
    tags: z.string().max(200).optional().openapi({ description: 'tag ids joined by a pipe, 1 to 3' }),
    screenshot: z.string().max(4096).optional(),
    abstract: z.string().max(2000).optional(),
    options: z
      .union([z.string().max(2000), z.array(z.string().max(200)).max(50)])
      .optional()
      .openapi({ description: 'a vote’s options (2 to 10), an array or joined by a pipe' }),
    vote: flag,
    original: flag,
    gfw: flag,
    english: flag,
  })
  .openapi('EntryForm');

export type EntryForm = z.infer<typeof entryFormSchema>;

export const publish = createRoute({
  method: 'post',
  path: '/entryPublish',
  tags: ['post'],
  summary: 'Publish an entry (shared link, article, column post or vote)',
  request: jsonRequest(entryFormSchema),
  responses: { ...okResponse(z.object({ entryId: z.string() })), ...errorResponses(400, 401, 429) },
});

export const update = createRoute({
  method: 'post',
  path: '/entryUpdate',
  tags: ['post'],
  summary: 'Edit an entry (its author or an admin)',
  request: jsonRequest(entryFormSchema.extend({ entryId: z.string().max(64) })),
  responses: { ...okResponse(z.object({ entryId: z.string() })), ...errorResponses(400, 401, 403, 404) },
});

export const remove = createGetWriteRoute({
  path: '/entryDel',
  tags: ['post'],
  summary: 'Delete an entry (its author or an admin)',
  request: { query: z.object({ entryId: z.string().max(64), src: z.string().optional() }) },
  responses: { ...okResponse(z.object({ entryId: z.string() })), ...errorResponses(400, 401, 403, 404) },
});

/** Not a write, but it spends the server's outgoing requests for the viewer: guarded the same way. */
export const pageInfo = createGetWriteRoute({
  path: '/page/info',
  tags: ['post'],
  summary: 'Read a web page server-side for the share form: title, description, Open Graph image',
  request: { query: z.object({ url: z.string().max(4096), src: z.string().optional() }) },
  responses: {
    ...okResponse(z.object({ url: z.string(), title: z.string(), description: z.string(), screenshot: z.string() })),
    ...errorResponses(400, 401),
  },
});

const hotBody = jsonRequest(z.object({ entryId: z.string().max(64) }));
const hotResponse = { ...okResponse(z.object({ hot: z.boolean() })), ...errorResponses(400, 401, 403, 404) };

export const recommend = createAdminRoute({
  method: 'post',
  path: '/recommend',
  alsoRoles: ['editor'],
  summary: 'Recommend an entry (admin): hot 1',
  request: hotBody,
  responses: hotResponse,
});

export const unrecommend = createAdminRoute({
  method: 'post',
  path: '/unrecommend',
  alsoRoles: ['editor'],
  summary: 'Unrecommend an entry (admin): hot 0',
  request: hotBody,
  responses: hotResponse,
});

export const byUrl = createRoute({
  method: 'get',
  path: '/get_entry_by_url',
  tags: ['timeline'],
  summary: 'The entry that already shares a URL, or null',
  request: { query: z.object({ url: z.string().max(4096), src: z.string().optional() }) },
  responses: { ...okResponse(z.object({ entry: entrySchema.nullable() })), ...errorResponses(400) },
});
