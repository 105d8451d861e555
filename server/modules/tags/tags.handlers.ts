import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './tags.routes.ts';
import { listCategories } from './tags.service.ts';

export const tagApi = createApi().openapi(routes.categoriesRoute, async (c) =>
  ok(c, { categoryList: await listCategories(c.get('ctx').db) }),
);
