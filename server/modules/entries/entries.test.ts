import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryName } from '@core/constants.ts';
import { GUEST_ID, newId } from '@core/ids.ts';
import type { Database, Db } from '@db/client.ts';
import * as schema from '@db/schema/index.ts';
import { planOfLastQuery } from '../../../tests/setup/query-plan.ts';
import { entries, entryLikes } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { ensureCategories, type CategoryRow } from '../../../tests/factories/categories.ts';
import { createEntry, type EntryRow } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { selectEntryPage } from './entries.queries.ts';
import { entryDetailSchema, entryListSchema, entrySchema } from './entries.schemas.ts';

let database: Database;
let app: TestApp;
let categories: Record<CategoryName, CategoryRow>;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  categories = await ensureCategories(database.db);
});

type EntryView = ReturnType<typeof entrySchema.parse>;
type EntryPage = { total: number; entrylist: EntryView[]; pointer: string | null };

const listEnvelope = envelopeOf(entryListSchema);
const detailEnvelope = envelopeOf(entryDetailSchema);
// A feed row carries every field the contract requires and nothing else (hiddenReason, optional, is
// only on its author's own profile lists).
const ENTRY_KEYS = Object.entries(entrySchema.shape)
  .filter(([, field]) => !field.safeParse(undefined).success)
  .map(([key]) => key)
  .sort();

/** A feed page, checked against the route's contract (and for fields the contract does not name). */
async function getPage(path: string, headers: HeadersInit = {}): Promise<EntryPage> {
  const { status, body } = await requestJson<EntryPage>(app, path, { headers });
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  const parsed = listEnvelope.parse(body);
  for (const entry of body.d.entrylist) expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
  return parsed.d as EntryPage;
}

/** Follows `pointer` to the end; returns every id in the order served and the totals seen. */
async function walk(feedPath: string, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let pointer: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const separator = feedPath.includes('?') ? '&' : '?';
    const before = pointer ? `&before=${encodeURIComponent(pointer)}` : '';
    const page = await getPage(`${feedPath}${separator}limit=${limit}${before}`);
    expect(page.entrylist.length).toBeLessThanOrEqual(limit);
    ids.push(...page.entrylist.map((e) => e.id));
    totals.add(page.total);
    pointer = page.pointer;
    if (!pointer) return { ids, totals };
  }
  throw new Error(`${feedPath} did not end`);
}

async function allEntryRows(db: Db) {
  return db
    .select({
      id: entries.id,
      categoryId: entries.categoryId,
      createdAt: entries.createdAt,
      likeCount: entries.likeCount,
      hotScore: entries.hotScore,
      latestCommentAt: entries.latestCommentAt,
    })
    .from(entries);
}
type Row = Awaited<ReturnType<typeof allEntryRows>>[number];

