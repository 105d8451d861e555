import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { auditLog, reports } from '@db/schema/moderation.ts';
import { repoTranslationVotes, repoTranslations, repos } from '@db/schema/repos.ts';
import { createRepo, createRepoTag, createTranslation } from '../../../tests/factories/repos.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { repoDetailSchema, repoPageSchema, translationListSchema } from './repos.schemas.ts';

let database: Database;
let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database, { CAPTCHA_TEST_ANSWERS: '1' });
  [alice, bob, carol, admin] = await Promise.all([
    createUser(database.db),
    createUser(database.db),
    createUser(database.db),
    createUser(database.db, { role: 'admin' }),
  ]);
  for (const u of [alice, bob, carol, admin]) cookies[u.id] = await signIn(app, u);
});
afterAll(() => database?.close());

type Init = Omit<RequestInit, 'body'> & { json?: unknown };

function as(user: TestUser | null, init: Init = {}): Init {
  return { ...init, headers: user ? { cookie: cookies[user.id] } : {} };
}

const get = <T = unknown>(path: string, user: TestUser | null = null) =>
  requestJson<T>(app, `/api/repo${path}`, as(user));
const post = <T = unknown>(path: string, json: unknown, user: TestUser | null) =>
  requestJson<T>(app, `/api/repo${path}`, as(user, { method: 'POST', json }));

async function captcha() {
  const { body } = await requestJson<{ imageToken: string; answer: string }>(app, '/api/captcha/getRandCode');
  return { token: body.d.imageToken, vcode: body.d.answer };
}

const page = (body: unknown) => envelopeOf(repoPageSchema).parse(body).d;
const names = (body: unknown) => page(body).repoList.map((r) => r.name);

describe('GET /get_repo_detail', () => {
  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    expect((await get('/get_repo_detail?repoId=nope')).status).toBe(400);
    expect((await get('/get_repo_detail')).status).toBe(400);
    const missing = await get(`/get_repo_detail?repoId=${newId()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe('开源库不存在');
  });

  it('shows counts, owner, language shares over 0.1 %, the first 5 translators and the README resolved against the repo', async () => {
    const translators = await Promise.all(Array.from({ length: 6 }, () => createUser(database.db)));
    const repo = await createRepo(database.db, {
      ownerUsername: 'vuejs',
      name: 'core',
      starCount: 4321,
      forkCount: 12,
      watchCount: 34,
      licenseName: 'MIT',
      translatorIds: translators.map((t) => t.id),
      readme: [
        '# Vue',
        '',
        '![logo](docs/logo.png) [guide](docs/guide.md) [top](#vue) [abs](https://vuejs.org)',
        '',
        '<img src="/assets/banner.svg"><script>alert(1)</script>',
        '',
        '```ts',
        'const a: number = 1',
        '```',
      ].join('\n'),
      languages: [
        { title: 'TypeScript', lineCount: 9000 },
        { title: 'JavaScript', lineCount: 994 },
        { title: 'HTML', lineCount: 5 },
        { title: 'Shell', lineCount: 1 },
      ],
    });
    await createTranslation(database.db, { repoId: repo.id, field: 'title', content: '渐进式框架', voteCount: 2 });
    const { status, body } = await get(`/get_repo_detail?repoId=${repo.id}`);
    expect(status).toBe(200);
    const d = envelopeOf(repoDetailSchema).parse(body).d;
    expect(d).toMatchObject({
      name: 'core',
      starCount: 4321,
      forkCount: 12,
      watchCount: 34,
      license: { name: 'MIT' },
      user: { username: 'vuejs' },
      translation: { title: '渐进式框架', description: '' },
    });
    // 9000 / 10000 lines = 90.0 %, 994 → 9.9 %, 5 → 0.1 % (shown), 1 → 0.0 % (hidden).
    expect(d.languageList.map((l) => [l.title, l.share])).toEqual([
      ['TypeScript', 90],
      ['JavaScript', 9.9],
      ['HTML', 0.1],
    ]);
    expect(d.languageList[0].color).toBe('#3178c6');
    expect(d.translators.map((u) => u.id)).toEqual(translators.slice(0, 5).map((t) => t.id));
    expect(d.readmeHtml).toContain('src="https://raw.githubusercontent.com/vuejs/core/HEAD/docs/logo.png"');
    expect(d.readmeHtml).toContain(encodeURIComponent('https://github.com/vuejs/core/blob/HEAD/docs/guide.md'));
    expect(d.readmeHtml).toContain('src="https://raw.githubusercontent.com/vuejs/core/HEAD/assets/banner.svg"');
    expect(d.readmeHtml).toContain('href="#vue"');
    expect(d.readmeHtml).not.toContain('<script');
    expect(d.readmeHtml).toContain('class="hljs language-ts"');
  });
});

