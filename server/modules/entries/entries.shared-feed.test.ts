import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { entryLikes } from '@db/schema/content.ts';
import { ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { createTestApp, requestJson, signIn, type TestApp } from '../../../tests/setup/test-app.ts';
import { changeBus } from '../../adapters/changes.ts';
import { listSharedEntries } from './entries.service.ts';

/**
 * The shared feed (issue 10, goal 3): a feed's page is computed once per process for everyone,
 * each signed-in viewer gets it with their own likes laid over; a viewer who mutes, or who has
 * just written, gets a page of their own. Entries the factory inserts announce nothing, so they
 * show only on pages computed after them: that is how these tests see what was shared.
 */
let database: Database;
let app: TestApp;

interface Page {
  entrylist: Array<{ id: string; title: string; liked: boolean; likeCount: number }>;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCategories(database.db);
  app = createTestApp(database, { FEED_CACHE_ENTRIES: '100', SESSION_CACHE_SECONDS: '0' });
  await changeBus(database).ready();
});
afterAll(() => database?.close());

async function newest(cookie?: string) {
  const response = await requestJson<Page>(app, '/api/timeline/get_entry_by_timeline?limit=20', {
    headers: cookie ? { cookie } : {},
  });
  expect(response.status).toBe(200);
  return response.body.d.entrylist;
}

const titles = (list: Page['entrylist']) => list.map((entry) => entry.title);

describe('the shared feed', () => {
  it('computes a page once for everyone, signed in or not, with each viewer’s likes laid over', async () => {
    const first = await createEntry(database.db, { title: '共享的第一篇' });
    const fan = await createUser(database.db);
    const fanCookie = await signIn(app, fan);
    const otherCookie = await signIn(app, await createUser(database.db));
    expect(titles(await newest())).toContain('共享的第一篇');
    // Inserted behind the cache's back: the shared page does not have it, for anyone.
    await createEntry(database.db, { title: '没有通知的一篇' });
    expect(titles(await newest())).not.toContain('没有通知的一篇');
    expect(titles(await newest(fanCookie))).not.toContain('没有通知的一篇');

    const liked = await requestJson(app, `/api/like/user/like/entry/${first.id}`, {
      method: 'PUT',
      headers: { cookie: fanCookie },
    });
    expect(liked.status).toBe(200);
    // The like is a change: the page is computed again (grace 0 in tests), now with the new entry too.
    const forFan = await newest(fanCookie);
    const forOther = await newest(otherCookie);
    const anonymous = await newest();
    expect(titles(forFan)).toContain('没有通知的一篇');
    expect(forFan.find((e) => e.id === first.id)).toMatchObject({ liked: true, likeCount: 1 });
    expect(forOther.find((e) => e.id === first.id)).toMatchObject({ liked: false, likeCount: 1 });
    expect(anonymous.find((e) => e.id === first.id)).toMatchObject({ liked: false, likeCount: 1 });
  });

  it('gives a viewer who mutes an author a page of their own without that author', async () => {
    const muted = await createUser(database.db);
    await createEntry(database.db, { title: '被屏蔽作者的文章', userId: muted.id });
    await createEntry(database.db, { title: '另一位作者的新文章' });
    const muter = await createUser(database.db);
    const cookie = await signIn(app, muter);
    const done = await requestJson(app, '/api/user/mute', {
      method: 'POST',
      headers: { cookie },
      json: { targetType: 'user', targetId: muted.id },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const own = titles(await newest(cookie));
    expect(own).not.toContain('被屏蔽作者的文章');
    // Computed for the muter alone (it has the entries added unannounced); everyone else gets the shared page.
    expect(own).toContain('另一位作者的新文章');
    expect(titles(await newest())).not.toContain('另一位作者的新文章');
  });

  it('shows a writer their new entry at once, while others may get the shared page for the grace period', async () => {
    const own = await createTestDatabase();
    const graceful = createTestApp(own, { FEED_CACHE_ENTRIES: '100', CACHE_GRACE_MS: '60000' });
    await changeBus(own).ready();
    const list = async (cookie?: string) =>
      (
        await requestJson<Page>(graceful, '/api/timeline/get_entry_by_timeline?limit=20', {
          headers: cookie ? { cookie } : {},
        })
      ).body.d.entrylist;
    const author = await createUser(own.db);
    const cookie = await signIn(graceful, author);
    const { frontend } = await ensureCategories(own.db);
    const tag = await createTag(own.db);
    await list();
    const published = await requestJson(graceful, '/api/post/entryPublish', {
      method: 'POST',
      headers: { cookie },
      json: { title: '作者马上看到的文章', content: '正文', category: frontend.id, tags: tag.id },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(titles(await list(cookie))).toContain('作者马上看到的文章');
    expect(titles(await list())).not.toContain('作者马上看到的文章');
    await own.close();
  });
  it('gives every viewer the same page object while it is fresh, with their marks apart (the rows HTML kept beside it)', async () => {
    const entry = await createEntry(database.db, { title: '标记分开的一篇' });
    const fan = await createUser(database.db);
    // A like of long ago (no change announced now): only the fan's marks show it.
    await database.db.insert(entryLikes).values({ userId: fan.id, entryId: entry.id });
    // A page size no other test asks for: computed now, with the entry in it.
    const options = { sort: 'newest' as const, limit: 19 };
    const viewer = (id: string) => ({ id, hasMutes: false }) as Parameters<typeof listSharedEntries>[0]['viewer'];
    const anonymous = await listSharedEntries({ db: database.db, viewer: null }, options);
    const forFan = await listSharedEntries({ db: database.db, viewer: viewer(fan.id) }, options);
    const other = await createUser(database.db);
    const forOther = await listSharedEntries({ db: database.db, viewer: viewer(other.id) }, options);
    expect(anonymous).toMatchObject({ shared: true, marks: null });
    expect(forFan.page).toBe(anonymous.page);
    expect(forOther.page).toBe(anonymous.page);
    expect(anonymous.page.entrylist.map((e) => e.id)).toContain(entry.id);
    expect(forFan.marks?.liked.has(entry.id)).toBe(true);
    expect(forOther.marks?.liked.has(entry.id)).toBe(false);
    expect(anonymous.page.entrylist.find((e) => e.id === entry.id)).toMatchObject({ liked: false });
    // A like is a change: the next request gets a new page (grace 0 in tests), so rows made from the old one go with it;
    // its author, a recent writer, gets a page of their own with the like in it.
    const liked = await requestJson(app, `/api/like/user/like/entry/${entry.id}`, {
      method: 'PUT',
      headers: { cookie: await signIn(app, other) },
    });
    expect(liked.status).toBe(200);
    const next = await listSharedEntries({ db: database.db, viewer: null }, options);
    expect(next.page).not.toBe(anonymous.page);
    expect(next.page.entrylist.find((e) => e.id === entry.id)).toMatchObject({ likeCount: 1 });
    const forWriter = await listSharedEntries({ db: database.db, viewer: viewer(other.id) }, options);
    expect(forWriter).toMatchObject({ shared: false, marks: null });
    expect(forWriter.page.entrylist.find((e) => e.id === entry.id)).toMatchObject({ liked: true, likeCount: 1 });
  });
});
