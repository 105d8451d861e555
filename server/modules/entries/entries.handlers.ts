import { type EntrySort, PAGE_SIZE } from '@core/constants.ts';
import { splitTagIds, splitVoteOptions } from '@core/entry-input.ts';
import type { Context } from 'hono';
import { shareWhenAnonymous } from '../../http/cache-control.ts';
import type { AppEnv, RequestContext } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import { getPageInfo } from '../link-preview/link-preview.service.ts';
import * as routes from './entries.routes.ts';
import type { EntryForm } from './entries.routes.ts';
import type { EntryListQuery } from './entries.schemas.ts';
import {
  createEntry,
  deleteEntry,
  type EntryInput,
  type EntryPage,
  findEntryIdByUrl,
  getDetailData,
  getEntriesByIds,
  getEntry,
  listEntries,
  listRecommendedEntries,
  listRelatedEntriesOf,
  listTagEntries,
  listUserEntries,
  setEntryHot,
  updateEntry,
} from './entries.service.ts';

function feed(ctx: RequestContext, query: EntryListQuery, sort: EntrySort) {
  return listEntries(ctx, {
    category: query.category,
    tag: query.tag || undefined,
    sort,
    type: query.type,
    before: query.before,
    limit: query.limit,
  });
}

/** A category feed's page: the same for everyone without a session, so shared caches may keep it. */
function sharedFeed(c: Context<AppEnv>, page: EntryPage) {
  shareWhenAnonymous(c);
  return ok(c, page);
}

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
    voteOptions: splitVoteOptions(form.options),
  };
}

/** The timeline service's entry calls (SPEC §7.3): the feeds, by id, by user, related, by tag, recommended, by URL. */
export const timelineApi = createApi()
  .openapi(routes.byRank, async (c) => sharedFeed(c, await feed(c.get('ctx'), c.req.valid('query'), 'popular')))
  .openapi(routes.byTimeline, async (c) => sharedFeed(c, await feed(c.get('ctx'), c.req.valid('query'), 'newest')))
  .openapi(routes.byComment, async (c) => sharedFeed(c, await feed(c.get('ctx'), c.req.valid('query'), 'comment')))
  .openapi(routes.byHot, async (c) => sharedFeed(c, await feed(c.get('ctx'), c.req.valid('query'), 'hottest')))
  .openapi(routes.byPeriod, async (c) => {
    const query = c.req.valid('query');
    return sharedFeed(
      c,
      await feed(c.get('ctx'), query, query.period === 'month' ? 'monthlyHottest' : 'weeklyHottest'),
    );
  })
  .openapi(routes.byIds, async (c) =>
    ok(c, { entrylist: await getEntriesByIds(c.get('ctx'), { ids: c.req.valid('query').entryIds }) }),
  )
  .openapi(routes.bySelf, async (c) => {
    const query = c.req.valid('query');
    return ok(
      c,
      await listUserEntries(c.get('ctx'), {
        userId: query.targetUid,
        type: query.type,
        sort: query.order,
        before: query.before,
        limit: query.limit,
      }),
    );
  })
  .openapi(routes.related, async (c) => ok(c, await listRelatedEntriesOf(c.get('ctx'), c.req.valid('query'))))
  .openapi(routes.byTag, async (c) => {
    const query = c.req.valid('query');
    return ok(
      c,
      await listTagEntries(c.get('ctx'), {
        tagId: query.tagId,
        sort: query.sort,
        before: query.before,
        page: query.page,
        limit: query.pageSize,
      }),
    );
  })
  .openapi(routes.recommended, async (c) => {
    const { before } = c.req.valid('query');
    return ok(c, await listRecommendedEntries(c.get('ctx'), { before, limit: PAGE_SIZE.recommendedEntries }));
  })
  .openapi(routes.byUrl, async (c) => {
    const ctx = c.get('ctx');
    const id = await findEntryIdByUrl(ctx, c.req.valid('query').url);
    const [entry] = id ? await getEntriesByIds(ctx, { ids: [id] }) : [];
    return ok(c, { entry: entry ?? null });
  });

/** The post service's entry calls (SPEC §7.4): read one, publish, edit, delete, recommend, read a page. */
export const postApi = createApi()
  .openapi(routes.getEntry, async (c) => ok(c, await getEntry(c.get('ctx'), c.req.valid('query').entryId)))
  .openapi(routes.detailData, async (c) => {
    const { type, postId } = c.req.valid('query');
    return ok(c, await getDetailData(c.get('ctx'), { type, postId }));
  })
  .openapi(routes.publish, async (c) => {
    const { id } = await createEntry(c.get('ctx'), toEntryInput(c.req.valid('json')));
    return ok(c, { entryId: id });
  })
  .openapi(routes.update, async (c) => {
    const { entryId, ...form } = c.req.valid('json');
    await updateEntry(c.get('ctx'), { entryId, input: toEntryInput(form) });
    return ok(c, { entryId });
  })
  .openapi(routes.remove, async (c) => {
    const { entryId } = c.req.valid('query');
    await deleteEntry(c.get('ctx'), entryId);
    return ok(c, { entryId });
  })
  .openapi(routes.pageInfo, async (c) => ok(c, await getPageInfo(c.get('ctx'), { url: c.req.valid('query').url })))
  .openapi(routes.recommend, async (c) =>
    ok(c, await setEntryHot(c.get('ctx'), { entryId: c.req.valid('json').entryId, hot: true })),
  )
  .openapi(routes.unrecommend, async (c) =>
    ok(c, await setEntryHot(c.get('ctx'), { entryId: c.req.valid('json').entryId, hot: false })),
  );