describe('GET /get_trending', () => {
  it('ranks by stars gained in the period, filters by language, refuses unknown periods and languages', async () => {
    // Stars now (starCount) against the history: a day ago, a week ago, a month ago.
    const fast = await createRepo(database.db, {
      name: 'fast-today',
      language: 'Rust',
      starCount: 1000,
      history: { 1: 900, 7: 880, 30: 870 },
    });
    const steady = await createRepo(database.db, {
      name: 'steady-week',
      language: 'Go',
      starCount: 1000,
      history: { 1: 990, 6: 600, 30: 590 },
    });
    const slow = await createRepo(database.db, {
      name: 'slow-month',
      language: 'Rust',
      starCount: 1000,
      history: { 1: 1000, 7: 1000, 29: 100 },
    });
    const ranked = async (query: string) => {
      const { status, body } = await get<{ repoList: Array<{ id: string; starsGained: Record<string, number> }> }>(
        `/get_trending?${query}`,
      );
      expect(status).toBe(200);
      return body.d.repoList.map((r) => r.id).filter((id) => [fast.id, steady.id, slow.id].includes(id));
    };
    expect(await ranked('since=daily')).toEqual([fast.id, steady.id]);
    expect(await ranked('since=weekly')).toEqual([steady.id, fast.id]);
    expect(await ranked('since=monthly')).toEqual([slow.id, steady.id, fast.id]);
    expect(await ranked('since=monthly&language=rust')).toEqual([slow.id, fast.id]);
    expect(await ranked('since=weekly&language=all')).toEqual([steady.id, fast.id]);
    const daily = await get<{ repoList: Array<{ id: string; starsGained: Record<string, number> }> }>(
      '/get_trending?since=daily',
    );
    expect(daily.body.d.repoList.find((r) => r.id === fast.id)?.starsGained).toEqual({
      daily: 100,
      weekly: 120,
      monthly: 130,
    });
    expect((await get('/get_trending?since=yearly')).status).toBe(400);
    const unknown = await get('/get_trending?since=daily&language=cobol');
    expect(unknown.status).toBe(400);
    expect(unknown.body.m).toBe('不支持的语言: cobol');
  });
});

describe('GET /getTagReposByTimeline and /getTagReposByStars', () => {
  it('pages repos under every tag given, newest or most starred, and refuses bad tags and pages', async () => {
    const frontend = await createRepoTag(database.db, 'Frontend');
    const framework = await createRepoTag(database.db, '框架', frontend.id);
    const css = await createRepoTag(database.db, 'CSS', frontend.id);
    const day = 86_400_000;
    const old = await createRepo(database.db, {
      name: 'old-framework',
      starCount: 900,
      createdAt: new Date(Date.now() - 3 * day),
      tagIds: [frontend.id, framework.id],
    });
    const mid = await createRepo(database.db, {
      name: 'mid-css',
      starCount: 50,
      createdAt: new Date(Date.now() - 2 * day),
      tagIds: [frontend.id, css.id],
    });
    const fresh = await createRepo(database.db, {
      name: 'fresh-framework',
      starCount: 10,
      createdAt: new Date(Date.now() - day),
      tagIds: [frontend.id, framework.id],
    });

    const byTime = await get(`/getTagReposByTimeline?tagIds=${frontend.id}&page=0&pageSize=20&asc=0`);
    expect(byTime.status).toBe(200);
    expect(names(byTime.body)).toEqual([fresh.name, mid.name, old.name]);
    expect(names((await get(`/getTagReposByStars?tagIds=${frontend.id}`)).body)).toEqual([
      old.name,
      mid.name,
      fresh.name,
    ]);
    // Root and sub-tag: only repos carrying both.
    expect(names((await get(`/getTagReposByTimeline?tagIds=${frontend.id}|${framework.id}`)).body)).toEqual([
      fresh.name,
      old.name,
    ]);
    expect(names((await get(`/getTagReposByStars?tagIds=${framework.id}|${frontend.id}&asc=1`)).body)).toEqual([
      fresh.name,
      old.name,
    ]);
    // Pages are zero-based; one more row tells whether there is a next page.
    const first = page((await get(`/getTagReposByTimeline?tagIds=${frontend.id}&page=0&pageSize=2`)).body);
    expect(first.repoList.map((r) => r.name)).toEqual([fresh.name, mid.name]);
    expect(first.hasMore).toBe(true);
    const second = page((await get(`/getTagReposByTimeline?tagIds=${frontend.id}&page=1&pageSize=2`)).body);
    expect(second.repoList.map((r) => r.name)).toEqual([old.name]);
    expect(second.hasMore).toBe(false);
    // Without tags: all repos.
    const all = page((await get('/getTagReposByStars?pageSize=50')).body);
    expect(all.repoList.map((r) => r.name)).toEqual(expect.arrayContaining([old.name, mid.name, fresh.name]));
    const stars = all.repoList.map((r) => r.starCount);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    // An unknown tag is an empty list, not an error.
    expect(names((await get(`/getTagReposByTimeline?tagIds=${newId()}`)).body)).toEqual([]);

    for (const query of ['tagIds=abc', 'page=-1', 'page=101', 'page=x', 'pageSize=0', 'pageSize=51', 'asc=2']) {
      const bad = await get(`/getTagReposByTimeline?${query}`);
      expect(bad.status, query).toBe(400);
    }
  });
});

