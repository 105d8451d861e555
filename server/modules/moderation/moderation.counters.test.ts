import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { type CategoryRow, ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { counterMismatches, scalar } from '../../../tests/setup/counters.ts';
import type { Viewer } from '../auth/auth.policy.ts';
import { listUserEntries } from '../profiles/profiles.service.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';

/**
 * Hidden content leaves the counters the public reads, in the hide and restore transactions
 * (issue 16): each counter equals the row count of the visible rows it counts.
 */
let database: Database;
let app: TestApp;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let categories: Record<string, CategoryRow>;
let tagA: string;
let tagB: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  // Searches read the database each time (the shared answer cache is tested on its own).
  app = createTestApp(database, { SEARCH_CACHE_SECONDS: '0' });
  categories = await ensureCategories(database.db);
  [tagA, tagB] = (await Promise.all([createTag(database.db), createTag(database.db)])).map((t) => t.id);
  admin = await createUser(database.db, { role: 'admin' });
  author = await createUser(database.db);
  reader = await createUser(database.db);
  for (const u of [admin, author, reader]) cookies.set(u.id, await signIn(app, u));
});
afterAll(() => database?.close());

function call<T = unknown>(user: TestUser, path: string, json?: unknown) {
  return requestJson<T>(app, path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { cookie: cookies.get(user.id) ?? '' },
    json,
  });
}

const like = (user: TestUser, entryId: string) =>
  requestJson(app, `/api/like/user/like/entry/${entryId}`, {
    method: 'PUT',
    headers: { cookie: cookies.get(user.id) ?? '' },
  });

/** Rows whose stored counter differs from the count of the visible rows it counts. */
const COUNTER_CHECKS: Record<string, SQL> = {
  'categories.entries_count': sql`SELECT count(*) FROM categories c WHERE entries_count <> (SELECT count(*) FROM entries e WHERE e.category_id = c.id AND e.hidden_at IS NULL)`,
  category_entry_counts: sql`SELECT count(*) FROM category_entry_counts k
    FULL JOIN (SELECT category_id, type, count(*) AS n, count(latest_comment_at) AS c FROM entries WHERE hidden_at IS NULL GROUP BY 1, 2) e
      ON e.category_id = k.category_id AND e.type = k.type
    WHERE coalesce(k.entries_count, 0) <> coalesce(e.n, 0) OR coalesce(k.commented_count, 0) <> coalesce(e.c, 0)`,
  'tags.entries_count': sql`SELECT count(*) FROM tags t WHERE entries_count <> (SELECT count(*) FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = t.id AND e.hidden_at IS NULL)`,
  'users.posted_entries_count': sql`SELECT count(*) FROM users u WHERE posted_entries_count <> (SELECT count(*) FROM entries e WHERE e.user_id = u.id AND e.type <> 'post' AND e.hidden_at IS NULL)`,
  'users.posted_posts_count': sql`SELECT count(*) FROM users u WHERE posted_posts_count <> (SELECT count(*) FROM entries e WHERE e.user_id = u.id AND e.type = 'post' AND e.hidden_at IS NULL)`,
  'users.liked_entries_count': sql`SELECT count(*) FROM users u WHERE liked_entries_count <> (SELECT count(*) FROM entry_likes l JOIN entries e ON e.id = l.entry_id WHERE l.user_id = u.id AND e.hidden_at IS NULL)`,
  'users.pin_count': sql`SELECT count(*) FROM users u WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.user_id = u.id AND p.hidden_at IS NULL)`,
};

function mismatches(): Promise<Record<string, number>> {
  return counterMismatches(database.db, COUNTER_CHECKS);
}

async function categoryCount(id: string) {
  return scalar(database.db, sql`SELECT entries_count FROM categories WHERE id = ${id}`);
}

async function searchFor(word: string) {
  const { body } = await requestJson<{ total: number; idList: string[] }>(
    app,
    `/api/timeline/search?query=${encodeURIComponent(word)}&page=0&raw_result=false`,
  );
  return { total: body.d.total, idList: body.d.idList };
}

async function sitemapHas(id: string, createdAt: Date) {
  const month = createdAt.toISOString().slice(0, 7);
  const response = await app.request(`/sitemaps/entries-${month}.xml`);
  return (await response.text()).includes(id);
}

const hide = (targetType: string, targetId: string) =>
  call(admin, '/api/admin/hide', { targetType, targetId, reason: '违规' });
const restore = (targetType: string, targetId: string) => call(admin, '/api/admin/restore', { targetType, targetId });

