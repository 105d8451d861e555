import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './repos.routes.ts';
import {
  getRepoDetail,
  getRepoTagTree,
  getTrending,
  importRepo,
  listCustomRepos,
  listTagRepos,
  listTranslations,
  reportRepo,
  setRepoFeatured,
  translateRepo,
  voteTranslation,
} from './repos.service.ts';

export const repoApi = createApi()
  .openapi(routes.detail, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await getRepoDetail(ctx, c.req.valid('query').repoId));
  })
  .openapi(routes.trending, async (c) => ok(c, await getTrending({ db: c.get('ctx').db }, c.req.valid('query'))))
  .openapi(routes.byTimeline, async (c) => {
    const { tagIds, page, pageSize, asc } = c.req.valid('query');
    return ok(
      c,
      await listTagRepos(
        { db: c.get('ctx').db },
        { sort: 'timeline', tagIds: tagIds ?? [], page, pageSize, asc: asc === '1' },
      ),
    );
  })
  .openapi(routes.byStars, async (c) => {
    const { tagIds, page, pageSize, asc } = c.req.valid('query');
    return ok(
      c,
      await listTagRepos(
        { db: c.get('ctx').db },
        { sort: 'stars', tagIds: tagIds ?? [], page, pageSize, asc: asc === '1' },
      ),
    );
  })
  .openapi(routes.custom, async (c) => ok(c, await listCustomRepos({ db: c.get('ctx').db }, c.req.valid('query'))))
  .openapi(routes.tagTree, async (c) => ok(c, await getRepoTagTree({ db: c.get('ctx').db })))
  .openapi(routes.titles, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listTranslations(ctx, { ...c.req.valid('query'), field: 'title' }));
  })
  .openapi(routes.descriptions, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listTranslations(ctx, { ...c.req.valid('query'), field: 'description' }));
  })
  .openapi(routes.translate, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await translateRepo(ctx, c.req.valid('json')));
  })
  .openapi(routes.vote, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await voteTranslation(ctx, c.req.valid('json')));
  })
  .openapi(routes.report, async (c) => ok(c, await reportRepo(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.feature, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await setRepoFeatured(ctx, c.req.valid('json')));
  })
  .openapi(routes.importRepo, async (c) => ok(c, await importRepo(c.get('ctx'), c.req.valid('json').fullName)));