describe('GET /getCustomRepos', () => {
  it('lists the featured repos, latest pick first, with total and a before pointer; admins feature', async () => {
    const a = await createRepo(database.db, { name: 'pick-a', featuredAt: new Date(Date.now() - 3000) });
    const b = await createRepo(database.db, { name: 'pick-b', featuredAt: new Date(Date.now() - 2000) });
    const c = await createRepo(database.db, { name: 'not-picked' });
    const first = await get<{ total: number; repoList: Array<{ id: string }>; before: string }>(
      '/getCustomRepos?limit=1',
    );
    expect(first.status).toBe(200);
    expect(first.body.d.total).toBe(2);
    expect(first.body.d.repoList.map((r) => r.id)).toEqual([b.id]);
    const second = await get<{ repoList: Array<{ id: string }>; before: string | null }>(
      `/getCustomRepos?limit=1&before=${first.body.d.before}`,
    );
    expect(second.body.d.repoList.map((r) => r.id)).toEqual([a.id]);
    expect((await get('/getCustomRepos?before=garbage')).status).toBe(400);
    expect((await get('/getCustomRepos?limit=0')).status).toBe(400);

    expect((await post('/feature_repo', { repoId: c.id, featured: true }, null)).status).toBe(401);
    expect((await post('/feature_repo', { repoId: c.id, featured: true }, alice)).status).toBe(403);
    expect((await post('/feature_repo', { repoId: newId(), featured: true }, admin)).status).toBe(404);
    expect((await post('/feature_repo', { repoId: c.id, featured: true }, admin)).status).toBe(200);
    const [featured] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, c.id));
    expect(featured).toMatchObject({ action: 'feature_repo', actorId: admin.id, targetType: 'repo' });
    const after = await get<{ total: number; repoList: Array<{ id: string }> }>('/getCustomRepos');
    expect(after.body.d.total).toBe(3);
    expect(after.body.d.repoList[0].id).toBe(c.id);
  });
});

describe('GET /get_repo_tags', () => {
  it('answers the tree: roots with their sub-tags', async () => {
    const root = await createRepoTag(database.db, 'Python');
    const child = await createRepoTag(database.db, '机器学习', root.id);
    const { body } = await get<Array<{ id: string; children: Array<{ id: string }> }>>('/get_repo_tags');
    const found = body.d.find((t) => t.id === root.id);
    expect(found?.children.map((c) => c.id)).toEqual([child.id]);
    expect(body.d.some((t) => t.id === child.id)).toBe(false);
  });
});

