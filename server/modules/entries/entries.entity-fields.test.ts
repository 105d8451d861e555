import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { createTestApp, requestJson, signIn, type TestApp } from '../../../tests/setup/test-app.ts';
import { changeBus } from '../../adapters/changes.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { entrySchema, relatedCollectionSchema } from './entries.schemas.ts';

/**
 * Issue 12, entity fields of SPEC §3 the API lacked: Entry `collected` (on every list, the shared
 * feed's overlay included) and get_related_entry's related collection (SPEC §7.3: count 1).
 */
let database: Database;
let app: TestApp;
let shared: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCategories(database.db);
  app = createTestApp(database);
  shared = createTestApp(database, { FEED_CACHE_ENTRIES: '100' });
  await changeBus(database).ready();
});
afterAll(() => database?.close());

async function call<T>(target: TestApp, method: string, path: string, cookie: string | null, json?: unknown) {
  const response = await requestJson<T>(target, `/api${path}`, { method, headers: cookie ? { cookie } : {}, json });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.d;
}

async function newCollection(cookie: string, title: string) {
  return (await call<{ id: string }>(app, 'POST', '/collection/collectionset', cookie, { title })).id;
}

const addEntry = (cookie: string, csId: string, entryId: string) =>
  call(app, 'PUT', '/collection/addEntry', cookie, { csId, entryId });

describe('Entry.collected', () => {
  it('is true for the viewer who keeps the entry in one of their collections, on every list', async () => {
    const keeper = await createUser(database.db);
    const other = await createUser(database.db);
    const [keeperCookie, otherCookie] = [await signIn(app, keeper), await signIn(app, other)];
    const kept = await createEntry(database.db, { title: '收藏过的文章', category: 'ios' });
    const notKept = await createEntry(database.db, { title: '没收藏的文章', category: 'ios' });
    const csId = await newCollection(keeperCookie, '我的收藏');
    await addEntry(keeperCookie, csId, kept.id);

    const one = await call<unknown>(app, 'GET', `/post/getEntry?entryId=${kept.id}`, keeperCookie);
    expect(entrySchema.parse(one).collected).toBe(true);
    const byOther = await call<{ collected: boolean }>(app, 'GET', `/post/getEntry?entryId=${kept.id}`, otherCookie);
    expect(byOther.collected).toBe(false);
    const byVisitor = await call<{ collected: boolean }>(app, 'GET', `/post/getEntry?entryId=${kept.id}`, null);
    expect(byVisitor.collected).toBe(false);

    const ids = `${kept.id}|${notKept.id}`;
    for (const target of [app, shared]) {
      const list = await call<{ entrylist: Array<{ id: string; collected: boolean }> }>(
        target,
        'GET',
        `/timeline/get_entry_by_timeline?category=ios&limit=20`,
        keeperCookie,
      );
      const byId = new Map(list.entrylist.map((e) => [e.id, e.collected]));
      expect(byId.get(kept.id)).toBe(true);
      expect(byId.get(notKept.id)).toBe(false);
      const anonymous = await call<{ entrylist: Array<{ id: string; collected: boolean }> }>(
        target,
        'GET',
        `/timeline/get_entry_by_timeline?category=ios&limit=20`,
        null,
      );
      expect(anonymous.entrylist.every((e) => e.collected === false)).toBe(true);
    }
    const byIds = await call<{ entrylist: Array<{ id: string; collected: boolean }> }>(
      app,
      'GET',
      `/timeline/get_entry_by_ids?entryIds=${ids}`,
      keeperCookie,
    );
    expect(byIds.entrylist.map((e) => e.collected)).toEqual([true, false]);

    // Taken out again: no longer collected.
    await call(app, 'PUT', '/collection/delEntry', keeperCookie, { csId, entryId: kept.id });
    const after = await call<{ collected: boolean }>(app, 'GET', `/post/getEntry?entryId=${kept.id}`, keeperCookie);
    expect(after.collected).toBe(false);
  });
});

describe('get_related_entry related collections', () => {
  it('answers one collection: the most followed holding the entry, else the author’s own, else none', async () => {
    const author = await createUser(database.db);
    const curator = await createUser(database.db);
    const fan = await createUser(database.db);
    const [authorCookie, curatorCookie, fanCookie] = await Promise.all(
      [author, curator, fan].map((u) => signIn(app, u)),
    );
    const entry = await createEntry(database.db, { userId: author.id, category: 'android' });
    const related = async () =>
      envelopeOf(relatedCollectionSchema.array())
        .parse({
          s: 1,
          m: 'ok',
          d: (
            await call<{ collections: unknown[] }>(app, 'GET', `/timeline/get_related_entry?entryId=${entry.id}`, null)
          ).collections,
        })
        .d.map((c) => c.title);

    expect(await related()).toEqual([]);
    const own = await newCollection(authorCookie, '作者自己的收藏集');
    expect(await related()).toEqual(['作者自己的收藏集']);

    const quiet = await newCollection(curatorCookie, '收了这篇的冷门集');
    const popular = await newCollection(curatorCookie, '收了这篇的热门集');
    await addEntry(curatorCookie, quiet, entry.id);
    await addEntry(curatorCookie, popular, entry.id);
    await call(app, 'PUT', '/collection/follow', fanCookie, { csId: popular });
    expect(await related()).toEqual(['收了这篇的热门集']);
    expect(own).toBeTruthy();

    const body = await call<{ entrylist: unknown[]; collections: Array<{ user: { id: string } }> }>(
      app,
      'GET',
      `/timeline/get_related_entry?entryId=${entry.id}`,
      null,
    );
    expect(body.collections).toHaveLength(1);
    expect(body.collections[0].user.id).toBe(curator.id);
  });
});
