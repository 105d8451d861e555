import { createRoute } from '@hono/zod-openapi';
import { bannerFieldsSchema } from '@core/banners.ts';
import { limitSchema, pageNumberSchema, pointerSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { bannerPositions } from '@db/schema/content.ts';
import { createAdminRoute } from '../../http/admin-route.ts';
import { errorResponses, idSchema, jsonRequest, okResponse, z } from '../../http/openapi.ts';

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

/* ---- The console (administrators) ---- */

export const adminBannerSchema = bannerSchema.extend({ position: z.enum(bannerPositions) }).openapi('AdminBanner');

export const adminList = createAdminRoute({
  method: 'get',
  path: '/admin/list',
  tags: ['banner'],
  summary: `Every banner, latest started first, past and future included (${PAGE_SIZE.banners} a page)`,
  request: { query: z.object({ pointer: pointerSchema }) },
  responses: {
    ...okResponse(z.object({ list: z.array(adminBannerSchema), pointer: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

export const adminSave = createAdminRoute({
  method: 'post',
  path: '/admin/save',
  tags: ['banner'],
  summary: 'Create a banner (no id) or replace one’s position, url, image, textList and window; audited',
  request: jsonRequest(bannerFieldsSchema.extend({ id: idSchema.optional() })),
  responses: { ...okResponse(adminBannerSchema), ...errorResponses(400, 401, 403, 404) },
});

export const adminDelete = createAdminRoute({
  method: 'post',
  path: '/admin/delete',
  tags: ['banner'],
  summary: 'Delete a banner; audited',
  request: jsonRequest(z.object({ id: idSchema })),
  responses: { ...okResponse(z.null()), ...errorResponses(400, 401, 403, 404) },
});
