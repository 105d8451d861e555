import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './drafts.routes.ts';
import * as service from './drafts.service.ts';

/** The editor's drafts (docs/api.md: service `draft`). */
export const draftApi = createApi()
  .openapi(routes.createDraft, async (c) => ok(c, await service.createDraft(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.updateDraft, async (c) => ok(c, await service.updateDraft(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.getDraft, async (c) => ok(c, await service.getDraft(c.get('ctx'), c.req.valid('query').draftId)))
  .openapi(routes.listDrafts, async (c) => ok(c, await service.listDrafts(c.get('ctx'), c.req.valid('query'))))
  .openapi(routes.deleteDraft, async (c) => ok(c, await service.deleteDraft(c.get('ctx'), c.req.valid('json').draftId)))
  .openapi(routes.publishDraft, async (c) => ok(c, await service.publishDraft(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.previewMarkdown, async (c) =>
    ok(c, service.previewMarkdown(c.get('ctx'), c.req.valid('json').content)),
  )
  .openapi(routes.searchTags, async (c) => ok(c, await service.searchTags(c.get('ctx'), c.req.valid('query').keyword)));