describe('translations', () => {
  it('refuses a signed-out translation, a wrong captcha and missing fields', async () => {
    const repo = await createRepo(database.db);
    const body = { repoId: repo.id, title: '标题', description: '描述', ...(await captcha()) };
    const signedOut = await post('/trans_repo', body, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.m).toBe('Unauthorized');
    const wrong = await post('/trans_repo', { ...body, ...(await captcha()), vcode: 'zzzz' }, alice);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ s: 10017, m: '验证码错误' });
    const noTitle = await post('/trans_repo', { ...body, ...(await captcha()), title: '   ' }, alice);
    expect(noTitle.body.m).toBe('请选择或填写标题翻译');
    const noDescription = await post('/trans_repo', { repoId: repo.id, title: 'x', ...(await captcha()) }, alice);
    expect(noDescription.body.m).toBe('请选择或填写描述翻译');
    const tooLong = await post('/trans_repo', { ...body, ...(await captcha()), title: '长'.repeat(61) }, alice);
    expect(tooLong.body.m).toBe('标题翻译不能超过60字');
    const noCode = await post('/trans_repo', { ...body, vcode: '' }, alice);
    expect(noCode.body.m).toBe('请填写图形验证码');
    expect((await post('/trans_repo', { ...body, ...(await captcha()), repoId: 'bad' }, alice)).status).toBe(400);
    expect((await post('/trans_repo', { ...body, ...(await captcha()), repoId: newId() }, alice)).status).toBe(404);
    const rows = await database.db.select().from(repoTranslations).where(eq(repoTranslations.repoId, repo.id));
    expect(rows).toEqual([]);
  });

  it('writes, chooses and votes: one vote per person and field, the most voted is shown', async () => {
    const repo = await createRepo(database.db);
    const other = await createRepo(database.db);
    const existing = await createTranslation(database.db, {
      repoId: repo.id,
      field: 'description',
      content: '已有的描述',
    });
    const foreign = await createTranslation(database.db, { repoId: other.id, field: 'title', content: '别的库' });

    // Alice writes a title and picks the existing description.
    const first = await post<{ titleId: string; translation: { title: string; description: string } }>(
      '/trans_repo',
      { repoId: repo.id, title: '  爱丽丝的   标题 ', descriptionId: existing.id, ...(await captcha()) },
      alice,
    );
    expect(first.status).toBe(200);
    expect(first.body.d.translation).toEqual({ title: '爱丽丝的 标题', description: '已有的描述' });
    const aliceTitle = first.body.d.titleId;

    // Bob writes another title; a tie goes to the earlier one.
    const second = await post<{ titleId: string; translation: { title: string }; translatorIdList: string[] }>(
      '/trans_repo',
      { repoId: repo.id, title: '鲍勃的标题', descriptionId: existing.id, ...(await captcha()) },
      bob,
    );
    expect(second.body.d.translation.title).toBe('爱丽丝的 标题');
    expect(second.body.d.translatorIdList).toEqual([alice.id, bob.id]);
    const bobTitle = second.body.d.titleId;

    // Carol votes for Bob's title: it now has more votes and is shown.
    const voted = await post<{ voteCount: number; translation: { title: string } }>(
      '/vote_translation',
      { translationId: bobTitle },
      carol,
    );
    expect(voted.status).toBe(200);
    expect(voted.body.d.voteCount).toBe(2);
    expect(voted.body.d.translation.title).toBe('鲍勃的标题');
    // The same vote again changes nothing.
    expect(
      (await post<{ voteCount: number }>('/vote_translation', { translationId: bobTitle }, carol)).body.d.voteCount,
    ).toBe(2);
    // Alice moves her vote to Bob's title: hers drops to 0.
    await post('/vote_translation', { translationId: bobTitle }, alice);
    const titles = envelopeOf(translationListSchema).parse(
      (await get(`/get_chtitles?repoId=${repo.id}&limit=10&skip=0`, alice)).body,
    ).d;
    expect(titles.total).toBe(2);
    expect(titles.list.map((t) => [t.id, t.voteCount, t.voted])).toEqual([
      [bobTitle, 3, true],
      [aliceTitle, 0, false],
    ]);
    expect(titles.list[1].user.id).toBe(alice.id);
    // Writing a text that exists counts as choosing it (no duplicate row).
    await post(
      '/trans_repo',
      { repoId: repo.id, title: '鲍勃的标题', descriptionId: existing.id, ...(await captcha()) },
      carol,
    );
    expect((await database.db.select().from(repoTranslations).where(eq(repoTranslations.repoId, repo.id))).length).toBe(
      3,
    );
    // Counts equal the vote rows.
    const votes = await database.db
      .select()
      .from(repoTranslationVotes)
      .where(and(eq(repoTranslationVotes.repoId, repo.id), eq(repoTranslationVotes.field, 'description')));
    expect(votes).toHaveLength(3);
    const descriptions = envelopeOf(translationListSchema).parse(
      (await get(`/get_chdescriptions?repoId=${repo.id}`)).body,
    ).d;
    expect(descriptions.list.map((t) => [t.content, t.voteCount, t.voted])).toEqual([['已有的描述', 3, false]]);

    // A chosen id of another repo or field is refused.
    const cross = await post(
      '/trans_repo',
      { repoId: repo.id, titleId: foreign.id, descriptionId: existing.id, ...(await captcha()) },
      alice,
    );
    expect(cross.status).toBe(400);
    expect(cross.body.m).toBe('翻译不存在');
    const wrongField = await post(
      '/trans_repo',
      { repoId: repo.id, titleId: existing.id, descriptionId: existing.id, ...(await captcha()) },
      alice,
    );
    expect(wrongField.body.m).toBe('翻译不存在');

    const [row] = await database.db.select().from(repos).where(eq(repos.id, repo.id));
    expect(row.translatorIds).toEqual([alice.id, bob.id]);
  });

  it('pages translation lists and refuses bad ids and pages; signed-out votes are Unauthorized', async () => {
    const repo = await createRepo(database.db);
    for (let k = 0; k < 12; k += 1) {
      await createTranslation(database.db, { repoId: repo.id, field: 'title', content: `标题${k}`, voteCount: k });
    }
    const firstPage = envelopeOf(translationListSchema).parse((await get(`/get_chtitles?repoId=${repo.id}`)).body).d;
    expect(firstPage.list).toHaveLength(10);
    expect(firstPage.total).toBe(12);
    expect(firstPage.list[0].content).toBe('标题11');
    const rest = envelopeOf(translationListSchema).parse((await get(`/get_chtitles?repoId=${repo.id}&skip=10`)).body).d;
    expect(rest.list.map((t) => t.content)).toEqual(['标题1', '标题0']);
    expect((await get('/get_chtitles?repoId=x')).status).toBe(400);
    expect((await get(`/get_chtitles?repoId=${newId()}`)).status).toBe(404);
    expect((await get(`/get_chtitles?repoId=${repo.id}&skip=-1`)).status).toBe(400);
    expect((await get(`/get_chdescriptions?repoId=${repo.id}&limit=51`)).status).toBe(400);
    expect((await post('/vote_translation', { translationId: firstPage.list[0].id }, null)).status).toBe(401);
    expect((await post('/vote_translation', { translationId: newId() }, alice)).status).toBe(404);
  });
});

