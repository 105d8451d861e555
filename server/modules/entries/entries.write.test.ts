import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '@core/constants.ts';
import { ENTRY_MESSAGES } from '@core/entry-input.ts';
import { GUEST_ID } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { collectionEntries, collections, comments } from '@db/schema/index.ts';
import { entries, entryLikes, entryTags } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { ensureCategories, type CategoryRow } from '../../../tests/factories/categories.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser, viewerOf } from '../../../tests/factories/users.ts';
import { counterMismatches, scalar } from '../../../tests/setup/counters.ts';
import { TEST_ORIGIN, type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { entryHotScore } from '@db/ranking.ts';
import { createEntry, deleteEntry, updateEntry } from './entries.service.ts';

let database: Database;
let app: TestApp;
let categories: Record<CategoryName, CategoryRow>;
let author: TestUser;
let authorCookie: string;
let other: TestUser;
let otherCookie: string;
let admin: TestUser;
let adminCookie: string;
let tagA: string;
let tagB: string;
let tagC: string;
let tagD: string;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  categories = await ensureCategories(database.db);
  author = await createUser(database.db);
  other = await createUser(database.db);
  admin = await createUser(database.db, { role: 'admin' });
  [authorCookie, otherCookie, adminCookie] = await Promise.all([author, other, admin].map((u) => signIn(app, u)));
  [tagA, tagB, tagC, tagD] = (await Promise.all([0, 1, 2, 3].map(() => createTag(database.db)))).map((t) => t.id);
});

/**
 * Rows whose stored counter differs from a count of what it counts (written apart from the service).
 * The public counters (categories, tags, posted) count visible entries only (moveEntryVisibility).
 */
const COUNTER_CHECKS: Record<string, SQL> = {
  'entries.like_count': sql`SELECT count(*) FROM entries e WHERE like_count <> (SELECT count(*) FROM entry_likes l WHERE l.entry_id = e.id)`,
  'entries.hot_score': sql`SELECT count(*) FROM entries WHERE abs(hot_score - ${entryHotScore}) > 1e-9`,
  'entry_search rows': sql`SELECT count(*) FROM entries e FULL JOIN entry_search s ON s.entry_id = e.id
    WHERE (s.entry_id IS NULL AND e.hidden_at IS NULL) OR (s.entry_id IS NOT NULL AND e.hidden_at IS NOT NULL)
      OR e.id IS NULL OR s.hot_score <> e.hot_score OR s.user_id IS DISTINCT FROM e.user_id`,
  'categories.entries_count': sql`SELECT count(*) FROM categories c WHERE entries_count <> (SELECT count(*) FROM entries e WHERE e.category_id = c.id AND e.hidden_at IS NULL)`,
  category_entry_counts: sql`SELECT count(*) FROM category_entry_counts k
    FULL JOIN (SELECT category_id, type, count(*) AS n, count(latest_comment_at) AS c FROM entries WHERE hidden_at IS NULL GROUP BY 1, 2) e
      ON e.category_id = k.category_id AND e.type = k.type
    WHERE coalesce(k.entries_count, 0) <> coalesce(e.n, 0) OR coalesce(k.commented_count, 0) <> coalesce(e.c, 0)`,
  'tags.entries_count': sql`SELECT count(*) FROM tags t WHERE entries_count <> (SELECT count(*) FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = t.id AND e.hidden_at IS NULL)`,
  'users.posted_posts_count': sql`SELECT count(*) FROM users u WHERE posted_posts_count <> (SELECT count(*) FROM entries e WHERE e.user_id = u.id AND e.type = 'post' AND e.hidden_at IS NULL)`,
  'users.posted_entries_count': sql`SELECT count(*) FROM users u WHERE posted_entries_count <> (SELECT count(*) FROM entries e WHERE e.user_id = u.id AND e.type <> 'post' AND e.hidden_at IS NULL)`,
  'users.be_liked_count': sql`SELECT count(*) FROM users u WHERE be_liked_count <> (SELECT count(*) FROM entry_likes l JOIN entries e ON e.id = l.entry_id WHERE e.user_id = u.id)`,
  'users.liked_entries_count': sql`SELECT count(*) FROM users u WHERE liked_entries_count <> (SELECT count(*) FROM entry_likes l JOIN entries e ON e.id = l.entry_id WHERE l.user_id = u.id AND e.hidden_at IS NULL)`,
  'users.be_read_count': sql`SELECT count(*) FROM users u WHERE be_read_count <> (SELECT coalesce(sum(view_count), 0) FROM entries e WHERE e.user_id = u.id)`,
  'collections.entry_count': sql`SELECT count(*) FROM collections c WHERE entry_count <> (SELECT count(*) FROM collection_entries ce WHERE ce.collection_id = c.id)`,
  'users.collected_entries_count': sql`SELECT count(*) FROM users u WHERE collected_entries_count <> (SELECT count(*) FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id WHERE c.user_id = u.id)`,
  'users.commented_entries_count': sql`SELECT count(*) FROM users u WHERE commented_entries_count <> (SELECT count(DISTINCT target_id) FROM comments c WHERE c.user_id = u.id AND c.target_type = 'entry' AND NOT c.deleted)`,
};

