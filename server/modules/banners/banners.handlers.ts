import { PAGE_SIZE } from '@core/constants.ts';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './banners.routes.ts';
import { listActiveBanners, listAllBanners, pageActiveBanners, removeBanner, saveBanner } from './banners.service.ts';

/** SPEC §7.3 getBanner and get_banner, served as the banner service. */
export const bannerApi = createApi()
  .openapi(routes.getBanner, async (c) => {
    const bannerList = await listActiveBanners(c.get('ctx'), { position: 'entry', limit: PAGE_SIZE.banners });
    return ok(c, { bannerList, total: bannerList.length });
  })
  .openapi(routes.listBanners, async (c) => {
    const { position, page, pageSize } = c.req.valid('query');
    return ok(c, await pageActiveBanners(c.get('ctx'), { position, page, pageSize }));
  })
  .openapi(routes.adminList, async (c) => ok(c, await listAllBanners(c.get('ctx'), c.req.valid('query'))))
  .openapi(routes.adminSave, async (c) => ok(c, await saveBanner(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.adminDelete, async (c) => {
    await removeBanner(c.get('ctx'), c.req.valid('json'));
    return ok(c, null);
  });
