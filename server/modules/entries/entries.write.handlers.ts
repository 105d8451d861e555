import { splitTagIds } from '@core/entry-input.ts';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import { getPageInfo } from '../link-preview/link-preview.service.ts';
import * as routes from './entries.write.routes.ts';
import type { EntryForm } from './entries.write.routes.ts';
import { getEntriesByIds } from './entries.service.ts';
import {
  createEntry,
  deleteEntry,
  type EntryInput,
  findEntryIdByUrl,
  setEntryHot,
  updateEntry,
} from './entries.write.ts';

function isOn(value: EntryForm['vote']): boolean | undefined {
  if (value === undefined) return undefined;
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The spec's publish form → the service's input (validated there, with the Chinese messages). */
function toEntryInput(form: EntryForm): EntryInput {
  const vote = isOn(form.vote);
  const type = vote ? 'vote' : form.type || 'article';
  return {
    type: type as EntryInput['type'],
    title: form.title ?? '',
    content: form.content ?? '',
    originalUrl: form.originalUrl || undefined,
    screenshot: form.screenshot || undefined,
    abstract: form.abstract || undefined,
    categoryId: form.category ?? '',
    tagIds: splitTagIds(form.tags ?? ''),
    isOriginal: isOn(form.original),
    isGfw: isOn(form.gfw),
    isEnglish: isOn(form.english),
  };
}

export const postWriteApi = createApi()
  .openapi(routes.publish, async (c) => {
    const { id } = await createEntry(c.get('ctx'), toEntryInput(c.req.valid('json')));
    return ok(c, { entryId: id });
  })
  .openapi(routes.update, async (c) => {
    const { entryId, ...form } = c.req.valid('json');
    await updateEntry(c.get('ctx'), entryId, toEntryInput(form));
    return ok(c, { entryId });
  })
  .openapi(routes.remove, async (c) => {
    const { entryId } = c.req.valid('query');
    await deleteEntry(c.get('ctx'), entryId);
    return ok(c, { entryId });
  })
  .openapi(routes.pageInfo, async (c) => ok(c, await getPageInfo(c.get('ctx'), c.req.valid('query').url)))
  .openapi(routes.recommend, async (c) => ok(c, await setEntryHot(c.get('ctx'), c.req.valid('json').entryId, true)))
  .openapi(routes.unrecommend, async (c) => ok(c, await setEntryHot(c.get('ctx'), c.req.valid('json').entryId, false)));

export const timelineByUrlApi = createApi().openapi(routes.byUrl, async (c) => {
  const ctx = c.get('ctx');
  const id = await findEntryIdByUrl(ctx, c.req.valid('query').url);
  const [entry] = id ? await getEntriesByIds(ctx.db, [id], ctx.viewer) : [];
  return ok(c, { entry: entry ?? null });
});
