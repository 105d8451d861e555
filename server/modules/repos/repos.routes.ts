import { createRoute } from '@hono/zod-openapi';
import { PAGE_SIZE } from '@core/constants.ts';
import { idListSchema, limitSchema, pageNumberSchema, pointerSchema } from '@core/inputs.ts';
import { MODERATION_LIMITS, MODERATION_MESSAGES, REPORT_REASON_KEYS } from '@core/moderation.ts';
import { LANGUAGE_LIST, TRENDING_PERIODS, translationTextSchema } from '@core/repos.ts';
import { captchaCodeSchema } from '@core/validation.ts';
import { createAdminRoute } from '../../http/admin-route.ts';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';
import {
  repoDetailSchema,
  repoPageSchema,
  repoSchema,
  repoTagTreeSchema,
  shownTranslationSchema,
  translationListSchema,
} from './repos.schemas.ts';

const tags = ['repo'];

/** Numbered repo lists stop at this zero-based page (offsets beyond it would scan). */
export const REPO_PAGE_MAX = 100;
/** Translation lists skip at most this many. */
export const TRANSLATION_SKIP_MAX = 1000;

export const detail = createRoute({
  method: 'get',
  path: '/get_repo_detail',
  tags,
  summary: 'One repo: counts, license, owner, README (rendered), language shares, the first 5 translators',
  request: { query: z.object({ repoId: idSchema }) },
  responses: { ...okResponse(repoDetailSchema), ...errorResponses(400, 404) },
});

export const trending = createRoute({
  method: 'get',
  path: '/get_trending',
  tags,
  summary: 'The repos that gained most stars in the period (since daily, weekly or monthly), of one language or all',
  request: {
    query: z.object({
      since: z.enum(TRENDING_PERIODS).default('daily'),
      language: z
        .string()
        .max(40)
        .optional()
        .openapi({ description: `all (default) or one of ${LANGUAGE_LIST.map((l) => l.name).join(', ')}` }),
    }),
  },
  responses: {
    ...okResponse(z.object({ since: z.enum(TRENDING_PERIODS), language: z.string(), repoList: z.array(repoSchema) })),
    ...errorResponses(400),
  },
});

const tagPageQuery = z.object({
  tagIds: idListSchema({ allowEmpty: true })
    .optional()
    .openapi({ description: 'Repo tag ids joined by a pipe; a repo must carry every one. Empty: all repos.' }),
  page: pageNumberSchema(REPO_PAGE_MAX),
  pageSize: limitSchema(PAGE_SIZE.feed, 50),
  asc: z.enum(['0', '1']).default('0').openapi({ description: '0 (default): newest or most stars first' }),
});

export const byTimeline = createRoute({
  method: 'get',
  path: '/getTagReposByTimeline',
  tags,
  summary: 'Repos under the given tags, newest first; zero-based page',
  request: { query: tagPageQuery },
  responses: { ...okResponse(repoPageSchema), ...errorResponses(400) },
});

export const byStars = createRoute({
  method: 'get',
  path: '/getTagReposByStars',
  tags,
  summary: 'Repos under the given tags, most stars first; zero-based page',
  request: { query: tagPageQuery },
  responses: { ...okResponse(repoPageSchema), ...errorResponses(400) },
});

export const custom = createRoute({
  method: 'get',
  path: '/getCustomRepos',
  tags,
  summary: 'The custom home list (repos editors featured), latest pick first; keyset before',
  request: { query: z.object({ before: pointerSchema, limit: limitSchema(PAGE_SIZE.repoHomeEntries, 50) }) },
  responses: {
    ...okResponse(z.object({ total: z.number(), repoList: z.array(repoSchema), before: z.string().nullable() })),
    ...errorResponses(400),
  },
});

export const tagTree = createRoute({
  method: 'get',
  path: '/get_repo_tags',
  tags,
  summary: 'The fixed repo tag tree: Frontend, Android, iOS, Python with their sub-tags',
  responses: { ...okResponse(repoTagTreeSchema) },
});

