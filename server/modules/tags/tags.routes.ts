import { createRoute } from '@hono/zod-openapi';
import { PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, idSchema, okResponse, z } from '../../http/openapi.ts';

const tag = ['tag'];

export const categoriesRoute = createRoute({
  method: 'get',
  path: '/categories',
  tags: tag,
  summary: 'The nine fixed categories',
  responses: okResponse(
    z.object({
      categoryList: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          title: z.string(),
          entriesCount: z.number(),
          subscribed: z.boolean().openapi({ description: 'The viewer subscribes to one of its built-in tags' }),
        }),
      ),
    }),
  ),
});

export const tagSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    icon: z.string(),
    entriesCount: z.number(),
    subscribersCount: z.number(),
    subscribed: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Tag');

export const tagListSchema = z.object({ tagList: z.array(tagSchema), total: z.number() }).openapi('TagList');

const orderSchema = z.enum(['hot', 'new']).openapi({ description: 'hot: most subscribers first; new: newest first' });
const pageSchema = z.coerce.number().int().min(0).max(10_000).openapi({ description: 'Zero-based page number' });
const pageSizeSchema = z.coerce.number().int().min(1).max(100);
const src = z.object({ src: z.string().optional() });

export const searchTags = createRoute({
  method: 'get',
  path: '/tag/type/{type}/search/{query}/page/{page}/pageSize/{pageSize}',
  tags: tag,
  summary: 'Tags whose title contains the query',
  request: {
    params: z.object({
      type: orderSchema,
      query: z.string().trim().min(1).max(32),
      page: pageSchema,
      pageSize: pageSizeSchema,
    }),
    query: src,
  },
  responses: { ...okResponse(tagListSchema), ...errorResponses(400) },
});

export const listTags = createRoute({
  method: 'get',
  path: '/tags/type/{type}/page/{page}/pageSize/{pageSize}',
  tags: tag,
  summary: 'Every tag, hottest or newest first',
  request: { params: z.object({ type: orderSchema, page: pageSchema, pageSize: pageSizeSchema }), query: src },
  responses: { ...okResponse(tagListSchema), ...errorResponses(400) },
});

export const suggestTags = createRoute({
  method: 'get',
  path: '/tags/type/hot/suggest/{suggestType}/page/{page}/pageSize/{pageSize}',
  tags: tag,
  summary: `Suggested tags: of a category (default 产品) or the hottest not yet subscribed; ${PAGE_SIZE.tagSuggestions} a page`,
  request: {
    params: z.object({ suggestType: z.enum(['category', 'tag']), page: pageSchema, pageSize: pageSizeSchema }),
    query: src.extend({
      category: z.string().max(16).optional().openapi({ description: 'A category name, id or title; default product' }),
    }),
  },
  responses: { ...okResponse(tagListSchema), ...errorResponses(400, 404) },
});

export const userSubscribedTags = createRoute({
  method: 'get',
  path: '/user/{id}/subscribe',
  tags: tag,
  summary: `A user’s subscribed tags, latest first (${PAGE_SIZE.subscribedTags} a page)`,
  request: {
    params: z.object({ id: idSchema }),
    query: src.extend({
      page: pageSchema.default(0),
      pageSize: pageSizeSchema.default(PAGE_SIZE.subscribedTags),
    }),
  },
  responses: { ...okResponse(tagListSchema), ...errorResponses(400, 404) },
});

export const subscribeCodeStatus = createRoute({
  method: 'get',
  path: '/user/{id}/subscribeCodeStatus',
  tags: tag,
  summary: 'Whether a person has subscribed to any tag yet (status) and to how many',
  request: { params: z.object({ id: idSchema }), query: src },
  responses: {
    ...okResponse(z.object({ status: z.boolean(), subscribedTagCount: z.number() })),
    ...errorResponses(400, 404),
  },
});

export const tagByTitle = createRoute({
  method: 'get',
  path: '/tag/{title}',
  tags: tag,
  summary: 'One tag by its title',
  request: { params: z.object({ title: z.string().min(1).max(32) }), query: src },
  responses: { ...okResponse(tagSchema), ...errorResponses(400, 404) },
});

const subscriptionSchema = z
  .object({ subscribed: z.boolean(), subscribersCount: z.number() })
  .openapi('TagSubscription');

function subscribeRoute(method: 'put' | 'delete', summary: string) {
  return createRoute({
    method,
    path: '/tag/subscribe/{id}',
    tags: tag,
    summary,
    request: { params: z.object({ id: idSchema }) },
    responses: { ...okResponse(subscriptionSchema), ...errorResponses(400, 401, 404) },
  });
}

export const subscribeTag = subscribeRoute('put', 'Subscribe to a tag (signed in)');
export const unsubscribeTag = subscribeRoute('delete', 'Unsubscribe from a tag (signed in)');
