import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { tags, tagSubscriptions } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { listFollowingEntries } from '../entries/entries.service.ts';
import { tagListSchema, tagSchema } from './tags.routes.ts';
import { findTagIdByTitle } from './tags.service.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

type TagList = ReturnType<typeof tagListSchema.parse>;
const listEnvelope = envelopeOf(tagListSchema);

async function getList(path: string, cookie?: string): Promise<TagList> {
  const { status, body } = await requestJson(app, path, { headers: cookie ? { cookie } : {} });
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return listEnvelope.parse(body).d;
}

async function counters(tagId: string, userId: string) {
  const [tag] = await database.db.select({ n: tags.subscribersCount }).from(tags).where(eq(tags.id, tagId));
  const [user] = await database.db.select({ n: users.subscribedTagCount }).from(users).where(eq(users.id, userId));
  const rows = await database.db.select().from(tagSubscriptions).where(eq(tagSubscriptions.tagId, tagId));
  return { tag: tag.n, user: user.n, rows: rows.length };
}

describe('PUT / DELETE /api/tag/tag/subscribe/{id}', () => {
  it('keeps both counters exact, whatever the repetition', async () => {
    const tag = await createTag(database.db);
    const [alice, bob] = [await createUser(database.db), await createUser(database.db)];
    const [a, b] = [await signIn(app, alice), await signIn(app, bob)];
    const put = (cookie: string) =>
      requestJson(app, `/api/tag/tag/subscribe/${tag.id}`, { method: 'PUT', headers: { cookie } });
    const del = (cookie: string) =>
      requestJson(app, `/api/tag/tag/subscribe/${tag.id}`, { method: 'DELETE', headers: { cookie } });

    const first = await put(a);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ s: 1, m: 'ok', d: { subscribed: true, subscribersCount: 1 } });
    expect((await put(a)).body.d).toEqual({ subscribed: true, subscribersCount: 1 });
    await Promise.all([put(b), put(b), put(b)]);
    expect(await counters(tag.id, alice.id)).toEqual({ tag: 2, user: 1, rows: 2 });
    expect((await counters(tag.id, bob.id)).user).toBe(1);

    expect((await del(a)).body.d).toEqual({ subscribed: false, subscribersCount: 1 });
    expect((await del(a)).body.d).toEqual({ subscribed: false, subscribersCount: 1 });
    expect(await counters(tag.id, alice.id)).toEqual({ tag: 1, user: 0, rows: 1 });

    const detail = await requestJson(app, `/api/tag/tag/${encodeURIComponent(tag.title)}`, { headers: { cookie: b } });
    expect(envelopeOf(tagSchema).parse(detail.body).d).toMatchObject({
      id: tag.id,
      subscribed: true,
      subscribersCount: 1,
    });
  });

  it('refuses visitors with 401, bad ids with 400 and unknown tags with 404', async () => {
    const tag = await createTag(database.db);
    const anonymous = await requestJson(app, `/api/tag/tag/subscribe/${tag.id}`, { method: 'PUT' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ s: 0, m: 'Unauthorized', d: null });
    expect((await counters(tag.id, (await createUser(database.db)).id)).tag).toBe(0);
    const cookie = await signIn(app, await createUser(database.db));
    const bad = await requestJson(app, '/api/tag/tag/subscribe/nope', { method: 'PUT', headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('参数 id 格式有误');
    const missing = await requestJson(app, `/api/tag/tag/subscribe/${newId()}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ s: 2, m: '标签不存在', d: null });
  });
});

describe('tag lists', () => {
  const marker = `zz${newId().slice(-6)}`;
  let hot: { id: string; title: string };
  let fresh: { id: string; title: string };

  beforeAll(async () => {
    hot = await createTag(database.db, {
      title: `${marker}-Hot`,
      subscribersCount: 50,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    fresh = await createTag(database.db, { title: `${marker}-New`, subscribersCount: 3 });
    await createTag(database.db, { title: `other-${newId().slice(-6)}`, subscribersCount: 10 });
  });

  it('searches titles by hot or new, zero-based pages, case-insensitively', async () => {
    const byHot = await getList(`/api/tag/tag/type/hot/search/${marker.toUpperCase()}/page/0/pageSize/10`);
    expect(byHot.total).toBe(2);
    expect(byHot.tagList.map((t) => t.id)).toEqual([hot.id, fresh.id]);
    const byNew = await getList(`/api/tag/tag/type/new/search/${marker}/page/0/pageSize/10`);
    expect(byNew.tagList.map((t) => t.id)).toEqual([fresh.id, hot.id]);
    const second = await getList(`/api/tag/tag/type/hot/search/${marker}/page/1/pageSize/1`);
    expect(second.tagList.map((t) => t.id)).toEqual([fresh.id]);
    expect((await getList('/api/tag/tag/type/hot/search/%25/page/0/pageSize/10')).total).toBe(0);
  });

  it('lists every tag hottest or newest first', async () => {
    const all = await getList('/api/tag/tags/type/hot/page/0/pageSize/100');
    const counts = all.tagList.map((t) => t.subscribersCount);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(all.total).toBe(all.tagList.length);
    const newest = await getList('/api/tag/tags/type/new/page/0/pageSize/1');
    expect(newest.tagList).toHaveLength(1);
  });

  it('answers a bad type or page with 400', async () => {
    for (const path of [
      '/api/tag/tags/type/cold/page/0/pageSize/10',
      '/api/tag/tags/type/hot/page/-1/pageSize/10',
      '/api/tag/tags/type/hot/page/0/pageSize/0',
      '/api/tag/tag/type/warm/search/x/page/0/pageSize/10',
    ]) {
      expect((await requestJson(app, path)).status, path).toBe(400);
    }
  });

  it('suggests the tags of a category (default 产品) and hot tags not yet subscribed', async () => {
    const categories = await ensureCategories(database.db);
    const productTag = await createTag(database.db, { categoryId: categories.product.id, subscribersCount: 5 });
    const designTag = await createTag(database.db, { categoryId: categories.design.id });
    const byDefault = await getList('/api/tag/tags/type/hot/suggest/category/page/0/pageSize/20');
    expect(byDefault.tagList.map((t) => t.id)).toContain(productTag.id);
    expect(byDefault.tagList.map((t) => t.id)).not.toContain(designTag.id);
    const design = await getList('/api/tag/tags/type/hot/suggest/category/page/0/pageSize/20?category=design');
    expect(design.tagList.map((t) => t.id)).toEqual([designTag.id]);
    expect(
      (await requestJson(app, '/api/tag/tags/type/hot/suggest/category/page/0/pageSize/20?category=cooking')).status,
    ).toBe(404);

    const viewer = await createUser(database.db);
    const cookie = await signIn(app, viewer);
    await requestJson(app, `/api/tag/tag/subscribe/${hot.id}`, { method: 'PUT', headers: { cookie } });
    const suggested = await getList('/api/tag/tags/type/hot/suggest/tag/page/0/pageSize/100', cookie);
    expect(suggested.tagList.map((t) => t.id)).not.toContain(hot.id);
    expect(suggested.tagList.map((t) => t.id)).toContain(fresh.id);
  });

  it('GET /tag/{title} finds a tag case-insensitively; unknown is 404 标签不存在', async () => {
    const entry = await createEntry(database.db, { tagIds: [fresh.id] });
    expect(entry.id).toHaveLength(24);
    const { body } = await requestJson(app, `/api/tag/tag/${encodeURIComponent(fresh.title.toLowerCase())}`);
    expect(envelopeOf(tagSchema).parse(body).d).toMatchObject({ id: fresh.id, entriesCount: 1, subscribed: false });
    const missing = await requestJson(app, '/api/tag/tag/no-such-tag-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ s: 2, m: '标签不存在', d: null });
  });

  it('findTagIdByTitle finds a tag’s id by its title in any case, null for an unknown title', async () => {
    const ctx = { db: database.db };
    expect(await findTagIdByTitle(ctx, fresh.title.toUpperCase())).toBe(fresh.id);
    expect(await findTagIdByTitle(ctx, fresh.title.toLowerCase())).toBe(fresh.id);
    expect(await findTagIdByTitle(ctx, 'no-such-tag-here')).toBeNull();
  });
});

describe('GET /api/tag/user/{id}/subscribe', () => {
  it('lists a user’s tags latest first, 40 a page, with the total from the counter', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(app, user);
    const created = [];
    for (let i = 0; i < 43; i++) {
      const tag = await createTag(database.db);
      created.push(tag);
      await requestJson(app, `/api/tag/tag/subscribe/${tag.id}`, { method: 'PUT', headers: { cookie } });
    }
    const first = await getList(`/api/tag/user/${user.id}/subscribe`, cookie);
    expect(first.total).toBe(43);
    expect(first.tagList).toHaveLength(40);
    expect(first.tagList.every((t) => t.subscribed)).toBe(true);
    const second = await getList(`/api/tag/user/${user.id}/subscribe?page=1`);
    expect(second.tagList).toHaveLength(3);
    expect(second.tagList.every((t) => !t.subscribed)).toBe(true);
    const ids = [...first.tagList, ...second.tagList].map((t) => t.id);
    expect(new Set(ids)).toEqual(new Set(created.map((t) => t.id)));

    expect((await requestJson(app, '/api/tag/user/short/subscribe')).status).toBe(400);
    const missing = await requestJson(app, `/api/tag/user/${newId()}/subscribe`);
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe('此用户不存在');
  });
});

describe('subscribing changes 我关注的', () => {
  it('brings the tag’s entries into the following feed, and takes them out again', async () => {
    const viewer = await createUser(database.db);
    const cookie = await signIn(app, viewer);
    const tag = await createTag(database.db);
    const entry = await createEntry(database.db, { tagIds: [tag.id] });
    const feed = async () =>
      (
        await listFollowingEntries({ db: database.db, viewer: { id: viewer.id } as never }, { limit: 20 })
      ).entrylist.map((e) => e.id);
    expect(await feed()).not.toContain(entry.id);
    await requestJson(app, `/api/tag/tag/subscribe/${tag.id}`, { method: 'PUT', headers: { cookie } });
    expect(await feed()).toContain(entry.id);
    await requestJson(app, `/api/tag/tag/subscribe/${tag.id}`, { method: 'DELETE', headers: { cookie } });
    expect(await feed()).not.toContain(entry.id);
  });
});

describe('Category.subscribed and /user/{id}/subscribeCodeStatus (SPEC §3, §7.6)', () => {
  it('marks the categories one of whose tags the viewer subscribes to, and reports the subscription status', async () => {
    const categories = await ensureCategories(database.db);
    const iosTag = await createTag(database.db, { categoryId: categories.ios.id });
    const person = await createUser(database.db);
    const cookie = await signIn(app, person);
    type Categories = { categoryList: Array<{ name: string; subscribed: boolean }> };
    const subscribedNames = async (withCookie?: string) => {
      const { status, body } = await requestJson<Categories>(app, '/api/tag/categories', {
        headers: withCookie ? { cookie: withCookie } : {},
      });
      expect(status).toBe(200);
      expect(body.d.categoryList).toHaveLength(9);
      return body.d.categoryList.filter((c) => c.subscribed).map((c) => c.name);
    };
    const status = async (id: string) =>
      requestJson<{ status: boolean; subscribedTagCount: number }>(app, `/api/tag/user/${id}/subscribeCodeStatus`);

    expect(await subscribedNames(cookie)).toEqual([]);
    expect((await status(person.id)).body.d).toEqual({ status: false, subscribedTagCount: 0 });
    const put = await requestJson(app, `/api/tag/tag/subscribe/${iosTag.id}`, { method: 'PUT', headers: { cookie } });
    expect(put.status).toBe(200);
    expect(await subscribedNames(cookie)).toEqual(['ios']);
    expect(await subscribedNames()).toEqual([]);
    expect((await status(person.id)).body.d).toEqual({ status: true, subscribedTagCount: 1 });
    await requestJson(app, `/api/tag/tag/subscribe/${iosTag.id}`, { method: 'DELETE', headers: { cookie } });
    expect(await subscribedNames(cookie)).toEqual([]);

    expect((await status(newId())).status).toBe(404);
    expect((await requestJson(app, '/api/tag/user/nope/subscribeCodeStatus')).status).toBe(400);
  });
});
