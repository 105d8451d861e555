import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { bookletProgress, bookletPurchases, bookletSections, booklets } from '@db/schema/commerce.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { users } from '@db/schema/users.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { bookletDetailSchema, sectionReadingSchema } from './booklets.schemas.ts';
import { getBooklet, listBookletReviews, previewSource } from './booklets.service.ts';

let database: Database;
let app: TestApp;
let author: TestUser;
let reader: TestUser;
let buyer: TestUser;
let admin: TestUser;
let plain: TestUser;
const cookies: Record<string, string> = {};

/** Same-origin script headers: what the GET-write guard lets through. */
const SCRIPT = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' };

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  [author, reader, buyer, admin, plain] = await Promise.all([
    createUser(database.db, { isXiaoceAuthor: true }),
    createUser(database.db),
    createUser(database.db),
    createUser(database.db, { role: 'admin' }),
    createUser(database.db),
  ]);
  for (const u of [author, reader, buyer, admin, plain]) cookies[u.id] = await signIn(app, u);
});

type Init = Omit<RequestInit, 'body'> & { json?: unknown };
function as(user: TestUser | null, init: Init = {}): Init {
  const headers: Record<string, string> = { ...SCRIPT, ...(user ? { cookie: cookies[user.id] } : {}) };
  return { ...init, headers };
}
const post = (user: TestUser | null, path: string, json: unknown) =>
  requestJson<Record<string, unknown>>(app, `/api/xiaoce${path}`, as(user, { method: 'POST', json }));
const get = <T = Record<string, unknown>>(user: TestUser | null, path: string) =>
  requestJson<T>(app, `/api/xiaoce${path}`, as(user));

type Booklet = ReturnType<typeof bookletDetailSchema.parse>;
type Reading = ReturnType<typeof sectionReadingSchema.parse>;

const LONG = Array.from({ length: 12 }, (_, i) => `第${i + 1}段：${'所有权与借用的细节。'.repeat(8)}`).join('\n\n');

/** Writes a booklet through the API: two published sections (the first free), submitted and approved. */
async function publishedBooklet(price = 2990, category = 'backend') {
  const created = await post(author, '/create', { title: '并发编程', summary: '讲透并发', category, price });
  expect(created.status).toBe(200);
  const booklet = envelopeOf(bookletDetailSchema).parse(created.body).d;
  const first = await post(author, '/section/create', {
    bookletId: booklet.id,
    title: '开篇',
    content: '免费的开篇',
    isFree: true,
  });
  const second = await post(author, '/section/create', { bookletId: booklet.id, title: '正文', content: LONG });
  const firstId = (first.body.d as Reading).section.id;
  const secondId = (second.body.d as Reading).section.id;
  for (const sectionId of [firstId, secondId]) {
    expect((await post(author, '/section/publish', { sectionId, publish: true })).status).toBe(200);
  }
  expect((await post(author, '/submit', { id: booklet.id })).status).toBe(200);
  expect((await post(admin, '/approve', { id: booklet.id })).status).toBe(200);
  return { id: booklet.id, firstId, secondId };
}

