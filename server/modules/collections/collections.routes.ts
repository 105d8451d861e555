import { idListSchema, limitSchema, pageNumberSchema } from '@core/inputs.ts';
import { createRoute } from '@hono/zod-openapi';
import { PAGE_SIZE } from '@core/constants.ts';
import { errorResponses, idSchema, okResponse, z, jsonRequest } from '../../http/openapi.ts';
import {
  collectEntryBodySchema,
  collectResultSchema,
  collectionEntriesQuerySchema,
  collectionInputSchema,
  collectionPageSchema,
  collectionSchema,
  collectionWithIsInSchema,
  counterBodySchema,
  csIdBodySchema,
  entrySchema,
  homeQuerySchema,
  userCollectionsQuerySchema,
} from './collections.schemas.ts';

const tags = ['collection'];
export const createCollection = createRoute({
  method: 'post',
  path: '/collectionset',
  tags,
  summary:
    'Create a collection; the mask colour is derived from the background image (an upload of purpose collection)',
  request: jsonRequest(collectionInputSchema),
  responses: { ...okResponse(z.object({ id: z.string() })), ...errorResponses(400, 401) },
});

export const updateCollection = createRoute({
  method: 'put',
  path: '/collectionset/{id}',
  tags,
  summary: 'Update a collection (its owner or an admin)',
  request: { params: z.object({ id: idSchema }), ...jsonRequest(collectionInputSchema) },
  responses: { ...okResponse(collectionSchema), ...errorResponses(400, 401, 403, 404) },
});

export const deleteCollection = createRoute({
  method: 'delete',
  path: '/collectionset/{id}',
  tags,
  summary: 'Delete a collection (its owner or an admin)',
  request: { params: z.object({ id: idSchema }) },
  responses: { ...okResponse(z.null()), ...errorResponses(400, 401, 403, 404) },
});

const followResult = z.object({ followed: z.boolean(), followerCount: z.number() });

export const follow = createRoute({
  method: 'put',
  path: '/follow',
  tags,
  summary: 'Follow a collection',
  request: jsonRequest(csIdBodySchema),
  responses: { ...okResponse(followResult), ...errorResponses(400, 401, 404) },
});

export const unfollow = createRoute({
  method: 'put',
  path: '/unfollow',
  tags,
  summary: 'Unfollow a collection',
  request: jsonRequest(csIdBodySchema),
  responses: { ...okResponse(followResult), ...errorResponses(400, 401, 404) },
});

export const isInMyCollectionSet = createRoute({
  method: 'get',
  path: '/isInMyCollectionSet',
  tags,
  summary: 'For each entry, whether it is in any of the viewer’s collections',
  request: {
    query: z.object({
      entryIds: idListSchema({ allowEmpty: true, commas: true }),
    }),
  },
  responses: {
    ...okResponse(z.object({ items: z.array(z.object({ entryId: z.string(), isIn: z.boolean() })) })),
    ...errorResponses(400, 401),
  },
});

export const addEntry = createRoute({
  method: 'put',
  path: '/addEntry',
  tags,
  summary: 'Add an entry to a collection (its owner or an admin)',
  request: jsonRequest(collectEntryBodySchema),
  responses: { ...okResponse(collectResultSchema), ...errorResponses(400, 401, 403, 404) },
});

export const delEntry = createRoute({
  method: 'put',
  path: '/delEntry',
  tags,
  summary: 'Remove an entry from a collection (its owner or an admin)',
  request: jsonRequest(collectEntryBodySchema),
  responses: { ...okResponse(collectResultSchema), ...errorResponses(400, 401, 403, 404) },
});

export const homeCollectionSet = createRoute({
  method: 'get',
  path: '/homeCollectionSet',
  tags,
  summary: `Collections, recommended or all, newest or hottest, optionally by tag; ${PAGE_SIZE.collections} a page (zero-based)`,
  request: { query: homeQuerySchema },
  responses: { ...okResponse(collectionPageSchema), ...errorResponses(400) },
});

export const getCollectionSetEntries = createRoute({
  method: 'get',
  path: '/getCollectionSetEntries',
  tags,
  summary: 'The entries of a collection (zero-based pages of 20)',
  request: { query: collectionEntriesQuerySchema },
  responses: {
    ...okResponse(z.object({ entrylist: z.array(entrySchema), total: z.number() })),
    ...errorResponses(400, 404),
  },
});

export const getFollowedCollectionSet = createRoute({
  method: 'get',
  path: '/getFollowedCollectionSet',
  tags,
  summary: 'The collections a person follows',
  request: { query: userCollectionsQuerySchema },
  responses: { ...okResponse(collectionPageSchema), ...errorResponses(400, 404) },
});

export const getUserCollectionSet = createRoute({
  method: 'get',
  path: '/getUserCollectionSet',
  tags,
  summary: 'A person’s own collections',
  request: { query: userCollectionsQuerySchema },
  responses: { ...okResponse(collectionPageSchema), ...errorResponses(400, 404) },
});

export const getMyCollectionSetFor = createRoute({
  method: 'get',
  path: '/getUserCollectionSet/{id}',
  tags,
  summary: 'The viewer’s collections with isIn for an entry (the collect dialog)',
  request: {
    params: z.object({ id: idSchema }),
    query: z.object({
      page: pageNumberSchema(),
      pageSize: limitSchema(100),
    }),
  },
  responses: {
    ...okResponse(z.object({ collectionSets: z.array(collectionWithIsInSchema), sum: z.number() })),
    ...errorResponses(400, 401, 404),
  },
});

export const getHotTags = createRoute({
  method: 'get',
  path: '/getHotTags',
  tags,
  summary: 'The tags most collections carry',
  request: { query: z.object({ count: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.hotTags) }) },
  responses: {
    ...okResponse(
      z.object({ tags: z.array(z.object({ id: z.string(), title: z.string(), collectionCount: z.number() })) }),
    ),
    ...errorResponses(400),
  },
});

export const getCollectionSetInfo = createRoute({
  method: 'get',
  path: '/getCollectionSetInfo',
  tags,
  summary: 'One collection',
  request: { query: z.object({ csId: idSchema }) },
  responses: { ...okResponse(collectionSchema), ...errorResponses(400, 404) },
});

export const getSuggestCollectionSetInfo = createRoute({
  method: 'get',
  path: '/getSuggestCollectionSetInfo',
  tags,
  summary: 'Collections related to an entry: those holding it, then its author’s',
  request: {
    query: z.object({
      entryId: idSchema,
      entryUserId: idSchema.optional(),
      limit: z.coerce.number().int().min(1).max(30).default(PAGE_SIZE.relatedCollections),
    }),
  },
  responses: { ...okResponse(z.object({ collectionSets: z.array(collectionSchema) })), ...errorResponses(400) },
});

export const incr = createRoute({
  method: 'post',
  path: '/collectionSet/incr',
  tags,
  summary:
    'Statistics report after a change (num ±1, event csNum, csFollow or csPost, src 2): recorded; answers the counter’s value',
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: counterBodySchema },
      },
    },
  },
  responses: {
    ...okResponse(z.object({ event: z.string(), csId: z.string(), value: z.number() })),
    ...errorResponses(400, 401, 404),
  },
});
