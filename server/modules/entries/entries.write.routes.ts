import { createRoute } from '@hono/zod-openapi';
import { createGetWriteRoute, errorResponses, okResponse, z } from '../../http/openapi.ts';
import { entrySchema } from './entries.schemas.ts';

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
    vote: flag,
    original: flag,
    gfw: flag,
    english: flag,
  })
  .openapi('EntryForm');

export type EntryForm = z.infer<typeof entryFormSchema>;

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export const publish = createRoute({
  method: 'post',
  path: '/entryPublish',
  tags: ['post'],
  summary: 'Publish an entry (shared link, article, column post or vote)',
  request: jsonBody(entryFormSchema),
  responses: { ...okResponse(z.object({ entryId: z.string() })), ...errorResponses(400, 401) },
});

export const update = createRoute({
  method: 'post',
  path: '/entryUpdate',
  tags: ['post'],
  summary: 'Edit an entry (its author or an admin)',
  request: jsonBody(entryFormSchema.extend({ entryId: z.string().max(64) })),
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

const hotBody = jsonBody(z.object({ entryId: z.string().max(64) }));
const hotResponse = { ...okResponse(z.object({ hot: z.boolean() })), ...errorResponses(400, 401, 403, 404) };

export const recommend = createRoute({
  method: 'post',
  path: '/recommend',
  tags: ['post'],
  summary: 'Recommend an entry (admin): hot 1',
  request: hotBody,
  responses: hotResponse,
});

export const unrecommend = createRoute({
  method: 'post',
  path: '/unrecommend',
  tags: ['post'],
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