function publish(cookie: string, form: Record<string, unknown>) {
  return requestJson<{ entryId: string }>(app, '/api/post/entryPublish', {
    method: 'POST',
    headers: { cookie },
    json: form,
  });
}

const articleForm = () => ({
  title: '用 Rust 写一个解析器',
  content: '# 开始\n\n解析器把文本变成**树**。\n\n```rust\nfn main() {}\n```',
  category: categories.backend.id,
  tags: `${tagA}|${tagB}`,
});

async function entryRow(id: string) {
  const [row] = await database.db.select().from(entries).where(eq(entries.id, id));
  return row;
}

describe('POST /api/post/entryPublish', () => {
  it('publishes an article: rendered once, searchable, tagged, every counter moved', async () => {
    const before = await database.db.select().from(users).where(eq(users.id, author.id));
    const { status, body } = await publish(authorCookie, articleForm());
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.s).toBe(1);
    const row = await entryRow(body.d.entryId);
    expect(row.userId).toBe(author.id);
    expect(row.type).toBe('article');
    expect(row.contentHtml).toContain('<strong>树</strong>');
    expect(row.contentHtml).toContain('hljs');
    expect(row.abstract).toContain('解析器把文本变成树');
    // The abstract is the prose: no heading, no code (issue 12).
    expect(row.abstract).toBe('解析器把文本变成树。');
    expect(row.screenshot).toBe('');
    expect(row.isOriginal).toBe(true);
    const tagged = await database.db.select().from(entryTags).where(eq(entryTags.entryId, row.id));
    expect(tagged.map((t) => t.tagId).sort()).toEqual([tagA, tagB].sort());
    const hits = await scalar(
      database.db,
      sql`SELECT count(*) FROM entry_search WHERE entry_id = ${row.id} AND search_vector @@ plainto_tsquery('simple', '解析器')`,
    );
    expect(hits).toBe(1);
    const [after] = await database.db.select().from(users).where(eq(users.id, author.id));
    expect(after.postedEntriesCount).toBe(before[0].postedEntriesCount + 1);
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });

  it('takes the first image of an article as its feed thumbnail unless it has a cover', async () => {
    const image = 'https://img.example.com/first.png';
    const content = `## 图解\n\n![示意图](${image})\n\n第二张 ![](https://img.example.com/second.png)`;
    const derived = await publish(authorCookie, { ...articleForm(), content });
    expect(derived.status, JSON.stringify(derived.body)).toBe(200);
    const row = await entryRow(derived.body.d.entryId);
    expect(row.screenshot).toBe(image);
    expect(row.abstract).toBe('第二张');
    const cover = 'https://img.example.com/cover.png';
    const own = await publish(authorCookie, { ...articleForm(), content, screenshot: cover });
    expect((await entryRow(own.body.d.entryId)).screenshot).toBe(cover);
  });

  it('shares a link with flags in the spec order and a column post counts as a post', async () => {
    const link = await publish(authorCookie, {
      originalUrl: 'https://example.com/a/b',
      title: '一个分享的链接',
      content: '',
      screenshot: 'https://example.com/og.png',
      category: categories.frontend.id,
      tags: tagC,
      vote: 0,
      original: 0,
      gfw: 1,
      english: 1,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const row = await entryRow(link.body.d.entryId);
    expect(row).toMatchObject({
      originalUrl: 'https://example.com/a/b',
      content: '',
      screenshot: 'https://example.com/og.png',
      isOriginal: false,
      isGfw: true,
      isEnglish: true,
      type: 'article',
    });
    const post = await publish(authorCookie, { ...articleForm(), type: 'post' });
    expect(post.status).toBe(200);
    expect((await entryRow(post.body.d.entryId)).type).toBe('post');
    const vote = await publish(authorCookie, { ...articleForm(), vote: true, options: ['是', '否'] });
    expect((await entryRow(vote.body.d.entryId)).type).toBe('vote');
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });

  it('answers the Chinese validation messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...articleForm(), title: '   ' }, ENTRY_MESSAGES.titleRequired],
      [{ ...articleForm(), title: '长'.repeat(121) }, ENTRY_MESSAGES.titleTooLong],
      [{ ...articleForm(), content: '' }, ENTRY_MESSAGES.contentRequired],
      [{ ...articleForm(), category: '' }, ENTRY_MESSAGES.categoryRequired],
      [{ ...articleForm(), category: GUEST_ID }, ENTRY_MESSAGES.categoryMissing],
      [{ ...articleForm(), tags: '' }, ENTRY_MESSAGES.tagsRequired],
      [{ ...articleForm(), tags: [tagA, tagB, tagC, tagD].join('|') }, ENTRY_MESSAGES.tagsTooMany],
      [{ ...articleForm(), tags: `${tagA}|${GUEST_ID}` }, ENTRY_MESSAGES.tagMissing],
      [{ ...articleForm(), tags: 'nope' }, ENTRY_MESSAGES.tagMissing],
      [{ ...articleForm(), originalUrl: 'javascript:alert(1)' }, ENTRY_MESSAGES.urlInvalid],
      [{ ...articleForm(), originalUrl: `${TEST_ORIGIN}/%41PI/post/entryDel?entryId=1` }, ENTRY_MESSAGES.urlInvalid],
      [{ ...articleForm(), screenshot: 'javascript:alert(1)' }, ENTRY_MESSAGES.screenshotInvalid],
      [{ ...articleForm(), type: 'weird' }, ENTRY_MESSAGES.typeInvalid],
    ];
    const total = await scalar(database.db, sql`SELECT count(*) FROM entries`);
    for (const [form, message] of cases) {
      const { status, body } = await publish(authorCookie, form);
      expect(status, message).toBe(400);
      expect(body.m).toBe(message);
    }
    expect(await scalar(database.db, sql`SELECT count(*) FROM entries`)).toBe(total);
  });

  it('refuses images and covers that point at this site’s calls (write time, 400)', async () => {
    const entryId = '0123456789abcdef01234567';
    const total = await scalar(database.db, sql`SELECT count(*) FROM entries`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { ...articleForm(), content: `正文\n\n![x](/api/post/entryDel?entryId=${entryId})` },
        ENTRY_MESSAGES.contentImageInvalid,
      ],
      [
        { ...articleForm(), content: '<img src="/api/mail/subscribe.php?type=week&check=0">' },
        ENTRY_MESSAGES.contentImageInvalid,
      ],
      [
        { ...articleForm(), content: `![x](${app.env.SITE_URL}/api/notification/setUserNotificationNum)` },
        ENTRY_MESSAGES.contentImageInvalid,
      ],
      [{ ...articleForm(), screenshot: `/api/post/entryDel?entryId=${entryId}` }, ENTRY_MESSAGES.screenshotInvalid],
      [
        { ...articleForm(), screenshot: `${app.env.SITE_URL}/api/post/entryDel?entryId=${entryId}` },
        ENTRY_MESSAGES.screenshotInvalid,
      ],
      [{ ...articleForm(), screenshot: '//evil.example/a.png' }, ENTRY_MESSAGES.screenshotInvalid],
    ];
    for (const [form, message] of cases) {
      const { status, body } = await publish(authorCookie, form);
      expect(status, JSON.stringify(form)).toBe(400);
      expect(body.m).toBe(message);
    }
    expect(await scalar(database.db, sql`SELECT count(*) FROM entries`)).toBe(total);

    const fine = await publish(authorCookie, {
      ...articleForm(),
      content: '![a](/uploads/images/a.webp)\n\n![b](https://img.example.com/b.png)',
      screenshot: `${app.env.SITE_URL}/uploads/images/a.webp`,
    });
    expect(fine.status).toBe(200);
    const row = await entryRow(fine.body.d.entryId);
    expect(row.contentHtml).toContain('src="/uploads/images/a.webp"');

    // An edit is held to the same rule.
    const edit = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: authorCookie },
      json: { ...articleForm(), entryId: row.id, content: `![x](/api/post/entryDel?entryId=${row.id})` },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.m).toBe(ENTRY_MESSAGES.contentImageInvalid);
  });

  it('refuses signed-out visitors with 401', async () => {
    const { status } = await publish('', articleForm());
    expect(status).toBe(401);
  });

  it('neutralises XSS payloads in markdown and titles', async () => {
    const title = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { status, body } = await publish(authorCookie, {
      ...articleForm(),
      title,
      content: [
        '<script>alert(1)</script>',
        '<img src="https://img.example/x.png" onerror="alert(1)">',
        '[click](javascript:alert(1))',
        '<a href="javascript:alert(1)">raw</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<svg onload=alert(1)></svg>',
        '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
        '[ok](https://example.com/path)',
      ].join('\n\n'),
    });
    expect(status).toBe(200);
    const row = await entryRow(body.d.entryId);
    // The title is stored as text; pages escape it (React) and the API returns it as a string.
    expect(row.title).toBe(title);
    const html = row.contentHtml;
    expect(html).not.toMatch(/<script|\son\w+=|="\s*javascript:|<iframe|<svg|style=/i);
    // Markdown's own javascript: link stays plain text.
    expect(html).not.toMatch(/<a [^>]*javascript/i);
    expect(html).toContain('href="/link?target=https%3A%2F%2Fexample.com%2Fpath"');
    expect(html).toContain('rel="nofollow noopener"');
    const detail = await requestJson<{ title: string; contentHtml: string }>(
      app,
      `/api/post/getEntry?entryId=${row.id}`,
    );
    expect(detail.body.d.title).toBe(title);
    expect(detail.body.d.contentHtml).not.toMatch(/<script|onerror/i);
  });
});

