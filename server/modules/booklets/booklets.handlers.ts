import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './booklets.routes.ts';
import * as service from './booklets.service.ts';

/** The `xiaoce` service: booklet cache, storage and timeline (SPEC §7.9) plus the authors' writes. */
export const bookletApi = createApi()
  .openapi(routes.get, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.getBooklet(db, viewer, c.req.valid('query').id));
  })
  .openapi(routes.getSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.getSection(db, viewer, c.req.valid('query').sectionId));
  })
  .openapi(routes.getListSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.listSections(db, viewer, c.req.valid('query').id));
  })
  .openapi(routes.userBuyList, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.listBoughtIds(db, viewer));
  })
  .openapi(routes.getListBuy, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.listBoughtBooklets(db, viewer, c.req.valid('query')));
  })
  .openapi(routes.viewCountDetail, async (c) => {
    return ok(c, await service.countBookletView(c.get('ctx'), c.req.valid('query').id));
  })
  .openapi(routes.viewCountContent, async (c) => {
    return ok(c, await service.countSectionView(c.get('ctx'), c.req.valid('query').sectionId));
  })
  .openapi(routes.getListByLastTime, async (c) => {
    const { db } = c.get('ctx');
    return ok(c, await service.listBookletsByLastTime(db, c.req.valid('query')));
  })
  .openapi(routes.getHot, async (c) => {
    const { db } = c.get('ctx');
    return ok(c, await service.listHotBooklets(db, c.req.valid('query')));
  })
  .openapi(routes.create, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.createBooklet(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.update, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.updateBooklet(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.mine, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.listMyBooklets(db, viewer));
  })
  .openapi(routes.createSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.createSection(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.updateSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.updateSection(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.publishSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.publishSection(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.moveSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.moveSection(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.deleteSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.deleteSection(db, viewer, c.req.valid('json').sectionId));
  })
  .openapi(routes.submit, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.submitBooklet(db, viewer, c.req.valid('json').id));
  })
  .openapi(routes.approve, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.approveBooklet(db, viewer, c.req.valid('json').id));
  })
  .openapi(routes.isFreeSection, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.setSectionFree(db, viewer, c.req.valid('json')));
  })
  .openapi(routes.isHot, async (c) => {
    const { db, viewer } = c.get('ctx');
    const { id, isHot } = c.req.valid('json');
    return ok(c, { id, isHot: (await service.setBookletFlag(db, viewer, { id, flag: 'isHot', value: isHot })).value });
  })
  .openapi(routes.isTop, async (c) => {
    const { db, viewer } = c.get('ctx');
    const { id, isTop } = c.req.valid('json');
    return ok(c, { id, isTop: (await service.setBookletFlag(db, viewer, { id, flag: 'isTop', value: isTop })).value });
  })
  .openapi(routes.getList, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await service.listBookletsForAdmin(db, viewer, c.req.valid('query')));
  });
