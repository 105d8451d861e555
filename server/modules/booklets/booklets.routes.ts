import { createRoute } from '@hono/zod-openapi';
import { BOOKLET_CATEGORIES, BOOKLET_LIMITS, BOOKLET_MESSAGES } from '@core/booklets.ts';
import { limitSchema, pointerSchema } from '@core/inputs.ts';
import { createAdminRoute } from '../../http/admin-route.ts';
import { createGetWriteRoute, errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';
import {
  bookletCardSchema,
  bookletDetailSchema,
  boughtBookletSchema,
  sectionBriefSchema,
  sectionReadingSchema,
} from './booklets.schemas.ts';

const tags = ['xiaoce'];
/** Administrators only: createAdminRoute adds the admin tag and checks the role before the input. */
const adminTags = ['xiaoce'];

const categorySchema = z.enum(BOOKLET_CATEGORIES, { error: BOOKLET_MESSAGES.categoryInvalid });
const listSchema = z.object({ list: z.array(bookletCardSchema), pointer: z.string().nullable() });
/** Query flags as the spec sends them: true/false or 1/0. */
const flagSchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/* ---- Booklet cache service: reading ---- */

export const get = createRoute({
  method: 'get',
  path: '/get',
  tags,
  summary: 'One booklet: author, introduction, sections (drafts for its author and admins), bought flag, progress',
  request: { query: z.object({ id: idSchema }) },
  responses: { ...okResponse(bookletDetailSchema), ...errorResponses(400, 404) },
});

export const getSection = createRoute({
  method: 'get',
  path: '/getSection',
  tags,
  summary: 'One section: in full when free or bought (or for its author), else its first part with locked true',
  request: { query: z.object({ sectionId: idSchema }) },
  responses: { ...okResponse(sectionReadingSchema), ...errorResponses(400, 404) },
});

export const getListSection = createRoute({
  method: 'get',
  path: '/getListSection',
  tags,
  summary: 'The sections of a booklet in reading order',
  request: { query: z.object({ id: idSchema }) },
  responses: { ...okResponse(z.object({ sections: z.array(sectionBriefSchema) })), ...errorResponses(400, 404) },
});

export const userBuyList = createRoute({
  method: 'get',
  path: '/userBuyList',
  tags,
  summary: 'The ids of the booklets the signed-in person bought',
  responses: { ...okResponse(z.object({ ids: z.array(z.string()) })), ...errorResponses(401) },
});

export const getListBuy = createRoute({
  method: 'get',
  path: '/getListBuy',
  tags,
  summary: 'The signed-in person’s purchases, latest first, each with where they left off; keyset pointer',
  request: { query: z.object({ before: pointerSchema, limit: limitSchema(BOOKLET_LIMITS.pageSize, 50) }) },
  responses: {
    ...okResponse(z.object({ list: z.array(boughtBookletSchema), pointer: z.string().nullable() })),
    ...errorResponses(400, 401),
  },
});

const viewResult = z.object({ counted: z.boolean(), viewCount: z.number() });

export const viewCountDetail = createGetWriteRoute({
  path: '/viewCountDetail',
  tags,
  summary: 'Count a view of a booklet page: once per visitor per day, never for bots',
  request: { query: z.object({ id: idSchema }) },
  responses: { ...okResponse(viewResult), ...errorResponses(400, 403, 404) },
});

export const viewCountContent = createGetWriteRoute({
  path: '/viewCountContent',
  tags,
  summary: 'Count a view of a section (once per visitor per day, never for bots) and remember it as the reader’s place',
  request: { query: z.object({ sectionId: idSchema }) },
  responses: { ...okResponse(viewResult), ...errorResponses(400, 403, 404) },
});

/* ---- Booklet timeline ---- */

export const getListByLastTime = createRoute({
  method: 'get',
  path: '/getListByLastTime',
  tags,
  summary: 'Booklets on sale, latest update first, optionally of one category; keyset pointer',
  request: {
    query: z.object({
      category: categorySchema.optional(),
      before: pointerSchema,
      limit: limitSchema(BOOKLET_LIMITS.pageSize, 50),
    }),
  },
  responses: { ...okResponse(listSchema), ...errorResponses(400) },
});

export const getHot = createRoute({
  method: 'get',
  path: '/getHot',
  tags,
  summary: 'Top, then hot, then best-selling booklets on sale',
  request: {
    query: z.object({ category: categorySchema.optional(), limit: limitSchema(BOOKLET_LIMITS.hotSize, 50) }),
  },
  responses: { ...okResponse(z.object({ list: z.array(bookletCardSchema) })), ...errorResponses(400) },
});

/* ---- Writing (booklet authors; beyond the spec's list of calls) ---- */

const titleSchema = z
  .string({ error: BOOKLET_MESSAGES.titleRequired })
  .trim()
  .min(1, BOOKLET_MESSAGES.titleRequired)
  .max(BOOKLET_LIMITS.titleMax, BOOKLET_MESSAGES.titleTooLong);
const priceSchema = z
  .number({ error: BOOKLET_MESSAGES.priceInvalid })
  .int(BOOKLET_MESSAGES.priceInvalid)
  .min(0, BOOKLET_MESSAGES.priceInvalid)
  .max(BOOKLET_LIMITS.priceMax, BOOKLET_MESSAGES.priceInvalid)
  .describe('Fen');
const bookletFields = {
  summary: z.string().max(BOOKLET_LIMITS.summaryMax, BOOKLET_MESSAGES.summaryTooLong).optional(),
  description: z.string().max(BOOKLET_LIMITS.descriptionMax, BOOKLET_MESSAGES.descriptionTooLong).optional(),
  img: z.string().max(500).optional().describe('A cover the author uploaded (purpose cover), or empty'),
  isFinished: z.boolean().optional(),
};

export const create = createRoute({
  method: 'post',
  path: '/create',
  tags,
  summary: 'Create a draft booklet (booklet authors and admins)',
  request: {
    body: jsonBody(z.object({ title: titleSchema, category: categorySchema, price: priceSchema, ...bookletFields })),
  },
  responses: { ...okResponse(bookletDetailSchema), ...errorResponses(400, 401, 403) },
});

export const update = createRoute({
  method: 'post',
  path: '/update',
  tags,
  summary: 'Change a booklet’s title, introduction, cover, category, price or finished flag (its author or an admin)',
  request: {
    body: jsonBody(
      z.object({
        id: idSchema,
        title: titleSchema.optional(),
        category: categorySchema.optional(),
        price: priceSchema.optional(),
        ...bookletFields,
      }),
    ),
  },
  responses: { ...okResponse(bookletDetailSchema), ...errorResponses(400, 401, 403, 404) },
});

export const mine = createRoute({
  method: 'get',
  path: '/mine',
  tags,
  summary: 'The signed-in person’s own booklets, drafts included',
  responses: { ...okResponse(z.object({ list: z.array(bookletCardSchema) })), ...errorResponses(401) },
});

const sectionTitleSchema = z
  .string({ error: BOOKLET_MESSAGES.sectionTitleRequired })
  .trim()
  .min(1, BOOKLET_MESSAGES.sectionTitleRequired)
  .max(BOOKLET_LIMITS.sectionTitleMax, BOOKLET_MESSAGES.sectionTitleTooLong);
const sectionContentSchema = z.string().max(BOOKLET_LIMITS.sectionContentMax, BOOKLET_MESSAGES.sectionContentTooLong);

export const createSection = createRoute({
  method: 'post',
  path: '/section/create',
  tags,
  summary: 'Append a draft section to a booklet (its author or an admin)',
  request: {
    body: jsonBody(
      z.object({
        bookletId: idSchema,
        title: sectionTitleSchema,
        content: sectionContentSchema.default(''),
        isFree: z.boolean().optional(),
      }),
    ),
  },
  responses: { ...okResponse(sectionReadingSchema), ...errorResponses(400, 401, 403, 404) },
});

export const updateSection = createRoute({
  method: 'post',
  path: '/section/update',
  tags,
  summary: 'Save a section’s title, content or free mark (its booklet’s author or an admin)',
  request: {
    body: jsonBody(
      z.object({
        sectionId: idSchema,
        title: sectionTitleSchema.optional(),
        content: sectionContentSchema.optional(),
        isFree: z.boolean().optional(),
      }),
    ),
  },
  responses: { ...okResponse(sectionReadingSchema), ...errorResponses(400, 401, 403, 404) },
});

export const publishSection = createRoute({
  method: 'post',
  path: '/section/publish',
  tags,
  summary: 'Publish a section (publish true) or take it back to the drafts (false)',
  request: { body: jsonBody(z.object({ sectionId: idSchema, publish: z.boolean() })) },
  responses: { ...okResponse(sectionReadingSchema), ...errorResponses(400, 401, 403, 404) },
});

export const moveSection = createRoute({
  method: 'post',
  path: '/section/move',
  tags,
  summary: 'Move a section to a 0-based position in its booklet',
  request: {
    body: jsonBody(
      z.object({ sectionId: idSchema, position: z.number().int().min(0).max(BOOKLET_LIMITS.sectionsMax) }),
    ),
  },
  responses: {
    ...okResponse(z.object({ sections: z.array(sectionBriefSchema) })),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteSection = createRoute({
  method: 'post',
  path: '/section/delete',
  tags,
  summary: 'Delete a section (its booklet’s author or an admin)',
  request: { body: jsonBody(z.object({ sectionId: idSchema })) },
  responses: {
    ...okResponse(z.object({ sectionId: z.string(), bookletId: z.string() })),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const submit = createRoute({
  method: 'post',
  path: '/submit',
  tags,
  summary: 'Submit a draft booklet for review (needs a summary and a published section)',
  request: { body: jsonBody(z.object({ id: idSchema })) },
  responses: { ...okResponse(bookletDetailSchema), ...errorResponses(400, 401, 403, 404) },
});

/* ---- Booklet storage: administrators ---- */

export const approve = createAdminRoute({
  method: 'post',
  path: '/approve',
  tags: adminTags,
  summary: 'Approve a submitted booklet: it goes on sale (admin)',
  request: { body: jsonBody(z.object({ id: idSchema })) },
  responses: { ...okResponse(bookletDetailSchema), ...errorResponses(400, 401, 403, 404) },
});

export const isFreeSection = createAdminRoute({
  method: 'post',
  path: '/isFreeSection',
  tags: adminTags,
  summary: 'Mark a section free or paid (admin)',
  request: { body: jsonBody(z.object({ sectionId: idSchema, isFree: z.boolean() })) },
  responses: {
    ...okResponse(z.object({ sectionId: z.string(), isFree: z.boolean() })),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const isHot = createAdminRoute({
  method: 'post',
  path: '/isHot',
  tags: adminTags,
  summary: 'Set a booklet’s hot flag (admin)',
  request: { body: jsonBody(z.object({ id: idSchema, isHot: z.boolean() })) },
  responses: { ...okResponse(z.object({ id: z.string(), isHot: z.boolean() })), ...errorResponses(400, 401, 403, 404) },
});

export const isTop = createAdminRoute({
  method: 'post',
  path: '/isTop',
  tags: adminTags,
  summary: 'Set a booklet’s top flag (admin)',
  request: { body: jsonBody(z.object({ id: idSchema, isTop: z.boolean() })) },
  responses: { ...okResponse(z.object({ id: z.string(), isTop: z.boolean() })), ...errorResponses(400, 401, 403, 404) },
});

export const getList = createAdminRoute({
  method: 'get',
  path: '/getList',
  tags: adminTags,
  summary: 'Every booklet, filtered by isDraft and author uid, or submitted=1 for those awaiting review (admin)',
  request: {
    query: z.object({
      isDraft: flagSchema.optional(),
      uid: idSchema.optional(),
      submitted: flagSchema.optional(),
      before: pointerSchema,
      limit: limitSchema(BOOKLET_LIMITS.pageSize, 50),
    }),
  },
  responses: { ...okResponse(listSchema), ...errorResponses(400, 401, 403) },
});
