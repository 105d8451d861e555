import { z } from '@hono/zod-openapi';
import { PAGE_SIZE } from '@core/constants.ts';
import { limitSchema, pageNumberSchema } from '@core/inputs.ts';
import { idSchema } from '../../http/openapi.ts';
import { collectionHeadShape, entrySchema } from '../entries/entries.schemas.ts';
import { userBriefSchema } from '../users/users.schemas.ts';
import { COUNTER_EVENTS } from './collections.service.ts';

export const collectionSchema = z
  .object({
    ...collectionHeadShape,
    recommended: z.boolean(),
    author: userBriefSchema,
    followed: z.boolean(),
    followerCount: z.number(),
    entryCount: z.number(),
    own: z.boolean(),
    tags: z.array(z.object({ id: z.string(), title: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Collection');

export const collectionWithIsInSchema = collectionSchema.extend({ isIn: z.boolean() }).openapi('CollectionWithIsIn');

export const collectionPageSchema = z
  .object({ collectionSets: z.array(collectionSchema), sum: z.number() })
  .openapi('CollectionPage');

/** SPEC §3 payload: title, description, bgImgUrl, bgImgMask (the mask is derived on the server). */
export const collectionInputSchema = z.object({
  title: z
    .string({ error: '请输入收藏集名称' })
    .trim()
    .min(1, '请输入收藏集名称')
    .max(40, '收藏集名称不能超过 40 个字'),
  description: z.string().trim().max(200, '收藏集描述不能超过 200 个字').optional().default(''),
  bgImgUrl: z.string().max(500).optional().default(''),
  bgImgMask: z.string().max(16).optional(),
});
export type CollectionInputBody = z.infer<typeof collectionInputSchema>;

export const csIdBodySchema = z.object({ csId: idSchema });
export const collectEntryBodySchema = z.object({ csId: idSchema, entryId: idSchema });

export const collectResultSchema = z
  .object({
    csId: z.string(),
    entryId: z.string(),
    isIn: z.boolean(),
    entryCount: z.number(),
    collectionCount: z.number(),
    collected: z.boolean(),
  })
  .openapi('CollectResult');

const zeroBasedPage = pageNumberSchema();

export const homeQuerySchema = z.object({
  page: zeroBasedPage,
  recommend: z.enum(['0', '1', 'true', 'false']).optional(),
  rankType: z.enum(['new', 'hot']).default('new'),
  tag: z.string().max(32).optional().openapi({ description: 'A tag title; all (or empty) for every tag' }),
});

export const collectionEntriesQuerySchema = z.object({
  page: zeroBasedPage,
  csId: idSchema,
  rankType: z.enum(['new', 'hot']).default('new'),
});

export const userCollectionsQuerySchema = z.object({
  page: zeroBasedPage,
  pageSize: limitSchema(PAGE_SIZE.collections),
  targetUserId: idSchema,
});

export const counterBodySchema = z.object({
  num: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === -1, 'num must be 1 or -1'),
  event: z.enum(COUNTER_EVENTS),
  csId: idSchema,
  src: z.coerce
    .number()
    .int()
    .refine((n) => n === 2, 'src must be 2'),
});

export { entrySchema };