describe('POST /api/post/entryUpdate', () => {
  it('edits content, category, tags and type with counters kept exact', async () => {
    const { body } = await publish(authorCookie, articleForm());
    const id = body.d.entryId;
    const created = await entryRow(id);
    const update = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: authorCookie },
      json: {
        entryId: id,
        title: '改过的标题',
        content: '新的**内容**',
        category: categories.ai.id,
        tags: `${tagB}|${tagC}|${tagD}`,
        type: 'post',
      },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const row = await entryRow(id);
    expect(row).toMatchObject({ title: '改过的标题', categoryId: categories.ai.id, type: 'post' });
    expect(row.contentHtml).toContain('<strong>内容</strong>');
    expect(row.createdAt.getTime()).toBe(created.createdAt.getTime());
    const tagged = await database.db.select().from(entryTags).where(eq(entryTags.entryId, id));
    expect(tagged.map((t) => t.tagId).sort()).toEqual([tagB, tagC, tagD].sort());
    expect(tagged.every((t) => t.entryCreatedAt.getTime() === created.createdAt.getTime())).toBe(true);
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });

  it('is 403 for someone else, 404 for a missing entry, 400 for a bad id; admins may edit', async () => {
    const { body } = await publish(authorCookie, articleForm());
    const form = { ...articleForm(), entryId: body.d.entryId, title: '别人改的' };
    const forbidden = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: otherCookie },
      json: form,
    });
    expect(forbidden.status).toBe(403);
    expect((await entryRow(body.d.entryId)).title).toBe(articleForm().title);
    const missing = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: authorCookie },
      json: { ...form, entryId: GUEST_ID },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe('此文章不存在');
    const bad = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: authorCookie },
      json: { ...form, entryId: 'abc' },
    });
    expect(bad.status).toBe(400);
    const byAdmin = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { ...form, title: '管理员改的' },
    });
    expect(byAdmin.status).toBe(200);
    expect((await entryRow(body.d.entryId)).title).toBe('管理员改的');
  });
});

