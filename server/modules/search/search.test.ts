import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { entrySearch } from '@db/schema/content.ts';
import { mutes } from '@db/schema/users.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { toSearchText } from '../../adapters/tokenizer.ts';
import {
  countSampleMatches,
  GATHER_MAX_MATCHES,
  RANK_WINDOW,
  RATE_SAMPLE,
  selectSearchMatchIds,
} from './search.queries.ts';
import { passageAround, searchResultsPage, searchSnippets, windowRead } from './search.service.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

/** An entry with the search row publishing gives it (the factory writes it). */
function searchable(overrides: Parameters<typeof createEntry>[1] & { title: string; abstract?: string }) {
  return createEntry(database.db, overrides);
}

type SearchResult = { total: number; estimated: boolean; idList: string[] };

async function search(query: string, cookie?: string, page = 0): Promise<SearchResult> {
  const { status, body } = await requestJson<SearchResult>(
    app,
    `/api/timeline/search?query=${encodeURIComponent(query)}&page=${page}&raw_result=false`,
    { headers: cookie ? { cookie } : {} },
  );
  expect(status).toBe(200);
  return body.d;
}

describe('GET /api/timeline/search', () => {
  it('finds Chinese words, best match first, with an exact total for small results', async () => {
    const strong = await searchable({
      title: '服务端渲染与服务端缓存',
      abstract: '服务端渲染的首屏优化',
      likeCount: 1,
    });
    const weak = await searchable({ title: '前端工程化', abstract: '也谈到服务端渲染', likeCount: 30 });
    await searchable({ title: '无关的文章', abstract: '数据库索引' });
    const result = await search('服务端渲染');
    expect(result).toEqual({ total: 2, estimated: false, idList: [strong.id, weak.id] });
    expect(await search('   ')).toEqual({ total: 0, estimated: false, idList: [] });
    expect(await search('完全不存在的词语组合')).toEqual({ total: 0, estimated: false, idList: [] });
  });

  it('leaves out entries by muted users and with muted tags, for the muter only', async () => {
    const viewer = await createUser(database.db);
    const noisy = await createUser(database.db);
    const tag = await createTag(database.db);
    const byNoisy = await searchable({ userId: noisy.id, title: '向量数据库选型' });
    const tagged = await searchable({ title: '向量数据库原理', tagIds: [tag.id] });
    const kept = await searchable({ title: '向量数据库实践' });
    await database.db.insert(mutes).values([
      { userId: viewer.id, targetType: 'user', targetId: noisy.id },
      { userId: viewer.id, targetType: 'tag', targetId: tag.id },
    ]);
    const cookie = await signIn(app, viewer);
    expect((await search('向量数据库', cookie)).idList).toEqual([kept.id]);
    expect(new Set((await search('向量数据库')).idList)).toEqual(new Set([byNoisy.id, tagged.id, kept.id]));
  });

  it('reuses a result for SEARCH_CACHE_SECONDS for everyone without mutes; a muter’s is always fresh', async () => {
    const first = await searchable({ title: '缓存穿透的防护' });
    expect((await search('缓存穿透')).idList).toEqual([first.id]);
    const second = await searchable({ title: '缓存穿透与布隆过滤器', likeCount: 5 });
    // The same words again within the ttl (default 30 s): the same answer, as a shared cache would give.
    expect((await search('  缓存穿透 ')).idList).toEqual([first.id]);
    const plain = await signIn(app, await createUser(database.db));
    expect((await search('缓存穿透', plain)).idList).toEqual([first.id]);
    const muter = await createUser(database.db);
    await database.db
      .insert(mutes)
      .values({ userId: muter.id, targetType: 'user', targetId: (await createUser(database.db)).id });
    const muterCookie = await signIn(app, muter);
    expect(new Set((await search('缓存穿透', muterCookie)).idList)).toEqual(new Set([first.id, second.id]));
    // An app configured without the cache answers fresh to everyone.
    const uncached = createTestApp(database, { SEARCH_CACHE_SECONDS: '0' });
    const { body } = await requestJson<SearchResult>(
      uncached,
      `/api/timeline/search?query=${encodeURIComponent('缓存穿透')}&page=0`,
    );
    expect(new Set(body.d.idList)).toEqual(new Set([first.id, second.id]));
  });

  it('pages through more matches than one rank window without repeats', async () => {
    for (let i = 0; i < RANK_WINDOW + 15; i++) {
      await database.db.execute(sql`
        WITH entry AS (
          INSERT INTO entries (id, title, category_id, hot_score)
          VALUES (substr(md5(${`window${i}`}), 1, 24), ${`窗口测试 ${i}`}, (SELECT id FROM categories LIMIT 1), ${i})
          RETURNING id, hot_score)
        INSERT INTO entry_search (entry_id, hot_score, search_vector)
        SELECT id, hot_score, to_tsvector('simple', ${toSearchText('窗口测试 分页')}) FROM entry`);
    }
    const seen: string[] = [];
    let last: SearchResult | null = null;
    for (let page = 0; page < Math.ceil((RANK_WINDOW + 15) / 20); page++) {
      last = await search('窗口测试', undefined, page);
      seen.push(...last.idList);
    }
    expect(seen).toHaveLength(RANK_WINDOW + 15);
    expect(new Set(seen).size).toBe(seen.length);
    expect(last).toMatchObject({ total: RANK_WINDOW + 15, estimated: false });
    // Few enough to gather: the total is the exact count of the gathered matches.
    expect(await search('窗口测试')).toMatchObject({ total: RANK_WINDOW + 15, estimated: false });
  });

  it('walks the popularity index, whole or bounded, and serves the same pages as gathering', async () => {
    const segmented = toSearchText('窗口测试');
    for (const offset of [0, 20, RANK_WINDOW]) {
      const page = { segmented, offset, limit: 20, viewerId: null };
      const gathered = await selectSearchMatchIds(database.db, { ...page, read: { by: 'gather' } });
      const walked = await selectSearchMatchIds(database.db, { ...page, read: { by: 'walk' } });
      const bounded = await selectSearchMatchIds(database.db, {
        ...page,
        read: { by: 'walk-top', scanLimit: 100_000 },
      });
      expect(gathered.matched).toBe(RANK_WINDOW + 15);
      expect(walked.matched).toBeNull();
      for (const other of [walked, bounded]) {
        expect(other.ids).toEqual(gathered.ids);
        expect(other.inWindow).toBe(gathered.inWindow);
      }
    }
    // For a viewer with mutes, every way of reading leaves out the same muted author's entry.
    const muter = await createUser(database.db);
    const muted = await createUser(database.db);
    const [{ id: mutedEntry }] = await database.db
      .select({ id: entrySearch.entryId })
      .from(entrySearch)
      .where(sql`${entrySearch.searchVector} @@ plainto_tsquery('simple', ${segmented})`)
      .orderBy(desc(entrySearch.hotScore))
      .limit(1);
    await database.db.execute(sql`UPDATE entries SET user_id = ${muted.id} WHERE id = ${mutedEntry}`);
    await database.db.execute(sql`UPDATE entry_search SET user_id = ${muted.id} WHERE entry_id = ${mutedEntry}`);
    await database.db.insert(mutes).values({ userId: muter.id, targetType: 'user', targetId: muted.id });
    const muterPage = { segmented, offset: 0, limit: 20, viewerId: muter.id };
    const reads = await Promise.all(
      ([{ by: 'gather' }, { by: 'walk' }, { by: 'walk-top', scanLimit: 100_000 }] as const).map((read) =>
        selectSearchMatchIds(database.db, { ...muterPage, read }),
      ),
    );
    expect(reads[0].ids).not.toContain(mutedEntry);
    expect(reads[0].ids).toHaveLength(20);
    for (const other of reads.slice(1)) expect(other.ids).toEqual(reads[0].ids);

    // Bounded to fewer rows than hold a window of matches, the walk comes back short.
    const short = await selectSearchMatchIds(database.db, {
      segmented,
      offset: 0,
      limit: 20,
      viewerId: null,
      read: { by: 'walk-top', scanLimit: 50 },
    });
    expect(short.inWindow ?? 0).toBeLessThan(RANK_WINDOW);
  });

  it('chooses how to read a window from the estimates and, for several common words, a sampled rate', () => {
    const entries = 1_000_000;
    expect(windowRead({ all: 40_000, words: [40_000], entries }, 0, null)).toEqual({ by: 'walk' });
    expect(windowRead({ all: 900, words: [900], entries }, 0, null)).toEqual({ by: 'gather' });
    // Two common words the planner thinks rare together; the sample says 3% match: a bounded walk,
    // twice the rows a window needs at the gathering bar's rate, and longer for later windows.
    const correlated = { all: 1_426, words: [36_000, 36_000], entries };
    const bound = (windows: number) => Math.ceil((2 * windows * RANK_WINDOW * entries) / GATHER_MAX_MATCHES);
    expect(windowRead(correlated, 0, 30)).toEqual({ by: 'walk-top', scanLimit: bound(1) });
    expect(windowRead(correlated, RANK_WINDOW + 20, 30)).toEqual({ by: 'walk-top', scanLimit: bound(2) });
    // The sample finds them rare together after all: gather.
    expect(windowRead(correlated, 0, 2)).toEqual({ by: 'gather' });
  });

  it('samples the match rate of several words among the most popular entries', async () => {
    // Fewer entries than the sample here: it sees every one, so it counts every match.
    expect(await countSampleMatches(database.db, toSearchText('窗口测试'))).toBe(
      Math.min(RANK_WINDOW + 15, RATE_SAMPLE),
    );
    expect(await countSampleMatches(database.db, toSearchText('完全不存在的词语'))).toBe(0);
  });

  it('finds rare words through the GIN index', async () => {
    await database.db.execute(sql`
      WITH filler AS (
        INSERT INTO entries (id, title, category_id)
        SELECT substr(md5('filler' || n), 1, 24), '填充', (SELECT id FROM categories LIMIT 1)
        FROM generate_series(1, 3000) AS n
        RETURNING id)
      INSERT INTO entry_search (entry_id, search_vector)
      SELECT id, to_tsvector('simple', 'filler words ' || id) FROM filler`);
    // VACUUM also moves the new rows out of the GIN index's pending list into the index proper.
    await database.db.execute(sql`VACUUM ANALYZE entry_search`);
    const result = await database.db.execute(
      sql`EXPLAIN SELECT entry_id FROM entry_search WHERE search_vector @@ plainto_tsquery('simple', ${toSearchText('服务端')})`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
      Record<string, string>
    >;
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('entry_search_vector_idx');
  });
});

describe('search snippets', () => {
  it('shows the passage of the body around the first searched word when the title and abstract miss it', async () => {
    const lead = '开头的铺垫文字。'.repeat(10);
    const inBody = await searchable({
      title: '一篇普通的周记',
      abstract: '这周做了些什么',
      content: `# 小结\n\n${lead}我们在**翡翠蜻蜓**观测站测试了新的 \`缓存\` 策略，结果很好。`,
    });
    const inTitle = await searchable({ title: '翡翠蜻蜓的观察', content: '正文也提到翡翠蜻蜓' });
    const snippets = await searchSnippets(
      { db: database.db },
      { ids: [inBody.id, inTitle.id], terms: ['翡翠', '蜻蜓'] },
    );
    expect([...snippets.keys()]).toEqual([inBody.id]);
    const snippet = snippets.get(inBody.id) ?? '';
    // Markup is gone; the passage starts shortly before the word, with ellipses where cut.
    expect(snippet).toMatch(/^…/);
    expect(snippet).toContain('我们在翡翠蜻蜓观测站测试了新的 缓存 策略，结果很好。');
    expect(snippet).not.toMatch(/[*`#]/);
    expect(Array.from(snippet.slice(1, snippet.indexOf('翡翠'))).length).toBe(30);

    // The results page's entries carry it in place of the abstract; the others keep theirs.
    const page = await searchResultsPage(
      { db: database.db, viewer: null },
      { query: '翡翠蜻蜓', page: 0, pageSize: 20 },
    );
    const byId = new Map(page.entries.map((entry) => [entry.id, entry.abstract]));
    expect(byId.get(inBody.id)).toBe(snippet);
    expect(byId.has(inTitle.id)).toBe(true);
    expect(page.pageCount).toBe(Math.ceil(page.total / 20));
  });

  it('cuts on characters and leaves texts without the words alone', () => {
    expect(passageAround(`${'𠀀'.repeat(50)}rust`, ['rust'])).toBe(`…${'𠀀'.repeat(30)}rust`);
    expect(passageAround('短文 React', ['react'])).toBe('短文 React');
    expect(passageAround('没有关键词', ['rust'])).toBeNull();
  });
});
