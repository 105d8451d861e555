import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryName } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import type { Database, Db } from '@db/client.ts';
import { planOfLastQuery } from '../../../tests/setup/query-plan.ts';
import { banners, entries, tagSubscriptions } from '@db/schema/content.ts';
import { follows, mutes } from '@db/schema/users.ts';
import { createEntry, type EntryRow } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { selectEntryPage, selectFollowingEntryPage, selectTagEntryPage } from './entries.queries.ts';
import { entryListSchema, entrySchema } from './entries.schemas.ts';
import { listEntries, listFollowingEntries } from './entries.service.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

type EntryPage = {
  total: number;
  entrylist: Array<{ id: string; type: string; likeCount: number }>;
  pointer: string | null;
};
const listEnvelope = envelopeOf(entryListSchema);

async function getPage(path: string, cookie?: string): Promise<EntryPage> {
  const { status, body } = await requestJson(app, path, { headers: cookie ? { cookie } : {} });
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return listEnvelope.parse(body).d as EntryPage;
}

async function walk(path: string, cookie?: string) {
  const ids: string[] = [];
  let pointer: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: EntryPage = await getPage(`${path}${pointer ? `&before=${encodeURIComponent(pointer)}` : ''}`, cookie);
    ids.push(...page.entrylist.map((e) => e.id));
    pointer = page.pointer;
    if (!pointer) return ids;
  }
  throw new Error('did not end');
}