describe('category × type counts (the totals of filtered feeds)', () => {
  it('follow publish, first comment, type and category changes, the last comment removed and delete', async () => {
    const { body } = await publish(authorCookie, { ...articleForm(), vote: 1, options: ['是', '否'] });
    const id = body.d.entryId;
    expect((await entryRow(id)).type).toBe('vote');
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});

    const comment = async () => {
      const posted = await requestJson<{ commentId: string }>(app, '/api/comment/comment', {
        method: 'POST',
        headers: { cookie: otherCookie },
        json: { content: '投了', targetId: id, targetType: 'entry' },
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      return posted.body.d.commentId;
    };
    const first = await comment();
    const second = await comment();
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});

    const asArticle = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: { cookie: authorCookie },
      json: { ...articleForm(), entryId: id, category: categories.ios.id },
    });
    expect(asArticle.status, JSON.stringify(asArticle.body)).toBe(200);
    expect(await entryRow(id)).toMatchObject({ type: 'article', categoryId: categories.ios.id });
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});

    for (const commentId of [first, second]) {
      const removed = await requestJson(app, `/api/comment/comment/${commentId}`, {
        method: 'DELETE',
        headers: { cookie: otherCookie },
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
    }
    expect((await entryRow(id)).latestCommentAt).toBeNull();

    await comment();
    const deleted = await requestJson(app, `/api/post/entryDel?entryId=${id}`, { headers: { cookie: authorCookie } });
    expect(deleted.status).toBe(200);
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });
});

