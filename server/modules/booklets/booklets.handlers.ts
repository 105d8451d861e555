import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './booklets.routes.ts';
import * as service from './booklets.service.ts';

/** The `xiaoce` service: booklet cache, storage and timeline (SPEC §7.9) plus the authors' writes. */
export const bookletApi = createApi()
  .openapi(routes.get, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.getBooklet(ctx, c.req.valid('query').id));
  })
  .openapi(routes.getSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.getSection(ctx, c.req.valid('query').sectionId));
  })
  .openapi(routes.getListSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listSections(ctx, c.req.valid('query').id));
  })
  .openapi(routes.userBuyList, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listBoughtIds(ctx));
  })
  .openapi(routes.getListBuy, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listBoughtBooklets(ctx, c.req.valid('query')));
  })
  .openapi(routes.viewCountDetail, async (c) => {
    return ok(c, await service.countBookletView(c.get('ctx'), { id: c.req.valid('query').id }));
  })
  .openapi(routes.viewCountContent, async (c) => {
    return ok(c, await service.countSectionView(c.get('ctx'), { sectionId: c.req.valid('query').sectionId }));
  })
  .openapi(routes.getListByLastTime, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listBookletsByLastTime(ctx, c.req.valid('query')));
  })
  .openapi(routes.getHot, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listHotBooklets(ctx, c.req.valid('query')));
  })
  .openapi(routes.create, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.createBooklet(ctx, c.req.valid('json')));
  })
  .openapi(routes.update, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.updateBooklet(ctx, c.req.valid('json')));
  })
  .openapi(routes.mine, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listMyBooklets(ctx));
  })
  .openapi(routes.createSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.createSection(ctx, c.req.valid('json')));
  })
  .openapi(routes.updateSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.updateSection(ctx, c.req.valid('json')));
  })
  .openapi(routes.publishSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.publishSection(ctx, c.req.valid('json')));
  })
  .openapi(routes.moveSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.moveSection(ctx, c.req.valid('json')));
  })
  .openapi(routes.deleteSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.deleteSection(ctx, c.req.valid('json').sectionId));
  })
  .openapi(routes.submit, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.submitBooklet(ctx, c.req.valid('json').id));
  })
  .openapi(routes.approve, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.approveBooklet(ctx, c.req.valid('json').id));
  })
  .openapi(routes.isFreeSection, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.setSectionFree(ctx, c.req.valid('json')));
  })
  .openapi(routes.isHot, async (c) => {
    const ctx = c.get('ctx');
    const { id, isHot } = c.req.valid('json');
    return ok(c, {
      id,
      isHot: (await service.setBookletFlag(ctx, { id, flag: 'isHot', value: isHot })).value,
    });
  })
  .openapi(routes.isTop, async (c) => {
    const ctx = c.get('ctx');
    const { id, isTop } = c.req.valid('json');
    return ok(c, {
      id,
      isTop: (await service.setBookletFlag(ctx, { id, flag: 'isTop', value: isTop })).value,
    });
  })
  .openapi(routes.getList, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.listBookletsForAdmin(ctx, c.req.valid('query')));
  });