describe('GET /api/timeline/get_tag_entry', () => {
  it('serves a tag’s entries in every sort across pages, hottest by default', async () => {
    const tag = await createTag(database.db);
    const made: EntryRow[] = [];
    for (let i = 0; i < 11; i++) {
      made.push(
        await createEntry(database.db, {
          tagIds: [tag.id],
          likeCount: i % 4,
          createdAt: new Date(Date.now() - i * 3_600_000),
        }),
      );
    }
    await createEntry(database.db); // not tagged
    const hottest = await walk(`/api/timeline/get_tag_entry?tagId=${tag.id}&pageSize=4`);
    const byLikes = [...made].sort((a, b) => b.likeCount - a.likeCount || (a.id < b.id ? 1 : -1)).map((e) => e.id);
    expect(hottest).toEqual(byLikes);
    const newest = await walk(`/api/timeline/get_tag_entry?tagId=${tag.id}&pageSize=4&sort=newest`);
    expect(newest).toEqual(made.map((e) => e.id));
    for (const sort of ['popular', 'comment', 'weeklyHottest', 'monthlyHottest']) {
      const ids = await walk(`/api/timeline/get_tag_entry?tagId=${tag.id}&pageSize=3&sort=${sort}`);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(
        ids.every((id) => made.some((e) => e.id === id)),
        sort,
      ).toBe(true);
    }
    const page = await getPage(`/api/timeline/get_tag_entry?tagId=${tag.id}&pageSize=4&sort=newest&page=1`);
    expect(page.entrylist.map((e) => e.id)).toEqual(made.slice(4, 8).map((e) => e.id));
    expect(page.total).toBe(11);
  });

  it('answers a bad sort, a bad id and an unknown tag', async () => {
    const tag = await createTag(database.db);
    const bad = await requestJson(app, `/api/timeline/get_tag_entry?tagId=${tag.id}&sort=bogus`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ s: 0, m: 'invalid sort: bogus', d: null });
    expect((await requestJson(app, '/api/timeline/get_tag_entry?tagId=xyz')).body.m).toBe('参数 tagId 格式有误');
    const missing = await requestJson(app, `/api/timeline/get_tag_entry?tagId=${newId()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe('标签不存在');
  });
});

describe('GET /api/timeline/get_entry_by_self', () => {
  it('lists a user’s posts or articles newest first, with the author’s counters as total', async () => {
    const author = await createUser(database.db);
    const made: EntryRow[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createEntry(database.db, {
          userId: author.id,
          type: i % 2 === 0 ? 'post' : 'article',
          createdAt: new Date(Date.now() - i * 60_000),
        }),
      );
    }
    const all = await walk(`/api/timeline/get_entry_by_self?targetUid=${author.id}&limit=2`);
    expect(all).toEqual(made.map((e) => e.id));
    const posts = await getPage(`/api/timeline/get_entry_by_self?targetUid=${author.id}&type=post`);
    expect(posts.entrylist.map((e) => e.id)).toEqual(made.filter((e) => e.type === 'post').map((e) => e.id));
    expect(posts.total).toBe(3);
    const all2 = await getPage(`/api/timeline/get_entry_by_self?targetUid=${author.id}`);
    expect(all2.total).toBe(5);
    const hottest = await getPage(`/api/timeline/get_entry_by_self?targetUid=${author.id}&order=hottest`);
    expect(hottest.entrylist).toHaveLength(5);
    expect((await requestJson(app, `/api/timeline/get_entry_by_self?targetUid=${author.id}&order=best`)).body.m).toBe(
      'invalid sort: best',
    );
    expect((await requestJson(app, '/api/timeline/get_entry_by_self?targetUid=1')).status).toBe(400);
    expect((await requestJson(app, `/api/timeline/get_entry_by_self?targetUid=${newId()}`)).status).toBe(404);
  });
});

describe('related, recommended, detail data and banners', () => {
  it('get_related_entry gives up to 5 of the same category, never the entry itself', async () => {
    const entry = await createEntry(database.db, { category: 'ios' });
    for (let i = 0; i < 6; i++) await createEntry(database.db, { category: 'ios' });
    const { body } = await requestJson<{ entrylist: Array<{ id: string; category: { name: string } }> }>(
      app,
      `/api/timeline/get_related_entry?entryId=${entry.id}`,
    );
    expect(body.d.entrylist).toHaveLength(5);
    expect(body.d.entrylist.every((e) => e.id !== entry.id && e.category.name === 'ios')).toBe(true);
    for (const e of body.d.entrylist) entrySchema.parse(e);
    const four = await requestJson<{ entrylist: unknown[] }>(
      app,
      `/api/timeline/get_related_entry?entryId=${entry.id}&limit=4`,
    );
    expect(four.body.d.entrylist).toHaveLength(4);
    expect((await requestJson(app, `/api/timeline/get_related_entry?entryId=${newId()}`)).status).toBe(404);
    expect((await requestJson(app, '/api/timeline/get_related_entry?entryId=bad')).status).toBe(400);
  });

  it('get_recommended_entry gives 3 at a time, following the pointer', async () => {
    for (let i = 0; i < 7; i++) await createEntry(database.db);
    const first = await requestJson<{ entrylist: Array<{ id: string }>; pointer: string }>(
      app,
      '/api/timeline/get_recommended_entry?suid=abc&ab=welcome_1',
    );
    expect(first.body.d.entrylist).toHaveLength(3);
    const second = await requestJson<{ entrylist: Array<{ id: string }> }>(
      app,
      `/api/timeline/get_recommended_entry?before=${encodeURIComponent(first.body.d.pointer)}`,
    );
    expect(second.body.d.entrylist).toHaveLength(3);
    expect(second.body.d.entrylist.some((e) => first.body.d.entrylist.some((f) => f.id === e.id))).toBe(false);
    expect((await requestJson(app, '/api/timeline/get_recommended_entry?before=garbage')).status).toBe(400);
  });

  it('getDetailData answers the entry or its reading view', async () => {
    const entry = await createEntry(database.db, {
      content: '# 你好',
      contentHtml: '<h1 id="heading-0">你好</h1>',
      viewCount: 7,
    });
    const detail = await requestJson<{ id: string; content: string }>(
      app,
      `/api/post/getDetailData?type=entry&postId=${entry.id}`,
    );
    expect(detail.body.d).toMatchObject({ id: entry.id, content: '# 你好' });
    const view = await requestJson(app, `/api/post/getDetailData?type=entryView&postId=${entry.id}`);
    expect(view.body.d).toEqual({
      entryViewId: entry.id,
      entryId: entry.id,
      title: entry.title,
      content: '# 你好',
      contentHtml: '<h1 id="heading-0">你好</h1>',
      viewCount: 7,
    });
    expect((await requestJson(app, `/api/post/getDetailData?type=entry&postId=${newId()}`)).body).toEqual({
      s: 2,
      m: '此文章不存在',
      d: null,
    });
    expect((await requestJson(app, `/api/post/getDetailData?type=pin&postId=${entry.id}`)).status).toBe(400);
  });

  it('getBanner and get_banner answer the banners running now', async () => {
    const now = Date.now();
    const window = { startedAt: new Date(now - 3_600_000), endedAt: new Date(now + 3_600_000) };
    await database.db.insert(banners).values([
      { id: newId(), position: 'hero', url: 'https://example.com/a', textList: ['甲'], ...window },
      { id: newId(), position: 'hero', url: 'https://example.com/b', textList: ['乙'], ...window },
      {
        id: newId(),
        position: 'hero',
        url: 'https://example.com/old',
        startedAt: new Date(now - 9e6),
        endedAt: new Date(now - 1),
      },
      { id: newId(), position: 'entry', url: 'https://example.com/e', textList: ['丙'], ...window },
    ]);
    const hero = await requestJson<{ bannerList: Array<{ url: string }>; total: number }>(
      app,
      '/api/banner/get_banner?position=hero&platform=web&page=0&pageSize=20',
    );
    expect(hero.body.d.total).toBe(2);
    expect(hero.body.d.bannerList.map((b) => b.url).sort()).toEqual(['https://example.com/a', 'https://example.com/b']);
    const second = await requestJson<{ bannerList: unknown[] }>(app, '/api/banner/get_banner?page=1&pageSize=1');
    expect(second.body.d.bannerList).toHaveLength(1);
    const entry = await requestJson<{ bannerList: Array<{ url: string }> }>(app, '/api/banner/getBanner');
    expect(entry.body.d.bannerList.map((b) => b.url)).toEqual(['https://example.com/e']);
    expect((await requestJson(app, '/api/banner/get_banner?position=footer')).status).toBe(400);
  });
});

describe('muting', () => {
  it('hides muted authors and tags from every feed, for the muter only', async () => {
    const [viewer, noisy, friend] = [
      await createUser(database.db),
      await createUser(database.db),
      await createUser(database.db),
    ];
    const [mutedTag, keptTag] = [await createTag(database.db), await createTag(database.db)];
    const byNoisy = await createEntry(database.db, { userId: noisy.id, category: 'ai', tagIds: [keptTag.id] });
    const tagged = await createEntry(database.db, {
      userId: friend.id,
      category: 'ai',
      tagIds: [mutedTag.id, keptTag.id],
    });
    const clean = await createEntry(database.db, { userId: friend.id, category: 'ai', tagIds: [keptTag.id] });
    await database.db.insert(mutes).values([
      { userId: viewer.id, targetType: 'user', targetId: noisy.id },
      { userId: viewer.id, targetType: 'tag', targetId: mutedTag.id },
    ]);
    await database.db.insert(follows).values([
      { followerId: viewer.id, followeeId: noisy.id },
      { followerId: viewer.id, followeeId: friend.id },
    ]);
    await database.db.insert(tagSubscriptions).values({ userId: viewer.id, tagId: mutedTag.id });
    const cookie = await signIn(app, viewer);
    const hidden = [byNoisy.id, tagged.id];

    const feeds = [
      '/api/timeline/get_entry_by_timeline?category=ai&limit=100',
      '/api/timeline/get_entry_by_rank?category=ai&limit=100',
      '/api/timeline/get_entry_by_hot?category=ai&limit=100',
      `/api/timeline/get_tag_entry?tagId=${keptTag.id}&pageSize=100`,
      `/api/timeline/get_tag_entry?tagId=${keptTag.id}&pageSize=100&sort=newest`,
    ];
    for (const path of feeds) {
      const mine = (await getPage(path, cookie)).entrylist.map((e) => e.id);
      expect(mine, path).toContain(clean.id);
      for (const id of hidden) expect(mine, path).not.toContain(id);
      const anyone = (await getPage(path)).entrylist.map((e) => e.id);
      for (const id of [...hidden, clean.id]) expect(anyone, path).toContain(id);
    }
    const related = await requestJson<{ entrylist: Array<{ id: string }> }>(
      app,
      `/api/timeline/get_related_entry?entryId=${clean.id}`,
      { headers: { cookie } },
    );
    expect(related.body.d.entrylist.map((e) => e.id)).not.toContain(byNoisy.id);
    const following = await listFollowingEntries(
      { db: database.db, viewer: { id: viewer.id } as never },
      { limit: 20 },
    );
    expect(following.entrylist.map((e) => e.id)).toEqual([clean.id]);
    const self = await getPage(`/api/timeline/get_entry_by_self?targetUid=${noisy.id}`, cookie);
    expect(self.entrylist).toHaveLength(0);
  });

  it('keeps a page full when muted rows are skipped', async () => {
    const viewer = await createUser(database.db);
    const muted = await createUser(database.db);
    const other = await createUser(database.db);
    for (let i = 0; i < 6; i++) {
      await createEntry(database.db, { userId: i % 2 ? muted.id : other.id, category: 'freebie' });
    }
    await database.db.insert(mutes).values({ userId: viewer.id, targetType: 'user', targetId: muted.id });
    const page = await listEntries(
      { db: database.db, viewer: { id: viewer.id } as never },
      { category: 'freebie', sort: 'newest', limit: 3 },
    );
    expect(page.entrylist).toHaveLength(3);
    expect(page.entrylist.every((e) => e.user.id === other.id)).toBe(true);
  });
});

describe('query plans with mutes', () => {
  const PLAN_ROW_TITLE = 'mute plan row';
  let tagId: string;

  beforeAll(async () => {
    const tag = await createTag(database.db);
    tagId = tag.id;
    await database.db.execute(sql`
      INSERT INTO entries (id, title, category_id, created_at, like_count, hot_score)
      SELECT substr(md5('muteplan' || n), 1, 24), ${PLAN_ROW_TITLE},
             (SELECT id FROM categories ORDER BY position OFFSET n % 9 LIMIT 1),
             now() - n * interval '1 minute', n % 50, (n % 997) / 10.0
      FROM generate_series(1, 3000) AS n`);
    await database.db.execute(sql`
      INSERT INTO entry_tags (entry_id, tag_id, entry_created_at)
      SELECT id, ${tagId}, created_at FROM entries WHERE title = ${PLAN_ROW_TITLE}`);
    await database.db.execute(sql`ANALYZE entries`);
    await database.db.execute(sql`ANALYZE entry_tags`);
  });
  afterAll(() => database.db.delete(entries).where(eq(entries.title, PLAN_ROW_TITLE)));
  const planOf = (run: (db: Db) => Promise<unknown>) => planOfLastQuery(database, run);

  it('keeps the keyset index scans with the NOT EXISTS filters of a viewer with mutes', async () => {
    const viewer = await createUser(database.db);
    await database.db.insert(mutes).values({ userId: viewer.id, targetType: 'user', targetId: newId() });
    const base = { limit: 20, now: new Date(), viewerId: viewer.id, cursor: null } as const;
    const newest = await planOf((db) => selectEntryPage(db, { ...base, sort: 'newest' }));
    expect(newest).toContain('Index Scan using entries_created_idx');
    const popular = await planOf((db) => selectEntryPage(db, { ...base, sort: 'popular' }));
    expect(popular).toContain('Index Scan using entries_hot_idx');
    const tagNewest = await planOf((db) =>
      selectTagEntryPage(db, { ...base, sort: 'newest', tagId, tagEntryCount: 3000 }),
    );
    expect(tagNewest).toMatch(/Index (Only )?Scan using entry_tags_tag_created_idx/);
    const following = await planOf((db) =>
      selectFollowingEntryPage(db, { viewerId: viewer.id, cursor: null, limit: 20 }),
    );
    for (const plan of [newest, popular, tagNewest, following]) {
      expect(plan).toMatch(/mutes_user_id_target_type_target_id_pk|Seq Scan on mutes/);
    }
    expect(following).toContain('entries_user_created_idx');
    expect(following).toContain('entry_tags_tag_created_idx');
    for (const plan of [newest, popular]) expect(plan).not.toMatch(/Seq Scan on entry_tags/);
    // The page itself is read from the keyset index; only the final lookup of its 20 ids may be
    // planned as a scan of this small test table (at scale it is 20 primary-key probes).
    for (const plan of [newest, popular]) expect(plan).not.toMatch(/Seq Scan on entries/);
    for (const plan of [newest, popular]) expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('feed filters: tag, category and type on every get_entry_by_* call', () => {
  const CALLS = [
    'get_entry_by_rank?',
    'get_entry_by_timeline?',
    'get_entry_by_comment?',
    'get_entry_by_hot?',
    'get_entry_by_period?period=week&',
    'get_entry_by_period?period=month&',
  ];

  /** What a call with these filters selects, straight from the rows: the oracle for list and total. */
  async function selected(call: string, filter: Record<string, string>, tagId: string): Promise<string[]> {
    const where = [sql`true`];
    if (filter.type) where.push(sql`e.type = ${filter.type}`);
    if (filter.category) where.push(sql`c.name = ${filter.category}`);
    if (filter.tag)
      where.push(sql`exists (select 1 from entry_tags t where t.entry_id = e.id and t.tag_id = ${tagId})`);
    if (call.includes('by_comment')) where.push(sql`e.latest_comment_at is not null`);
    if (call.includes('period=week')) where.push(sql`e.created_at >= now() - interval '7 days'`);
    if (call.includes('period=month')) where.push(sql`e.created_at >= now() - interval '30 days'`);
    const rows = await database.db
      .select({ id: sql<string>`e.id` })
      .from(sql`entries e join categories c on c.id = e.category_id`)
      .where(sql.join(where, sql` and `));
    return rows.map((r) => r.id).sort();
  }

  // One set of entries that each filter splits differently; each call is its own test.
  let tag: { id: string; title: string };
  beforeAll(async () => {
    tag = await createTag(database.db);
    const matrix: Array<[CategoryName, 'article' | 'post' | 'vote', boolean, boolean]> = [
      ['frontend', 'vote', true, true],
      ['frontend', 'article', true, false],
      ['backend', 'vote', true, false],
      ['backend', 'vote', false, true],
      ['frontend', 'post', true, true],
      ['ios', 'vote', true, false],
      ['ios', 'article', true, true],
    ];
    for (const [i, [category, type, tagged, commented]] of matrix.entries()) {
      await createEntry(database.db, {
        category,
        type,
        tagIds: tagged ? [tag.id] : [],
        likeCount: i,
        latestCommentAt: commented ? new Date(Date.now() - i * 60_000) : null,
        createdAt: new Date(Date.now() - i * 86_400_000 * 3),
      });
    }
  });

  it.each(CALLS)('%s keeps only what the filters select, and total counts exactly that', async (call) => {
    const filters: Array<Record<string, string>> = [
      { type: 'vote' },
      { tag: tag.id },
      { tag: tag.title, type: 'vote' },
      { tag: tag.id, category: 'frontend' },
      { tag: tag.id, category: 'ios', type: 'article' },
      { category: 'backend', type: 'vote' },
      { category: 'frontend' },
    ];
    for (const filter of filters) {
      const query = new URLSearchParams({ ...filter, limit: '4' }).toString();
      const path = `/api/timeline/${call}${query}`;
      const expected = await selected(call, filter, tag.id);
      expect((await getPage(path)).total, `total of ${path}`).toBe(expected.length);
      expect((await walk(path)).sort(), path).toEqual(expected);
    }
    // No filter: the total is every entry the call can list.
    const all = await getPage(`/api/timeline/${call}limit=1`);
    expect(all.total, `total of ${call} without filters`).toBe((await selected(call, {}, tag.id)).length);
  });

  it('answers 404 for an unknown tag', async () => {
    const { status, body } = await requestJson(app, '/api/timeline/get_entry_by_rank?tag=没有这个标签');
    expect(status).toBe(404);
    expect((body as { m: string }).m).toBe('标签不存在');
  });
});

describe('GET /api/timeline/get_entry_by_self totals', () => {
  it('count what the type and sort select', async () => {
    const author = await createUser(database.db);
    for (const type of ['post', 'article', 'article', 'vote'] as const) {
      await createEntry(database.db, { userId: author.id, type, latestCommentAt: type === 'vote' ? new Date() : null });
    }
    const total = async (query: string) =>
      (await getPage(`/api/timeline/get_entry_by_self?targetUid=${author.id}&${query}`)).total;
    expect(await total('')).toBe(4);
    expect(await total('type=post')).toBe(1);
    expect(await total('type=article')).toBe(2);
    expect(await total('order=comment')).toBe(1);
    expect(
      (await getPage(`/api/timeline/get_entry_by_self?targetUid=${author.id}&type=article`)).entrylist,
    ).toHaveLength(2);
  });
});