describe('GET /api/post/entryDel', () => {
  it('deletes with every counter taken down by what disappears', async () => {
    const { body } = await publish(authorCookie, articleForm());
    const id = body.d.entryId;
    // Likes, a view, a collection membership and a comment that the delete must account for.
    for (const cookie of [otherCookie, adminCookie]) {
      const liked = await requestJson(app, `/api/like/user/like/entry/${id}`, { method: 'PUT', headers: { cookie } });
      expect(liked.status).toBe(200);
    }
    await requestJson(app, `/api/view/getEntryView?entryId=${id}`, { headers: { cookie: otherCookie } });
    const [collection] = await database.db
      .insert(collections)
      .values({ id: 'c'.repeat(24), userId: other.id, title: '收藏', entryCount: 1 })
      .returning();
    await database.db.insert(collectionEntries).values({ collectionId: collection.id, entryId: id });
    await database.db
      .update(users)
      .set({ collectedEntriesCount: sql`${users.collectedEntriesCount} + 1` })
      .where(eq(users.id, other.id));
    await database.db
      .insert(comments)
      .values({ id: 'd'.repeat(24), targetType: 'entry', targetId: id, userId: other.id, content: '好文' });
    await database.db
      .update(users)
      .set({ commentedEntriesCount: sql`${users.commentedEntriesCount} + 1` })
      .where(eq(users.id, other.id));
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});

    const forbidden = await requestJson(app, `/api/post/entryDel?entryId=${id}`, { headers: { cookie: otherCookie } });
    expect(forbidden.status).toBe(403);
    expect(await entryRow(id)).toBeDefined();

    const removed = await requestJson(app, `/api/post/entryDel?entryId=${id}`, { headers: { cookie: authorCookie } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await entryRow(id)).toBeUndefined();
    expect(await database.db.select().from(entryLikes).where(eq(entryLikes.entryId, id))).toEqual([]);
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});

    const again = await requestJson(app, `/api/post/entryDel?entryId=${id}`, { headers: { cookie: authorCookie } });
    expect(again.status).toBe(404);
    const bad = await requestJson(app, '/api/post/entryDel?entryId=abc', { headers: { cookie: authorCookie } });
    expect(bad.status).toBe(400);
    const anonymous = await requestJson(app, `/api/post/entryDel?entryId=${GUEST_ID}`);
    expect(anonymous.status).toBe(401);
  });

  it('lets an admin delete anyone’s entry, and the service functions work in-process', async () => {
    const { id } = await createEntry(
      { db: database.db, viewer: viewerOf(author) },
      {
        type: 'post',
        title: '服务内发布',
        content: '正文',
        categoryId: categories.design.id,
        tagIds: [tagD],
      },
    );
    await expect(
      updateEntry(
        { db: database.db, viewer: viewerOf(other) },
        {
          entryId: id,
          input: { type: 'post', title: 'x', content: 'y', categoryId: categories.design.id, tagIds: [tagD] },
        },
      ),
    ).rejects.toMatchObject({ status: 403 });
    await deleteEntry({ db: database.db, viewer: viewerOf(admin) }, id);
    expect(await entryRow(id)).toBeUndefined();
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });
});