describe('booklets: writing', () => {
  it('lets booklet authors create drafts that only they and admins see', async () => {
    expect((await post(null, '/create', { title: 'x', category: 'backend', price: 0 })).status).toBe(401);
    const refused = await post(plain, '/create', { title: 'x', category: 'backend', price: 0 });
    expect(refused.status).toBe(403);
    expect(refused.body.m).toBe('只有小册作者可以写小册');
    expect((await post(author, '/create', { title: '  ', category: 'backend', price: 0 })).body.m).toBe(
      '小册标题不能为空',
    );
    expect((await post(author, '/create', { title: 'x', category: 'nope', price: 0 })).body.m).toBe('请选择小册分类');
    expect((await post(author, '/create', { title: 'x', category: 'backend', price: 1.5 })).body.m).toMatch(/价格须为/);
    expect((await post(author, '/create', { title: 'x', category: 'backend', price: 100_000 })).status).toBe(400);

    const created = await post(author, '/create', { title: '  Rust 入门 ', category: 'backend', price: 1990 });
    expect(created.status).toBe(200);
    const booklet = envelopeOf(bookletDetailSchema).parse(created.body).d;
    expect(booklet).toMatchObject({ title: 'Rust 入门', isDraft: true, price: 1990, canEdit: true, sections: [] });
    // A draft is not found for others, found for its author and admins.
    expect((await get(reader, `/get?id=${booklet.id}`)).status).toBe(404);
    expect((await get(null, `/get?id=${booklet.id}`)).status).toBe(404);
    expect((await get(admin, `/get?id=${booklet.id}`)).body.d).toMatchObject({ canEdit: true });
    expect((await get(author, '/mine')).body.d).toMatchObject({ list: [expect.objectContaining({ id: booklet.id })] });
    expect((await get(null, '/mine')).status).toBe(401);

    // Only its author or an admin edits it.
    expect((await post(plain, '/update', { id: booklet.id, title: '别人改' })).status).toBe(403);
    expect((await post(author, '/update', { id: newId(), title: 'x' })).status).toBe(404);
    const updated = await post(author, '/update', { id: booklet.id, summary: '一本入门书', description: '## 目录' });
    expect(updated.body.d).toMatchObject({ summary: '一本入门书', descriptionHtml: expect.stringContaining('<h2') });
    // The cover must be the author's own upload.
    expect((await post(author, '/update', { id: booklet.id, img: '/uploads/cover/someone-else.webp' })).status).toBe(
      400,
    );
  });

  it('writes sections as drafts, orders them, publishes, submits and is approved', async () => {
    const created = await post(author, '/create', { title: '排序', category: 'frontend', price: 990 });
    const id = (created.body.d as Booklet).id;
    const titles = ['一', '二', '三'];
    const ids: string[] = [];
    for (const title of titles) {
      const section = await post(author, '/section/create', { bookletId: id, title, content: `${title}的内容` });
      expect(section.status).toBe(200);
      const reading = envelopeOf(sectionReadingSchema).parse(section.body).d;
      expect(reading.section).toMatchObject({ title, isDraft: true });
      ids.push(reading.section.id);
    }
    expect((await post(author, '/section/create', { bookletId: id, title: ' ', content: '' })).body.m).toBe(
      '章节标题不能为空',
    );
    expect((await post(plain, '/section/create', { bookletId: id, title: 'x' })).status).toBe(403);
    expect((await post(author, '/section/create', { bookletId: newId(), title: 'x' })).status).toBe(404);

    // Move 三 to the front.
    const moved = await post(author, '/section/move', { sectionId: ids[2], position: 0 });
    expect((moved.body.d as { sections: Array<{ title: string }> }).sections.map((s) => s.title)).toEqual([
      '三',
      '一',
      '二',
    ]);
    expect((await post(plain, '/section/move', { sectionId: ids[0], position: 0 })).status).toBe(403);

    // Submitting needs a published section.
    expect((await post(author, '/submit', { id })).body.m).toBe('请先填写小册简介');
    await post(author, '/update', { id, summary: '简介' });
    expect((await post(author, '/submit', { id })).body.m).toBe('至少发布一个章节后才能提交审核');
    // An empty section cannot be published.
    const empty = await post(author, '/section/create', { bookletId: id, title: '空的' });
    const emptyId = (empty.body.d as Reading).section.id;
    expect((await post(author, '/section/publish', { sectionId: emptyId, publish: true })).body.m).toBe(
      '章节内容不能为空',
    );
    expect((await post(author, '/section/delete', { sectionId: emptyId })).status).toBe(200);
    expect((await post(author, '/section/delete', { sectionId: emptyId })).status).toBe(404);

    expect((await post(author, '/section/update', { sectionId: ids[0], content: '# 改过', isFree: true })).status).toBe(
      200,
    );
    for (const sectionId of ids.slice(0, 2)) await post(author, '/section/publish', { sectionId, publish: true });
    let [row] = await database.db.select().from(booklets).where(eq(booklets.id, id));
    expect(row.sectionCount).toBe(2);
    await post(author, '/section/publish', { sectionId: ids[1], publish: false });
    [row] = await database.db.select().from(booklets).where(eq(booklets.id, id));
    expect(row.sectionCount).toBe(1);

    // Approval: admins only, and only once submitted.
    expect((await post(admin, '/approve', { id })).body.m).toBe('小册尚未提交审核');
    const submitted = await post(author, '/submit', { id });
    expect(submitted.body.d).toMatchObject({ isDraft: true, submittedAt: expect.any(String) });
    const queue = await get<{ list: Array<{ id: string }> }>(admin, '/getList?submitted=1');
    expect(queue.body.d.list.map((b) => b.id)).toContain(id);
    expect((await post(author, '/approve', { id })).status).toBe(403);
    expect((await post(plain, '/approve', { id })).status).toBe(403);
    expect((await post(null, '/approve', { id })).status).toBe(401);
    const [before] = await database.db.select().from(users).where(eq(users.id, author.id));
    const approved = await post(admin, '/approve', { id });
    expect(approved.body.d).toMatchObject({ isDraft: false });
    expect((await post(admin, '/approve', { id })).body.m).toBe('小册已上架');
    const [after] = await database.db.select().from(users).where(eq(users.id, author.id));
    expect(after.wroteBookCount).toBe(before.wroteBookCount + 1);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((a) => [a.action, a.actorId])).toEqual([['booklet_approve', admin.id]]);

    // Readers now see it with its published sections only.
    const seen = await get<Booklet>(reader, `/get?id=${id}`);
    expect(seen.body.d.sections.map((s) => s.title)).toEqual(['一']);
    expect(seen.body.d.canEdit).toBe(false);
    expect((await get(reader, `/getSection?sectionId=${ids[1]}`)).status).toBe(404);
  });
});

