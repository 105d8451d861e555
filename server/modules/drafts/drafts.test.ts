import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '@core/constants.ts';
import type { Database } from '@db/client.ts';
import { categories, drafts, entries, entryTags, tags } from '@db/schema/content.ts';
import { ensureCategories, type CategoryRow } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { DRAFT_MESSAGES } from './drafts.schemas.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { draftListSchema, draftSchema, publishedSchema } from './drafts.schemas.ts';

let database: Database;
let app: TestApp;
let categoryRows: Record<CategoryName, CategoryRow>;
let author: { id: string; cookie: string };
let other: { id: string; cookie: string };
let admin: { id: string; cookie: string };

async function person(role?: 'admin') {
  const user = await createUser(database.db, role ? { role } : {});
  return { id: user.id, cookie: await signIn(app, user) };
}

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  categoryRows = await ensureCategories(database.db);
  author = await person();
  other = await person();
  admin = await person('admin');
});

type Draft = ReturnType<typeof draftSchema.parse>;

function call<T>(path: string, who: { cookie: string } | null, json?: unknown) {
  return requestJson<T>(app, `/api/draft${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: who ? { cookie: who.cookie } : {},
    json,
  });
}

async function newDraft(who: { cookie: string }, fields: Record<string, unknown> = {}): Promise<Draft> {
  const { status, body } = await call<Draft>('/create', who, fields);
  expect(status, JSON.stringify(body)).toBe(200);
  return envelopeOf(draftSchema).parse(body).d;
}

describe('drafts: create, update, get, list, delete', () => {
  it('creates an empty draft, saves fields and reads them back with the tags', async () => {
    const draft = await newDraft(author);
    expect(draft).toMatchObject({ title: '', content: '', type: 'article', tagIds: [], entryId: null });
    const tag = await createTag(database.db);
    const saved = await call<{ id: string; updatedAt: string }>('/update', author, {
      draftId: draft.id,
      title: '我的第一篇',
      content: '# 你好\n\n正文',
      categoryId: categoryRows.frontend.id,
      tagIds: [tag.id],
      type: 'post',
    });
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.body.d.updatedAt)).toBeGreaterThanOrEqual(Date.parse(draft.updatedAt));
    const { body } = await call<Draft>(`/get?draftId=${draft.id}`, author);
    expect(body.d).toMatchObject({
      title: '我的第一篇',
      content: '# 你好\n\n正文',
      categoryId: categoryRows.frontend.id,
      tagIds: [tag.id],
      tags: [{ id: tag.id, title: tag.title }],
      type: 'post',
    });
  });

  it('updates only the fields sent', async () => {
    const draft = await newDraft(author, { title: '保留', content: 'a' });
    await call('/update', author, { draftId: draft.id, content: 'b' });
    const { body } = await call<Draft>(`/get?draftId=${draft.id}`, author);
    expect(body.d.title).toBe('保留');
    expect(body.d.content).toBe('b');
  });

  it('refuses titles over 120 characters and abstracts over 400 with the spec’s texts', async () => {
    const draft = await newDraft(author);
    const long = await call('/update', author, { draftId: draft.id, title: '字'.repeat(121) });
    expect(long.status).toBe(400);
    expect(long.body.m).toBe('标题要在120个字符以内');
    expect((await call('/update', author, { draftId: draft.id, title: '字'.repeat(120) })).status).toBe(200);
    const abstract = await call('/update', author, { draftId: draft.id, abstract: 'a'.repeat(401) });
    expect(abstract.body.m).toBe('摘要要在400个字符以内');
    const tooMany = await call('/update', author, {
      draftId: draft.id,
      tagIds: await Promise.all([1, 2, 3, 4].map(async () => (await createTag(database.db)).id)),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.m).toBe('最多选择3个标签');
    const badCover = await call('/update', author, { draftId: draft.id, coverImage: 'javascript:alert(1)' });
    expect(badCover.body.m).toBe(DRAFT_MESSAGES.coverInvalid);
    for (const coverImage of [
      '/api/post/entryDel?entryId=0123456789abcdef01234567',
      '/user/x',
      '//evil.example/a.png',
    ]) {
      const siteCover = await call('/update', author, { draftId: draft.id, coverImage });
      expect(siteCover.status, coverImage).toBe(400);
      expect(siteCover.body.m).toBe(DRAFT_MESSAGES.coverInvalid);
    }
    const unknownTag = await call('/update', author, { draftId: draft.id, tagIds: ['f'.repeat(24)] });
    expect(unknownTag.body.m).toBe('标签不存在');
  });

  it('lists the viewer’s drafts only, last edited first, page by page', async () => {
    const writer = await person();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await newDraft(writer, { title: `草稿${i}` })).id);
    // Touch the first one: it moves to the top.
    await call('/update', writer, { draftId: made[0], content: '改过' });
    await newDraft(other, { title: '别人的' });
    const marked = await newDraft(writer, {
      content: '## 小标题\n\n- **要点** 见[链接](https://a.example)\n\n```js\nx()\n```',
    });
    made.unshift(marked.id);
    const seen: string[] = [];
    const excerpts = new Map<string, string>();
    let pointer: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: string = pointer ? `?limit=2&before=${encodeURIComponent(pointer)}` : '?limit=2';
      const { status, body } = await call<{ list: Array<{ id: string; excerpt: string }>; pointer: string | null }>(
        `/list${query}`,
        writer,
      );
      expect(status).toBe(200);
      envelopeOf(draftListSchema).parse(body);
      seen.push(...body.d.list.map((d) => d.id));
      for (const d of body.d.list) excerpts.set(d.id, d.excerpt);
      pointer = body.d.pointer;
      if (!pointer) break;
    }
    expect(seen).toEqual([made[0], made[1], made[5], made[4], made[3], made[2]]);
    expect(excerpts.get(marked.id)).toBe('小标题 要点 见链接 x()');
    const bad = await call('/list?before=nonsense', writer);
    expect(bad.status).toBe(400);
  });

  it('deletes a draft; a second delete is 404 草稿不存在', async () => {
    const draft = await newDraft(author);
    expect((await call('/delete', author, { draftId: draft.id })).status).toBe(200);
    const again = await call('/delete', author, { draftId: draft.id });
    expect(again.status).toBe(404);
    expect(again.body.m).toBe('草稿不存在');
  });

  it('needs a signed-in person', async () => {
    expect((await call('/create', null, {})).status).toBe(401);
    expect((await call('/list', null)).status).toBe(401);
    expect((await call('/preview', null, { content: 'x' })).status).toBe(401);
  });

  it('answers 403 for other people’s drafts, and lets an admin through', async () => {
    const draft = await newDraft(author, { title: '私人' });
    expect((await call(`/get?draftId=${draft.id}`, other)).status).toBe(403);
    const update = await call('/update', other, { draftId: draft.id, title: '改掉' });
    expect(update.status).toBe(403);
    expect(update.body.s).toBe(3);
    expect((await call('/delete', other, { draftId: draft.id })).status).toBe(403);
    expect((await call('/publish', other, { draftId: draft.id })).status).toBe(403);
    expect((await call(`/get?draftId=${draft.id}`, admin)).status).toBe(200);
    const [row] = await database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(row?.title).toBe('私人');
  });

  it('answers a malformed id with 400', async () => {
    expect((await call('/get?draftId=abc', author)).status).toBe(400);
  });
});

describe('POST /api/draft/publish', () => {
  async function readyDraft(who: { cookie: string }, tagCount = 2) {
    const tagRows = await Promise.all(Array.from({ length: tagCount }, () => createTag(database.db)));
    const draft = await newDraft(who, {
      title: '发布测试',
      content: '正文第一段\n\n```js\nconst a = 1;\n```\n',
      categoryId: categoryRows.backend.id,
      tagIds: tagRows.map((t) => t.id),
    });
    return { draft, tagRows };
  }

  it('publishes an article: entry written with its tags and counters, draft removed', async () => {
    const { draft, tagRows } = await readyDraft(author);
    const [categoryBefore] = await database.db
      .select({ n: categories.entriesCount })
      .from(categories)
      .where(eq(categories.id, categoryRows.backend.id));
    const { status, body } = await call<{ entryId: string; url: string }>('/publish', author, {
      draftId: draft.id,
      abstract: '  一段   摘要 ',
      coverImage: '/uploads/cover/abc.webp',
      type: 'post',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    envelopeOf(publishedSchema).parse(body);
    expect(body.d.url).toBe(`/post/${body.d.entryId}`);
    const [entry] = await database.db.select().from(entries).where(eq(entries.id, body.d.entryId));
    expect(entry).toMatchObject({
      userId: author.id,
      type: 'post',
      title: '发布测试',
      abstract: '一段 摘要',
      screenshot: '/uploads/cover/abc.webp',
      categoryId: categoryRows.backend.id,
    });
    expect(entry?.contentHtml).toContain('<code class="hljs language-js">');
    const links = await database.db.select().from(entryTags).where(eq(entryTags.entryId, body.d.entryId));
    expect(links.map((l) => l.tagId).sort()).toEqual(tagRows.map((t) => t.id).sort());
    const [tagAfter] = await database.db.select().from(tags).where(eq(tags.id, tagRows[0].id));
    expect(tagAfter?.entriesCount).toBe(1);
    const [categoryAfter] = await database.db
      .select({ n: categories.entriesCount })
      .from(categories)
      .where(eq(categories.id, categoryRows.backend.id));
    expect(categoryAfter?.n).toBe((categoryBefore?.n ?? 0) + 1);
    expect(await database.db.select().from(drafts).where(eq(drafts.id, draft.id))).toHaveLength(0);
  });

  it('refuses a draft without category, without tags or with four tags, and keeps it', async () => {
    const noCategory = await newDraft(author, {
      title: '无分类',
      content: 'x',
      tagIds: [(await createTag(database.db)).id],
    });
    const a = await call('/publish', author, { draftId: noCategory.id });
    expect(a.status).toBe(400);
    expect(a.body.m).toBe('请选择分类');

    const { draft } = await readyDraft(author, 1);
    const none = await call('/publish', author, { draftId: draft.id, tagIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.m).toBe('请至少选择1个标签');
    const four = await Promise.all([1, 2, 3, 4].map(async () => (await createTag(database.db)).id));
    const tooMany = await call('/publish', author, { draftId: draft.id, tagIds: four });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.m).toBe('最多选择3个标签');

    const untitled = await newDraft(author, {
      content: 'x',
      categoryId: categoryRows.ios.id,
      tagIds: [(await createTag(database.db)).id],
    });
    expect((await call('/publish', author, { draftId: untitled.id })).body.m).toBe('标题不能为空');
    const empty = await newDraft(author, {
      title: '空',
      categoryId: categoryRows.ios.id,
      tagIds: [(await createTag(database.db)).id],
    });
    expect((await call('/publish', author, { draftId: empty.id })).body.m).toBe('文章内容不能为空');

    const left = await database.db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(left).toHaveLength(1);
  });

  it('sanitises XSS in the markdown of the published HTML', async () => {
    const { draft } = await readyDraft(author, 1);
    const payload = [
      '<script>alert(1)</script>',
      '<img src=https://img.example/x.png onerror="alert(2)">',
      '[点我](javascript:alert(3))',
      '<a href="javascript:alert(4)">链接</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="color:red" onclick="alert(5)">段落</p>',
    ].join('\n\n');
    await call('/update', author, { draftId: draft.id, content: payload, title: '<b>标题</b>' });
    const { body } = await call<{ entryId: string }>('/publish', author, { draftId: draft.id });
    const [entry] = await database.db.select().from(entries).where(eq(entries.id, body.d.entryId));
    const html = entry?.contentHtml ?? '';
    expect(html).not.toMatch(/<script|onerror=|onclick=|href="javascript:|<iframe|style=/i);
    expect(html).not.toContain('<a');
    expect(html).toContain('段落');
    // The preview renders by the same rules.
    const preview = await call<{ html: string }>('/preview', author, { content: payload });
    expect(preview.body.d.html).toBe(html);
  });

  it('edits a published entry through a linked draft: only the author or an admin', async () => {
    const tag = await createTag(database.db);
    const entry = await createEntry(database.db, {
      userId: author.id,
      title: '旧标题',
      content: '旧内容',
      type: 'post',
      tagIds: [tag.id],
      category: 'ai',
    });
    const denied = await call('/create', other, { entryId: entry.id });
    expect(denied.status).toBe(403);
    const missing = await call('/create', author, { entryId: 'a'.repeat(24) });
    expect(missing.status).toBe(404);

    const draft = await newDraft(author, { entryId: entry.id });
    expect(draft).toMatchObject({
      entryId: entry.id,
      title: '旧标题',
      content: '旧内容',
      type: 'post',
      categoryId: categoryRows.ai.id,
      tagIds: [tag.id],
    });
    await call('/update', author, { draftId: draft.id, title: '新标题', content: '新内容 **粗**' });
    // Autosave leaves the live entry alone.
    const [live] = await database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(live?.title).toBe('旧标题');
    const published = await call<{ entryId: string }>('/publish', author, { draftId: draft.id });
    expect(published.status).toBe(200);
    expect(published.body.d.entryId).toBe(entry.id);
    const [updated] = await database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(updated?.title).toBe('新标题');
    expect(updated?.contentHtml).toContain('<strong>粗</strong>');
    expect(await database.db.select().from(drafts).where(eq(drafts.id, draft.id))).toHaveLength(0);

    const first = await newDraft(author, { entryId: entry.id });
    const again = await newDraft(author, { entryId: entry.id, title: '同一份草稿' });
    expect(again.id).toBe(first.id);
    expect(again.title).toBe('同一份草稿');
    await call('/delete', author, { draftId: first.id });

    const byAdmin = await newDraft(admin, { entryId: entry.id });
    await call('/update', admin, { draftId: byAdmin.id, title: '管理员改的' });
    expect((await call('/publish', admin, { draftId: byAdmin.id })).status).toBe(200);
    const [afterAdmin] = await database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(afterAdmin?.title).toBe('管理员改的');
    expect(afterAdmin?.userId).toBe(author.id);
  });

  it('keeps the author when an admin publishes someone’s draft, and an edited entry keeps its flags', async () => {
    const { draft } = await readyDraft(other, 1);
    const { body } = await call<{ entryId: string }>('/publish', admin, { draftId: draft.id });
    const [entry] = await database.db.select().from(entries).where(eq(entries.id, body.d.entryId));
    expect(entry?.userId).toBe(other.id);

    const tag = await createTag(database.db);
    const english = await createEntry(database.db, {
      userId: author.id,
      content: 'English text',
      isEnglish: true,
      isOriginal: false,
      tagIds: [tag.id],
    });
    const edit = await newDraft(author, { entryId: english.id });
    await call('/update', author, { draftId: edit.id, content: 'More English text' });
    expect((await call('/publish', author, { draftId: edit.id })).status).toBe(200);
    const [after] = await database.db.select().from(entries).where(eq(entries.id, english.id));
    expect(after).toMatchObject({ isEnglish: true, isOriginal: false, content: 'More English text' });
  });

  it('sends shared links to their own edit page', async () => {
    const link = await createEntry(database.db, { userId: author.id, originalUrl: 'https://example.com/a' });
    const { status, body } = await call('/create', author, { entryId: link.id });
    expect(status).toBe(400);
    expect(body.m).toBe('分享的链接请在分享页编辑');
  });

  it('publishes a draft once even when asked twice at once (entry and draft removal in one transaction)', async () => {
    const { draft } = await readyDraft(author, 1);
    const before = await database.db.select({ id: entries.id }).from(entries);
    // Two publishes of the same draft at once: exactly one entry comes out of it.
    const results = await Promise.all([
      call('/publish', author, { draftId: draft.id }),
      call('/publish', author, { draftId: draft.id }),
    ]);
    const after = await database.db.select({ id: entries.id }).from(entries);
    const succeeded = results.filter((r) => r.status === 200).length;
    expect(succeeded).toBe(1);
    expect(after.length - before.length).toBe(1);
  });
});

describe('preview and tag search', () => {
  it('renders markdown with highlighted code and heading ids', async () => {
    const { status, body } = await call<{ html: string }>('/preview', author, {
      content: '## 标题\n\n```ts\nconst x: number = 1;\n```',
    });
    expect(status).toBe(200);
    expect(body.d.html).toContain('id="heading-0"');
    expect(body.d.html).toContain('hljs-keyword');
  });

  it('finds tags by part of the title, prefix matches first, and the most used without a keyword', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const inside = await createTag(database.db, { title: `学习vue${suffix}`, entriesCount: 50 });
    const prefix = await createTag(database.db, { title: `vue${suffix}`, entriesCount: 1 });
    const { body } = await call<{ tags: Array<{ id: string }> }>(`/tags?keyword=VUE${suffix}`, author);
    expect(body.d.tags.map((t) => t.id)).toEqual([prefix.id, inside.id]);
    const wild = await call<{ tags: unknown[] }>('/tags?keyword=%25', author);
    expect(wild.status).toBe(200);
    expect(wild.body.d.tags).toHaveLength(0);
    const popular = await call<{ tags: Array<{ id: string }> }>('/tags', author);
    expect(popular.body.d.tags.length).toBeGreaterThan(0);
    expect(popular.body.d.tags.length).toBeLessThanOrEqual(10);
  });
});
