import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './support/auth.ts';
import { clickUntilVisible, expect, test } from './support/fixtures.ts';

/**
 * Issue 16, the reporting side: 举报 on pins, comments and profiles into the one queue, each
 * resolved by the administrator and told to the reader; a hidden comment out of others' sight and
 * marked for its author; a suspended person reads but cannot write, and is told why.
 */
const ADMIN = { email: 'admin@jinsha.dev', password: 'jinsha-admin' } as const;
const PASSWORD = 'secret-123';

type Envelope<T> = { s: number; m: string; d: T };

async function api<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](path, data === undefined ? {} : { data });
  const body = (await response.json()) as Envelope<T>;
  expect(response.status(), `${method} ${path}: ${body.m}`).toBe(200);
  return body.d;
}

async function signInApi(request: APIRequestContext, account: { email: string; password: string }) {
  await api(request, 'post', '/api/passport/auth/type/email', account);
}

/** A new person, signed in on `request` (the page's own request shares its cookies). */
async function newPerson(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.com`;
  const state = await api<{ userId: string }>(request, 'post', '/api/user/v1/createUser', {
    email,
    username,
    password: PASSWORD,
  });
  return { id: state.userId, username, email, password: PASSWORD };
}

/** Opens the 举报 dialog from `button` (clicking until the page has hydrated) and files a report. */
async function fileReport(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  title: string,
  reason: string,
  text: string,
) {
  const dialog = page.getByRole('dialog', { name: title });
  await clickUntilVisible(button, dialog);
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name: '提交举报' }).click();
  return dialog;
}

async function resolveIn(page: Page, type: string, text: string, action: string, note?: string) {
  await page.goto(`/admin/reports?type=${type}`);
  const item = page.locator('tr[data-report-id]').filter({ hasText: text });
  await expect(item).toHaveCount(1);
  if (note) await item.getByLabel('处理说明').fill(note);
  await expect(async () => {
    await item.getByRole('button', { name: action, exact: true }).click();
    await expect(item).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

test('a reader reports a pin, a comment and a profile; the administrator resolves each; the reader is told', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  // The demo account writes a pin and a comment on it (its own API calls, on a separate context).
  await signInApi(request, DEMO_ACCOUNT);
  const pin = await api<{ id: string; user: { id: string } }>(request, 'post', '/api/pin/publish', {
    content: `一条会被举报的沸点 ${tag}`,
  });
  const commentText = `一条会被隐藏的评论 ${tag}`;
  await api(request, 'post', '/api/comment/comment', { targetType: 'pin', targetId: pin.id, content: commentText });
  const demoId = pin.user.id;

  const reader = await newPerson(page.request, 'reader');
  await page.goto(`/pin/${pin.id}`);
  // The pin.
  let dialog = await fileReport(page, page.getByRole('button', { name: '举报沸点' }), '举报沸点', '垃圾广告', '广告');
  await expect(page.getByRole('status').filter({ hasText: '举报成功，我们会尽快处理' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The comment, then the same comment again: refused in words.
  const comment = page.locator('[data-comment-id]').filter({ hasText: commentText });
  const commentReport = comment.getByRole('button', { name: '举报', exact: true });
  dialog = await fileReport(page, commentReport, '举报评论', '辱骂攻击', `评论 ${tag}`);
  await expect(page.getByRole('status').filter({ hasText: '举报成功' }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  consoleErrors.allowFailedLoad('/api/moderation/report', 400);
  dialog = await fileReport(page, commentReport, '举报评论', '其他', '再一次');
  await expect(page.getByRole('alert').filter({ hasText: '你已经举报过了，请等待处理' })).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  // The profile.
  await page.goto(`/user/${demoId}`);
  await fileReport(
    page,
    page.getByRole('region', { name: '个人信息' }).getByRole('button', { name: '举报' }),
    '举报用户',
    '其他',
    `资料 ${tag}`,
  );
  await expect(page.getByRole('status').filter({ hasText: '举报成功' })).toHaveCount(1);

  // The administrator: one queue, filtered by type; hide the comment, dismiss the pin, handle the profile.
  await page.context().clearCookies();
  await signInApi(page.request, ADMIN);
  await resolveIn(page, 'comment', `评论 ${tag}`, '隐藏', '人身攻击');
  await resolveIn(page, 'pin', '广告', '驳回');
  await resolveIn(page, 'user', `资料 ${tag}`, '已处理');

  // The reader reads each outcome in the system notifications, and no longer sees the comment.
  await page.context().clearCookies();
  await signInApi(page.request, reader);
  await page.goto('/notification/system');
  const main = page.getByRole('main');
  await expect(main).toContainText(`你举报的评论「${commentText}」已被隐藏`);
  await expect(main).toContainText(`你举报的沸点「一条会被举报的沸点 ${tag}」经核实未发现违反社区规范的内容`);
  await expect(main).toContainText(`你举报的用户「${DEMO_ACCOUNT.username}」已处理`);
  await page.goto(`/pin/${pin.id}`);
  await expect(page.getByText('此评论已被隐藏').first()).toBeVisible();
  await expect(page.getByText(commentText)).toHaveCount(0);

  // Its author reads it marked, with the reason.
  await page.context().clearCookies();
  await signInApi(page.request, DEMO_ACCOUNT);
  await page.goto(`/pin/${pin.id}`);
  const own = page.locator('[data-comment-id]').filter({ hasText: commentText });
  await expect(own.getByRole('status', { name: '内容已隐藏' })).toContainText('原因：人身攻击');
  await expect(own.getByRole('button', { name: '举报', exact: true })).toHaveCount(0);
});

test('a suspended person reads but cannot comment, post a pin or publish an article, and sees why', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const person = await newPerson(page.request, 'held');
  // Before the suspension: a draft ready to publish.
  const draft = await api<{ id: string }>(page.request, 'post', '/api/draft/create', {
    title: `暂停期间的文章 ${person.username}`,
    content: '正文写好了，等着发布。',
  });
  const reason = `多次发布广告 ${person.username}`;
  const until = new Date(Date.now() + 7 * 86_400_000);
  await signInApi(request, ADMIN);
  await api(request, 'post', '/api/admin/suspend', { userId: person.id, until: until.toISOString(), reason });
  const day = new Date(until.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const why = `你的账号已被暂停使用至 ${day}，原因：${reason}`;

  // Reading works: an article and the pins.
  const feed = await api<{ entrylist: Array<{ id: string; title: string }> }>(
    page.request,
    'get',
    '/api/timeline/get_entry_by_timeline?limit=5',
  );
  const entry = feed.entrylist[0];
  await page.goto(`/entry/${entry.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title);

  // A comment: refused with the date and the reason.
  consoleErrors.allowFailedLoad('/api/comment/comment', 403);
  const comments = page.getByRole('region', { name: '评论' });
  await comments.getByRole('textbox').first().fill('暂停期间的评论');
  await expect(async () => {
    await comments.getByRole('button', { name: '发表评论' }).click();
    await expect(page.getByRole('alert').filter({ hasText: why })).toBeVisible({ timeout: 1000 });
  }).toPass();

  // A pin.
  consoleErrors.allowFailedLoad('/api/pin/publish', 403);
  await page.goto('/pins');
  const composer = page.getByRole('form', { name: '发沸点' });
  await composer.getByLabel('沸点内容').fill('暂停期间的沸点');
  await composer.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('alert').filter({ hasText: why })).toBeVisible();

  // The article.
  // Publishing saves the draft first: that save is what is refused.
  consoleErrors.allowFailedLoad('/api/draft/update', 403);
  consoleErrors.allowFailedLoad('/api/draft/publish', 403);
  await page.goto(`/editor/drafts/${draft.id}`);
  await page.getByRole('button', { name: '发布', exact: true }).click();
  const publish = page.getByRole('dialog', { name: '发布文章' });
  await publish.getByRole('radio', { name: '前端' }).dispatchEvent('click');
  const suggestions = publish.getByRole('list', { name: '标签建议' });
  await suggestions.getByRole('button').first().click();
  await publish.getByRole('button', { name: '确定并发布' }).click();
  await expect(page.getByRole('alert').filter({ hasText: why })).toBeVisible();
  await expect(page).toHaveURL(`/editor/drafts/${draft.id}`);
});
