import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './views.routes.ts';
import { recordEntryView } from './views.service.ts';

export const viewApi = createApi().openapi(routes.getEntryView, async (c) =>
  ok(c, await recordEntryView(c.get('ctx'), { entryId: c.req.valid('query').entryId })),
);