describe('hidden content and the public counters', () => {
  it('hide takes an entry out of its category, tag and author counts; restore puts it back', async () => {
    const backend = categories.backend;
    const entry = await createEntry(database.db, {
      userId: author.id,
      categoryId: backend.id,
      tagIds: [tagA, tagB],
      title: 'zanzibarquokka 隐藏测试',
    });
    await createEntry(database.db, { userId: author.id, categoryId: backend.id, tagIds: [tagA] });
    expect((await like(reader, entry.id)).status).toBe(200);
    const before = await categoryCount(backend.id);
    expect(await mismatches()).toEqual({});

    expect((await hide('entry', entry.id)).status).toBe(200);
    expect(await categoryCount(backend.id)).toBe(before - 1);
    expect(await mismatches()).toEqual({});

    // Out of the category feed too.
    const feed = await call<{ entrylist: Array<{ id: string }> }>(
      admin,
      `/api/timeline/get_entry_by_timeline?limit=100&src=web&category=${backend.id}`,
    );
    expect(feed.body.d.entrylist.map((e) => e.id)).not.toContain(entry.id);
    // The author's 文章 tab still lists it, marked with the reason; everyone else's does not.
    const tab = (viewer: TestUser | null) =>
      listUserEntries({ db: database.db, viewer: viewer as unknown as Viewer }, { uid: author.id, kind: 'article' });
    const own = (await tab(author)).entrylist.find((e) => e.id === entry.id);
    expect(own?.hiddenReason).toBe('违规');
    expect((await tab(reader)).entrylist.map((e) => e.id)).not.toContain(entry.id);
    expect((await tab(null)).entrylist.map((e) => e.id)).not.toContain(entry.id);
    // Out of the reader's 赞 tab, its total included.
    const likes = await call<{ total: number; entrylist: Array<{ id: string }> }>(
      reader,
      `/api/like/user/${reader.id}/like/entry`,
    );
    expect(likes.body.d).toMatchObject({ total: 0, entrylist: [] });
    // Out of search (total included) and the sitemap.
    expect(await searchFor('zanzibarquokka')).toEqual({ total: 0, idList: [] });
    expect(await sitemapHas(entry.id, entry.createdAt)).toBe(false);

    expect((await restore('entry', entry.id)).status).toBe(200);
    expect(await categoryCount(backend.id)).toBe(before);
    expect(await mismatches()).toEqual({});
    expect(await searchFor('zanzibarquokka')).toEqual({ total: 1, idList: [entry.id] });
    expect(await sitemapHas(entry.id, entry.createdAt)).toBe(true);
  });

  it('stays exact when a hidden entry is edited, commented on by its author, or deleted', async () => {
    const entry = await createEntry(database.db, {
      userId: author.id,
      categoryId: categories.frontend.id,
      tagIds: [tagA],
    });
    expect((await hide('entry', entry.id)).status).toBe(200);
    const edit = await call(author, '/api/post/entryUpdate', {
      entryId: entry.id,
      title: '隐藏后改了分类和标签',
      content: '正文',
      category: categories.backend.id,
      tags: tagB,
      type: 'post',
    });
    expect(edit.status).toBe(200);
    expect(await mismatches()).toEqual({});
    // Liked and unliked while hidden (its author may still read it): the liker's count stays exact.
    expect((await like(author, entry.id)).status).toBe(200);
    expect(await mismatches()).toEqual({});
    const comment = await call(author, '/api/comment/comment', {
      targetType: 'entry',
      targetId: entry.id,
      content: '作者自己的评论',
    });
    expect(comment.status).toBe(200);
    expect(await mismatches()).toEqual({});
    // Restored with a comment and a new category: counted there, commented included.
    expect((await restore('entry', entry.id)).status).toBe(200);
    expect(await mismatches()).toEqual({});
    expect((await hide('entry', entry.id)).status).toBe(200);
    const removed = await call(author, `/api/post/entryDel?entryId=${entry.id}`);
    expect(removed.status).toBe(200);
    expect(await database.db.$count(entries, eq(entries.id, entry.id))).toBe(0);
    expect(await mismatches()).toEqual({});
  });

  it('hide and restore move the author’s pin count; deleting a hidden pin does not move it twice', async () => {
    const first = await call<{ id: string }>(author, '/api/pin/publish', { content: '第一条沸点' });
    const second = await call<{ id: string }>(author, '/api/pin/publish', { content: '第二条沸点' });
    expect(await mismatches()).toEqual({});
    expect((await hide('pin', first.body.d.id)).status).toBe(200);
    expect(await mismatches()).toEqual({});
    expect((await restore('pin', first.body.d.id)).status).toBe(200);
    expect(await mismatches()).toEqual({});
    expect((await hide('pin', second.body.d.id)).status).toBe(200);
    expect((await call(author, '/api/pin/delete', { msgId: second.body.d.id })).status).toBe(200);
    expect(await mismatches()).toEqual({});
  });
  it('a hidden pin or comment leaves its author’s activity log for everyone but its author', async () => {
    const writer = await createUser(database.db);
    cookies.set(writer.id, await signIn(app, writer));
    const entry = await createEntry(database.db, { userId: author.id, categoryId: categories.backend.id });
    const pin = await call<{ id: string }>(writer, '/api/pin/publish', { content: '会被隐藏的沸点' });
    const comment = await call<{ commentId: string }>(writer, '/api/comment/comment', {
      targetType: 'entry',
      targetId: entry.id,
      content: '会被隐藏的评论',
    });
    expect([pin.status, comment.status]).toEqual([200, 200]);
    type Log = { list: Array<{ kind: string; pin: { id: string } | null; comment: { content: string } | null }> };
    const kinds = async (viewer: TestUser | null) => {
      const path = `/api/user/getUserLog?uid=${writer.id}`;
      const page = viewer ? await call<Log>(viewer, path) : await requestJson<Log>(app, path);
      expect(page.status).toBe(200);
      return page.body.d.list.map((item) => item.kind).sort();
    };
    expect(await kinds(reader)).toEqual(['comment', 'pin']);
    expect((await hide('pin', pin.body.d.id)).status).toBe(200);
    expect((await hide('comment', comment.body.d.commentId)).status).toBe(200);
    expect(await kinds(reader)).toEqual([]);
    expect(await kinds(null)).toEqual([]);
    expect(await kinds(writer)).toEqual(['comment', 'pin']);
    expect((await restore('comment', comment.body.d.commentId)).status).toBe(200);
    expect(await kinds(reader)).toEqual(['comment']);
  });
});
