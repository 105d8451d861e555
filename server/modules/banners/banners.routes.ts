import { createRoute } from '@hono/zod-openapi';
import { limitSchema, pageNumberSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { bannerPositions } from '@db/schema/content.ts';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';

export const bannerSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    imageUrl: z.string(),
    textList: z.array(z.string()),
    startedAt: z.string(),
    endedAt: z.string(),
  })
  .openapi('Banner');

const bannerListSchema = z.object({ bannerList: z.array(bannerSchema), total: z.number() }).openapi('BannerList');

export const getBanner = createRoute({
  method: 'get',
  path: '/getBanner',
  tags: ['banner'],
  summary: 'The entry banners running now',
  request: { query: z.object({ src: z.string().optional() }) },
  responses: { ...okResponse(bannerListSchema), ...errorResponses(400) },
});

export const listBanners = createRoute({
  method: 'get',
  path: '/get_banner',
  tags: ['banner'],
  summary: `Banners running now at a position (hero by default), ${PAGE_SIZE.banners} a page`,
  request: {
    query: z.object({
      position: z.enum(bannerPositions).default('hero'),
      platform: z.enum(['web']).default('web'),
      page: pageNumberSchema(100),
      pageSize: limitSchema(PAGE_SIZE.banners),
      src: z.string().optional(),
    }),
  },
  responses: { ...okResponse(bannerListSchema), ...errorResponses(400) },
});