describe('reports', () => {
  it('takes a signed-in report once into the one moderation queue, where an administrator dismisses it', async () => {
    const repo = await createRepo(database.db, { name: 'reported' });
    expect((await post('/report_repo', { repoId: repo.id, reason: 'spam' }, null)).status).toBe(401);
    const bad = await post('/report_repo', { repoId: repo.id, reason: 'boring' }, alice);
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('请选择举报原因');
    const long = await post('/report_repo', { repoId: repo.id, reason: 'spam', detail: 'x'.repeat(501) }, alice);
    expect(long.body.m).toBe('补充说明不能超过500字');
    expect((await post('/report_repo', { repoId: newId(), reason: 'spam' }, alice)).status).toBe(404);
    const ok = await post('/report_repo', { repoId: repo.id, reason: 'spam', detail: ' 刷星 ' }, alice);
    expect(ok.status).toBe(200);
    const again = await post('/report_repo', { repoId: repo.id, reason: 'other' }, alice);
    expect(again.status).toBe(400);
    expect(again.body.m).toBe('你已经举报过了，请等待处理');

    // One queue: the administrators read it in /api/admin/reports with the other targets.
    const queue = await requestJson<{
      list: Array<{ id: string; targetType: string; targetId: string; text: string; reporterId: string }>;
    }>(app, '/api/admin/reports?type=repo', as(admin));
    expect(queue.status).toBe(200);
    const mine = queue.body.d.list.find((r) => r.targetId === repo.id);
    expect(mine).toMatchObject({ targetType: 'repo', text: '刷星', reporterId: alice.id });
    const dismissed = await requestJson(
      app,
      '/api/admin/reports/resolve',
      as(admin, { method: 'POST', json: { reportId: mine?.id, action: 'dismiss' } }),
    );
    expect(dismissed.status).toBe(200);
    // Once handled, the same person may report again.
    expect((await post('/report_repo', { repoId: repo.id, reason: 'other' }, alice)).status).toBe(200);
    const rows = await database.db.select().from(reports).where(eq(reports.targetId, repo.id));
    expect(rows.map((r) => [r.targetType, r.status]).sort()).toEqual([
      ['repo', 'dismissed'],
      ['repo', 'open'],
    ]);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.targetId, repo.id));
    expect(audited.map((a) => [a.action, a.actorId])).toEqual([['dismiss_report', admin.id]]);
  });
});