describe('recommend / unrecommend', () => {
  it('sets hot and the hot score for admins only', async () => {
    const { body } = await publish(authorCookie, articleForm());
    const id = body.d.entryId;
    const denied = await requestJson(app, '/api/post/recommend', {
      method: 'POST',
      headers: { cookie: authorCookie },
      json: { entryId: id },
    });
    expect(denied.status).toBe(403);
    const before = await entryRow(id);
    const on = await requestJson(app, '/api/post/recommend', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { entryId: id },
    });
    expect(on.body.d).toEqual({ hot: true });
    const hot = await entryRow(id);
    expect(hot.hot).toBe(true);
    expect(hot.hotScore).toBeGreaterThan(before.hotScore);
    const off = await requestJson(app, '/api/post/unrecommend', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { entryId: id },
    });
    expect(off.body.d).toEqual({ hot: false });
    expect((await entryRow(id)).hotScore).toBeCloseTo(before.hotScore, 9);
    const missing = await requestJson(app, '/api/post/recommend', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { entryId: GUEST_ID },
    });
    expect(missing.status).toBe(404);
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });
});

describe('GET /api/timeline/get_entry_by_url', () => {
  it('finds an already shared URL and answers null otherwise', async () => {
    const url = `https://example.org/shared/${Date.now()}`;
    const { body } = await publish(authorCookie, { ...articleForm(), originalUrl: url, content: '' });
    const found = await requestJson<{ entry: { id: string } | null }>(
      app,
      `/api/timeline/get_entry_by_url?url=${encodeURIComponent(url)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.d.entry?.id).toBe(body.d.entryId);
    const none = await requestJson<{ entry: null }>(
      app,
      `/api/timeline/get_entry_by_url?url=${encodeURIComponent(`${url}/other`)}`,
    );
    expect(none.body.d.entry).toBeNull();
  });

  it('is served by entries_original_url_idx', async () => {
    await database.db.execute(sql`SET enable_seqscan = off`);
    const result = await database.db.execute(
      sql`EXPLAIN SELECT id FROM entries WHERE md5(original_url) = md5('https://x.example') AND original_url = 'https://x.example'`,
    );
    await database.db.execute(sql`SET enable_seqscan = on`);
    const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows ?? result);
    expect(plan).toContain('entries_original_url_idx');
  });
});