describe('booklets: reading', () => {
  it('shows free sections to everyone and paid ones to buyers, the first part to others', async () => {
    const b = await publishedBooklet();
    const free = await get<Reading>(null, `/getSection?sectionId=${b.firstId}`);
    expect(free.status).toBe(200);
    expect(free.body.d).toMatchObject({ locked: false, prev: null, next: expect.objectContaining({ id: b.secondId }) });
    expect(free.body.d.section.contentHtml).toContain('免费的开篇');

    const lockedForVisitor = await get<Reading>(null, `/getSection?sectionId=${b.secondId}`);
    expect(lockedForVisitor.body.d.locked).toBe(true);
    expect(lockedForVisitor.body.d.section.content).toBeNull();
    expect(lockedForVisitor.body.d.section.contentHtml).toContain('第1段');
    expect(lockedForVisitor.body.d.section.contentHtml).not.toContain('第12段');
    expect((await get<Reading>(reader, `/getSection?sectionId=${b.secondId}`)).body.d.locked).toBe(true);
    // Its author and admins read everything.
    expect((await get<Reading>(author, `/getSection?sectionId=${b.secondId}`)).body.d.locked).toBe(false);
    expect((await get<Reading>(admin, `/getSection?sectionId=${b.secondId}`)).body.d.locked).toBe(false);

    // A purchase (pay's row) opens it.
    await database.db
      .insert(bookletPurchases)
      .values({ id: newId(), bookletId: b.id, userId: buyer.id, pricePaid: 2990 });
    const bought = await get<Reading>(buyer, `/getSection?sectionId=${b.secondId}`);
    expect(bought.body.d.locked).toBe(false);
    expect(bought.body.d.section.contentHtml).toContain('第12段');
    expect(bought.body.d.booklet.bought).toBe(true);
    expect(bought.body.d.prev?.id).toBe(b.firstId);

    expect((await get(null, `/getSection?sectionId=${newId()}`)).status).toBe(404);
    expect((await get(null, '/getSection?sectionId=nope')).status).toBe(400);
    const list = await get<{ sections: Array<{ id: string; isFree: boolean }> }>(null, `/getListSection?id=${b.id}`);
    expect(list.body.d.sections.map((s) => [s.id, s.isFree])).toEqual([
      [b.firstId, true],
      [b.secondId, false],
    ]);
    expect((await get(null, `/getListSection?id=${newId()}`)).status).toBe(404);
  });

  it("gathers the newest comments on its sections as the booklet page's reviews", async () => {
    const b = await publishedBooklet();
    const comment = await requestJson<{ commentId: string }>(
      app,
      '/api/comment/comment',
      as(buyer, { method: 'POST', json: { content: '讲得很清楚', targetId: b.firstId, targetType: 'section' } }),
    );
    expect(comment.status).toBe(200);
    const booklet = await getBooklet({ db: database.db, viewer: null }, b.id);
    const reviews = await listBookletReviews({ db: database.db, viewer: null }, { booklet });
    expect(reviews).toEqual([
      expect.objectContaining({
        content: '讲得很清楚',
        user: expect.objectContaining({ id: buyer.id }),
        section: { id: b.firstId, title: '开篇' },
      }),
    ]);
  });

  it('keeps a free booklet open to everyone', async () => {
    const b = await publishedBooklet(0);
    expect((await get<Reading>(null, `/getSection?sectionId=${b.secondId}`)).body.d.locked).toBe(false);
  });

  it('lists by last time with a keyset pointer, by category, and the hot list with top first', async () => {
    const category = 'ios';
    const made = [await publishedBooklet(100, category), await publishedBooklet(200, category)];
    const seen: string[] = [];
    let pointer: string | null = null;
    for (let n = 0; n < 20; n++) {
      const query: string = `/getListByLastTime?category=${category}&limit=1${pointer ? `&before=${encodeURIComponent(pointer)}` : ''}`;
      const page = await get<{
        list: Array<{ id: string; category: string; isDraft: boolean }>;
        pointer: string | null;
      }>(null, query);
      expect(page.body.d.list.every((b) => b.category === category && !b.isDraft)).toBe(true);
      seen.push(...page.body.d.list.map((b) => b.id));
      pointer = page.body.d.pointer;
      if (!pointer) break;
    }
    expect(seen).toEqual([made[1].id, made[0].id]);
    expect((await get(null, '/getListByLastTime?category=nope')).body.m).toBe('请选择小册分类');
    expect((await get(null, '/getListByLastTime?before=garbage')).status).toBe(400);

    expect((await post(plain, '/isTop', { id: made[0].id, isTop: true })).status).toBe(403);
    expect((await post(admin, '/isTop', { id: made[0].id, isTop: true })).body.d).toEqual({
      id: made[0].id,
      isTop: true,
    });
    expect((await post(admin, '/isHot', { id: made[1].id, isHot: true })).body.d).toEqual({
      id: made[1].id,
      isHot: true,
    });
    expect((await post(admin, '/isHot', { id: newId(), isHot: true })).status).toBe(404);
    const flagged = await database.db.select().from(auditLog).where(eq(auditLog.targetId, made[0].id));
    expect(flagged.map((a) => a.action)).toContain('booklet_top');
    const hot = await get<{ list: Array<{ id: string; isTop: boolean }> }>(null, `/getHot?category=${category}`);
    expect(hot.body.d.list.map((b) => b.id)).toEqual([made[0].id, made[1].id]);
  });

  it('lets admins mark sections free and list every booklet by draft state and author', async () => {
    const b = await publishedBooklet();
    expect((await post(plain, '/isFreeSection', { sectionId: b.secondId, isFree: true })).status).toBe(403);
    expect((await post(admin, '/isFreeSection', { sectionId: b.secondId, isFree: true })).status).toBe(200);
    expect((await get<Reading>(null, `/getSection?sectionId=${b.secondId}`)).body.d.locked).toBe(false);
    expect((await post(admin, '/isFreeSection', { sectionId: newId(), isFree: true })).status).toBe(404);

    expect((await get(plain, '/getList')).status).toBe(403);
    expect((await get(null, '/getList')).status).toBe(401);
    const drafts = await get<{ list: Array<{ isDraft: boolean; user: { id: string } }> }>(
      admin,
      `/getList?isDraft=true&uid=${author.id}`,
    );
    expect(drafts.body.d.list.length).toBeGreaterThan(0);
    expect(drafts.body.d.list.every((x) => x.isDraft && x.user.id === author.id)).toBe(true);
    const live = await get<{ list: Array<{ isDraft: boolean }> }>(admin, '/getList?isDraft=0');
    expect(live.body.d.list.every((x) => !x.isDraft)).toBe(true);
  });

  it('lists what a person bought with where they left off, and counts views once a day', async () => {
    const b = await publishedBooklet();
    const person = await createUser(database.db);
    cookies[person.id] = await signIn(app, person);
    await database.db
      .insert(bookletPurchases)
      .values({ id: newId(), bookletId: b.id, userId: person.id, pricePaid: 1 });
    expect((await get(null, '/userBuyList')).status).toBe(401);
    expect((await get<{ ids: string[] }>(person, '/userBuyList')).body.d.ids).toEqual([b.id]);

    // A section view counts once per visitor per day and becomes the reader's place.
    const view = await get<{ counted: boolean; viewCount: number }>(
      person,
      `/viewCountContent?sectionId=${b.secondId}`,
    );
    expect(view.body.d).toEqual({ counted: true, viewCount: 1 });
    expect((await get(person, `/viewCountContent?sectionId=${b.secondId}`)).body.d).toEqual({
      counted: false,
      viewCount: 1,
    });
    const bought = await get<{ list: Array<{ id: string; progress: { sectionId: string } | null }> }>(
      person,
      '/getListBuy',
    );
    expect(bought.body.d.list).toEqual([
      expect.objectContaining({ id: b.id, progress: expect.objectContaining({ sectionId: b.secondId }) }),
    ]);
    expect((await get<Booklet>(person, `/get?id=${b.id}`)).body.d.progress?.sectionId).toBe(b.secondId);
    expect((await get(null, '/getListBuy')).status).toBe(401);

    // A locked section's view counts but is no one's place.
    await get(reader, `/viewCountContent?sectionId=${b.secondId}`);
    const places = await database.db
      .select()
      .from(bookletProgress)
      .where(and(eq(bookletProgress.userId, reader.id), eq(bookletProgress.bookletId, b.id)));
    expect(places).toEqual([]);
    const [section] = await database.db.select().from(bookletSections).where(eq(bookletSections.id, b.secondId));
    expect(section.viewCount).toBe(2);

    const detail = await get<{ counted: boolean; viewCount: number }>(null, `/viewCountDetail?id=${b.id}`);
    expect(detail.body.d).toEqual({ counted: true, viewCount: 1 });
    expect((await get(null, `/viewCountDetail?id=${newId()}`)).status).toBe(404);
    // A GET write made by an image (not a script) is refused.
    const image = { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' };
    expect((await requestJson(app, `/api/xiaoce/viewCountDetail?id=${b.id}`, { headers: image })).status).toBe(403);
  });

  it('shows a locked section as whole first paragraphs, closing a cut code fence', () => {
    const source = ['开头一段。'.repeat(10), '```ts\nconst a = 1;\n\nconst b = 2;', 'x'.repeat(2000), '```'].join(
      '\n\n',
    );
    const preview = previewSource(source);
    expect(preview.startsWith('开头一段。')).toBe(true);
    expect(preview).not.toContain('x'.repeat(100));
    expect((preview.match(/^```/gm) ?? []).length % 2).toBe(0);
  });
});