/** The order a sort must serve: its column descending, then the id descending. */
function expectedOrder(rows: Row[], key: (row: Row) => number, keep: (row: Row) => boolean = () => true) {
  return rows
    .filter(keep)
    .sort((a, b) => key(b) - key(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

describe('keyset paging', () => {
  const DAY = 86_400_000;

  beforeAll(async () => {
    // 45 entries in five groups sharing one created_at each, like counts repeating 0..3 and
    // two shared comment times: every sort meets ties only the id can break.
    const now = Date.now();
    const groups = [now - 3_600_000, now - 2 * DAY, now - 10 * DAY, now - 20 * DAY, now - 40 * DAY];
    const authors = await Promise.all([0, 1, 2].map(() => createUser(database.db)));
    for (let i = 0; i < 45; i++) {
      await createEntry(database.db, {
        userId: authors[i % 3].id,
        category: i % 2 === 0 ? 'frontend' : 'backend',
        type: i % 5 === 0 ? 'post' : 'article',
        createdAt: new Date(groups[i % 5]),
        likeCount: i % 4,
        latestCommentAt: i % 3 === 0 ? new Date(groups[i % 2]) : null,
      });
    }
  });

  const sorts: Array<{ path: string; key: (row: Row) => number; keep?: (row: Row) => boolean }> = [
    { path: '/api/timeline/get_entry_by_timeline', key: (r) => r.createdAt.getTime() },
    { path: '/api/timeline/get_entry_by_rank', key: (r) => r.hotScore },
    { path: '/api/timeline/get_entry_by_hot', key: (r) => r.likeCount },
    {
      path: '/api/timeline/get_entry_by_comment',
      key: (r) => r.latestCommentAt?.getTime() ?? 0,
      keep: (r) => r.latestCommentAt !== null,
    },
    {
      path: '/api/timeline/get_entry_by_period?period=week',
      key: (r) => r.likeCount,
      keep: (r) => r.createdAt.getTime() >= Date.now() - 7 * DAY,
    },
    {
      path: '/api/timeline/get_entry_by_period?period=month',
      key: (r) => r.likeCount,
      keep: (r) => r.createdAt.getTime() >= Date.now() - 30 * DAY,
    },
    {
      path: '/api/timeline/get_entry_by_period',
      key: (r) => r.likeCount,
      keep: (r) => r.createdAt.getTime() >= Date.now() - 7 * DAY,
    },
  ];

  for (const { path, key, keep } of sorts) {
    it(`${path} serves every row exactly once, in order, across pages`, async () => {
      const rows = await allEntryRows(database.db);
      const expected = expectedOrder(rows, key, keep);
      expect(expected.length).toBeGreaterThan(8);
      const { ids, totals } = await walk(path, 7);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
      // total counts what the list selects: only commented entries, only the period's window.
      expect([...totals]).toEqual([expected.length]);
    });
  }

  it('filters by category name or id, with that category’s total', async () => {
    const rows = await allEntryRows(database.db);
    const backend = categories.backend;
    const expected = expectedOrder(
      rows,
      (r) => r.createdAt.getTime(),
      (r) => r.categoryId === backend.id,
    );
    const [{ entriesCount }] = await database.db
      .select({ entriesCount: schema.categories.entriesCount })
      .from(schema.categories)
      .where(eq(schema.categories.id, backend.id));
    expect(entriesCount).toBe(expected.length);

    for (const category of [backend.name, backend.id]) {
      const { ids, totals } = await walk(`/api/timeline/get_entry_by_timeline?category=${category}`, 6);
      expect(ids).toEqual(expected);
      expect([...totals]).toEqual([expected.length]);
    }
    const page = await getPage('/api/timeline/get_entry_by_rank?category=backend&limit=50');
    expect(page.entrylist.every((e) => e.category.name === 'backend' && e.category.title === '后端')).toBe(true);
    const all = await getPage('/api/timeline/get_entry_by_timeline?category=all&limit=1');
    expect(all.total).toBe(rows.length);
  });

  it('filters by type', async () => {
    const page = await getPage('/api/timeline/get_entry_by_timeline?type=post&limit=100');
    expect(page.entrylist.length).toBeGreaterThan(0);
    expect(page.entrylist.every((e) => e.type === 'post')).toBe(true);
  });
});

describe('feeds', () => {
  it('answer the envelope { s: 1, m: ok, d: { total, entrylist, pointer } } with author, category and tags', async () => {
    const author = await createUser(database.db, { jobTitle: '前端工程师', company: '金砂' });
    const tag = await createTag(database.db, { title: `Vue-${newId().slice(-6)}` });
    const entry = await createEntry(database.db, {
      userId: author.id,
      category: 'ai',
      title: '大模型推理加速实践',
      abstract: '从量化到投机解码',
      tagIds: [tag.id],
    });
    const { body } = await requestJson(app, '/api/timeline/get_entry_by_timeline?category=ai');
    expect(body).toMatchObject({ s: 1, m: 'ok' });
    const page = listEnvelope.parse(body).d;
    expect(page.total).toBe(1);
    expect(page.pointer).toBeNull();
    expect(page.entrylist).toHaveLength(1);
    expect(page.entrylist[0]).toMatchObject({
      id: entry.id,
      title: '大模型推理加速实践',
      abstract: '从量化到投机解码',
      user: { id: author.id, username: author.username, jobTitle: '前端工程师', company: '金砂' },
      category: { id: categories.ai.id, name: 'ai', title: '人工智能' },
      tags: [{ id: tag.id, title: tag.title, icon: '' }],
      liked: false,
      createdAt: entry.createdAt.toISOString(),
    });
  });

  it('show the viewer’s likes', async () => {
    const viewer = await createUser(database.db);
    const entry = await createEntry(database.db, { category: 'design' });
    await database.db.insert(entryLikes).values({ userId: viewer.id, entryId: entry.id });
    const cookie = await signIn(app, viewer);
    const signedIn = await getPage('/api/timeline/get_entry_by_timeline?category=design', { cookie });
    expect(signedIn.entrylist.find((e) => e.id === entry.id)?.liked).toBe(true);
    const anonymous = await getPage('/api/timeline/get_entry_by_timeline?category=design');
    expect(anonymous.entrylist.find((e) => e.id === entry.id)?.liked).toBe(false);
  });

  it('answer an unknown category with 404 and status 2', async () => {
    const { status, body } = await requestJson(app, '/api/timeline/get_entry_by_rank?category=cooking');
    expect(status).toBe(404);
    expect(body).toEqual({ s: 2, m: '分类不存在', d: null });
  });

  it('answer a bad pointer with 400', async () => {
    const notACursor = await requestJson(app, '/api/timeline/get_entry_by_timeline?before=garbage');
    expect(notACursor.status).toBe(400);
    expect(notACursor.body).toEqual({ s: 0, m: 'pointer 格式有误', d: null });
    const wrongShape = Buffer.from(JSON.stringify({ value: 1 })).toString('base64url');
    const shaped = await requestJson(app, `/api/timeline/get_entry_by_hot?before=${wrongShape}`);
    expect(shaped.status).toBe(400);
    // A well-formed pair whose value is not a number must not reach the date conversion.
    const textValue = Buffer.from(JSON.stringify(['abc', '0'.repeat(24)])).toString('base64url');
    for (const path of ['get_entry_by_timeline', 'get_entry_by_comment', 'get_entry_by_rank']) {
      const { status, body } = await requestJson(app, `/api/timeline/${path}?before=${textValue}`);
      expect(status, path).toBe(400);
      expect(body.m).toBe('pointer 格式有误');
    }
  });

  it('answer bad query values with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'type=book']) {
      const { status, body } = await requestJson(app, `/api/timeline/get_entry_by_timeline?${query}`);
      expect(status, query).toBe(400);
      expect(body.s).toBe(0);
    }
    const period = await requestJson(app, '/api/timeline/get_entry_by_period?period=year');
    expect(period.status).toBe(400);
  });
});

describe('GET /api/timeline/get_entry_by_ids', () => {
  it('returns the entries in the order asked, leaving unknown ids out', async () => {
    const [a, b] = [await createEntry(database.db), await createEntry(database.db)];
    const missing = newId();
    const { status, body } = await requestJson<{ entrylist: EntryView[] }>(
      app,
      `/api/timeline/get_entry_by_ids?entryIds=${b.id}|${missing}|${a.id}`,
    );
    expect(status).toBe(200);
    expect(body.s).toBe(1);
    expect(body.d.entrylist.map((e) => e.id)).toEqual([b.id, a.id]);
    for (const entry of body.d.entrylist) entrySchema.parse(entry);
  });

  it('answers a malformed id or too many ids with 400', async () => {
    const entry = await createEntry(database.db);
    const bad = await requestJson(app, `/api/timeline/get_entry_by_ids?entryIds=${entry.id}|nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('id 格式有误');
    const many = Array.from({ length: 101 }, () => newId()).join('|');
    expect((await requestJson(app, `/api/timeline/get_entry_by_ids?entryIds=${many}`)).status).toBe(400);
  });
});

describe('GET /api/post/getEntry', () => {
  it('returns one entry with its content', async () => {
    const entry: EntryRow = await createEntry(database.db, {
      category: 'android',
      content: '# 标题\n\n正文',
      contentHtml: '<h1 id="heading-0">标题</h1>\n<p>正文</p>',
    });
    const { status, body } = await requestJson(app, `/api/post/getEntry?entryId=${entry.id}`);
    expect(status).toBe(200);
    const detail = detailEnvelope.parse(body).d;
    expect(detail).toMatchObject({
      id: entry.id,
      content: '# 标题\n\n正文',
      contentHtml: '<h1 id="heading-0">标题</h1>\n<p>正文</p>',
      category: { name: 'android' },
    });
  });

  it('answers a malformed id with 400 and a missing entry with 404 此文章不存在', async () => {
    const bad = await requestJson(app, '/api/post/getEntry?entryId=short');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ s: 0, m: '参数 entryId 格式有误', d: null });
    expect((await requestJson(app, '/api/post/getEntry')).status).toBe(400);
    const missing = await requestJson(app, `/api/post/getEntry?entryId=${newId()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ s: 2, m: '此文章不存在', d: null });
  });

  it('shows the placeholder user 未知用户 (24 zeros) once the author is deleted', async () => {
    const author = await createUser(database.db);
    const entry = await createEntry(database.db, { userId: author.id, category: 'product' });
    await database.db.delete(users).where(eq(users.id, author.id));
    const { body } = await requestJson<{ user: { id: string; username: string } }>(
      app,
      `/api/post/getEntry?entryId=${entry.id}`,
    );
    expect(body.d.user).toMatchObject({ id: GUEST_ID, username: '未知用户' });
    const feed = await getPage('/api/timeline/get_entry_by_timeline?category=product');
    expect(feed.entrylist.find((e) => e.id === entry.id)?.user.id).toBe(GUEST_ID);
  });
});

describe('query plans', () => {
  // Enough rows that a sequential scan and sort would cost more than an index range; they leave
  // with the describe, and no counter moves because they bypass the publish path.
  const PLAN_ROW_TITLE = 'plan row';

  beforeAll(async () => {
    await database.db.execute(sql`
      INSERT INTO entries (id, title, category_id, created_at, like_count, hot_score)
      SELECT substr(md5('plan' || n), 1, 24), ${PLAN_ROW_TITLE},
             (SELECT id FROM categories ORDER BY position OFFSET n % 9 LIMIT 1),
             now() - n * interval '1 minute', n % 50, (n % 997) / 10.0
      FROM generate_series(1, 3000) AS n`);
    await database.db.execute(sql`ANALYZE entries`);
  });
  afterAll(() => database.db.delete(entries).where(eq(entries.title, PLAN_ROW_TITLE)));
  /** The plan the database chooses for the SQL and parameters selectEntryPage sends. */
  const planOf = (query: Parameters<typeof selectEntryPage>[1]) =>
    planOfLastQuery(database, (db) => selectEntryPage(db, query));

  const cases = [
    { sort: 'newest', index: 'entries_created_idx', categoryIndex: 'entries_category_created_idx' },
    { sort: 'popular', index: 'entries_hot_idx', categoryIndex: 'entries_category_hot_idx' },
  ] as const;

  for (const { sort, index, categoryIndex } of cases) {
    it(`serves ${sort} pages from ${index} without sorting`, async () => {
      const base = { sort, limit: 20, now: new Date() } as const;
      const [last] = (await selectEntryPage(database.db, { ...base, cursor: null })).slice(-1);
      const cursor = { value: sort === 'newest' ? last.createdAt.getTime() : last.hotScore, id: last.id };
      const plans = {
        first: await planOf({ ...base, cursor: null }),
        next: await planOf({ ...base, cursor }),
        category: await planOf({ ...base, cursor, categoryId: categories.frontend.id }),
      };
      expect(plans.first).toContain(`Index Scan using ${index}`);
      expect(plans.next).toContain(`Index Scan using ${index}`);
      expect(plans.category).toContain(`Index Scan using ${categoryIndex}`);
      for (const plan of Object.values(plans)) expect(plan).not.toMatch(/Seq Scan|Sort/);
    });
  }
});