const translationQuery = z.object({
  repoId: idSchema,
  limit: limitSchema(PAGE_SIZE.translations, 50),
  skip: z.coerce.number().int().min(0).max(TRANSLATION_SKIP_MAX).default(0),
});

export const titles = createRoute({
  method: 'get',
  path: '/get_chtitles',
  tags,
  summary: 'Chinese title translations of a repo, most voted first (limit 10, skip)',
  request: { query: translationQuery },
  responses: { ...okResponse(translationListSchema), ...errorResponses(400, 404) },
});

export const descriptions = createRoute({
  method: 'get',
  path: '/get_chdescriptions',
  tags,
  summary: 'Chinese description translations of a repo, most voted first (limit 10, skip)',
  request: { query: translationQuery },
  responses: { ...okResponse(translationListSchema), ...errorResponses(400, 404) },
});

export const translate = createRoute({
  method: 'post',
  path: '/trans_repo',
  tags,
  summary:
    'Choose (id) or write (text) a title and a description translation, with the image captcha (vcode, token); the person’s vote per field goes to it',
  request: {
    body: jsonBody(
      z.object({
        repoId: idSchema,
        titleId: idSchema.optional(),
        title: translationTextSchema('title').optional(),
        descriptionId: idSchema.optional(),
        description: translationTextSchema('description').optional(),
        vcode: captchaCodeSchema,
        token: z.string().min(1, '请填写图形验证码').max(64),
      }),
    ),
  },
  responses: {
    ...okResponse(
      z.object({
        titleId: z.string(),
        descriptionId: z.string(),
        translation: shownTranslationSchema,
        translatorIdList: z.array(z.string()),
      }),
    ),
    ...errorResponses(400, 401, 404),
  },
});

export const vote = createRoute({
  method: 'post',
  path: '/vote_translation',
  tags,
  summary: 'Vote for a translation: one vote per person per repo and field, moved by voting again',
  request: {
    body: jsonBody(z.object({ translationId: idSchema })),
  },
  responses: {
    ...okResponse(
      z.object({
        translationId: z.string(),
        field: z.enum(['title', 'description']),
        voteCount: z.number(),
        voted: z.boolean(),
        translation: shownTranslationSchema,
      }),
    ),
    ...errorResponses(400, 401, 404),
  },
});

export const report = createRoute({
  method: 'post',
  path: '/report_repo',
  tags,
  summary:
    '举报 a repo (the moderation queue, /api/admin/reports; once while open; not reported twice); POST rather than the spec’s GET (docs/decisions/007)',
  request: {
    body: jsonBody(
      z.object({
        repoId: idSchema,
        reason: z.enum(REPORT_REASON_KEYS, { error: MODERATION_MESSAGES.reportReasonRequired }),
        detail: z.string().max(MODERATION_LIMITS.reportTextMax, MODERATION_MESSAGES.reportTextTooLong).optional(),
      }),
    ),
  },
  responses: { ...okResponse(z.object({ reported: z.boolean() })), ...errorResponses(400, 401, 404) },
});

export const feature = createAdminRoute({
  method: 'post',
  path: '/feature_repo',
  tags,
  summary: 'Put a repo on the custom home list or take it off (administrators)',
  request: {
    body: jsonBody(z.object({ repoId: idSchema, featured: z.boolean() })),
  },
  responses: {
    ...okResponse(z.object({ repoId: z.string(), featured: z.boolean() })),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const importRepo = createAdminRoute({
  method: 'post',
  path: '/import_repo',
  tags,
  summary:
    'Import or refresh a repository from GitHub (owner/name): metadata, languages, README; ETag-conditional, rate limits honoured (administrators)',
  request: {
    body: jsonBody(
      z.object({
        fullName: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/, '仓库名格式有误，应为 owner/name'),
      }),
    ),
  },
  responses: {
    ...okResponse(
      z.object({
        id: z.string(),
        fullName: z.string(),
        created: z.boolean(),
        changed: z.object({ repo: z.boolean(), languages: z.boolean(), readme: z.boolean() }),
        starCount: z.number(),
        rateLimit: z.object({
          limit: z.number().nullable(),
          remaining: z.number().nullable(),
          resetAt: z.number().nullable(),
        }),
      }),
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});
