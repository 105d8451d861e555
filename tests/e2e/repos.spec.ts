import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, avatarMenuButton, header, loginDialog, submitLogin } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/** The repo area (issue 13): lists, filters, a repo's page, a translation with the captcha, a comment. */

function list(page: Page) {
  return page.getByRole('list', { name: '开源库列表' });
}

test('开源库 from the header: trending periods and languages, a tag and a sub-tag, then a repo with its README and language bar', async ({
  page,
}) => {
  await page.goto('/');
  await header(page).getByRole('link', { name: '开源库' }).click();
  await expect(page).toHaveURL('/repos');
  await expect(page).toHaveTitle(/^开源库 - /);
  await expect(list(page).getByTestId('repo-row').first()).toBeVisible();
  await expect(list(page).getByTestId('stars-gained').first()).toContainText('今日 +');

  // Periods and languages.
  const periods = page.getByRole('navigation', { name: '趋势周期' });
  await periods.getByRole('link', { name: '本周' }).click();
  await expect(page).toHaveURL('/repos?since=weekly');
  await expect(list(page).getByTestId('stars-gained').first()).toContainText('本周 +');
  await page.getByRole('navigation', { name: '语言' }).getByRole('link', { name: 'Python', exact: true }).click();
  await expect(page).toHaveURL('/repos?since=weekly&language=python');
  const pythonRows = list(page).getByTestId('repo-row');
  await expect(pythonRows.first()).toContainText('Python');
  for (const row of await pythonRows.all()) await expect(row).toContainText('Python');
  await periods.getByRole('link', { name: '本月' }).click();
  await expect(page).toHaveURL('/repos?since=monthly&language=python');

  // Newest and most starred.
  await page.getByRole('navigation', { name: '开源库列表' }).getByRole('link', { name: '最多 star' }).click();
  await expect(page).toHaveURL('/repos?tab=stars');
  const stars = await list(page)
    .getByTestId('repo-row')
    .evaluateAll((rows) => rows.length);
  expect(stars).toBeGreaterThan(5);

  // A tag, then a sub-tag: the URL keeps both; an empty filter goes back to /repos.
  const filters = page.getByRole('navigation', { name: '标签筛选' });
  await filters.getByRole('link', { name: 'Frontend' }).click();
  await expect(page).toHaveURL(/\/repos\/filtered\?tagIds=[0-9a-f]{24}$/);
  const frontendCount = await list(page).getByTestId('repo-row').count();
  expect(frontendCount).toBeGreaterThan(1);
  await filters.getByRole('link', { name: '框架' }).click();
  await expect(page).toHaveURL(/\/repos\/filtered\?tagIds=[0-9a-f]{24}(\||%7C)[0-9a-f]{24}$/);
  await expect(filters.getByRole('link', { name: '框架' })).toHaveAttribute('aria-current', 'page');
  const frameworks = await list(page).getByTestId('repo-row').count();
  expect(frameworks).toBeGreaterThan(0);
  expect(frameworks).toBeLessThan(frontendCount);
  await page.goto('/repos/filtered');
  await expect(page).toHaveURL('/repos');

  // Open facebook/react from the most-starred list.
  await page.goto('/repos?tab=stars');
  await list(page).getByRole('link', { name: 'facebook/react' }).click();
  await expect(page).toHaveURL(/\/repo\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'facebook / react' })).toBeVisible();
  const languages = page.getByTestId('language-list');
  await expect(languages).toContainText('JavaScript');
  await expect(languages).toContainText(/\d+\.\d%/);
  const readme = page.getByTestId('readme');
  await expect(readme.getByRole('heading', { name: 'react' })).toBeVisible();
  await expect(readme.locator('pre code.hljs')).toBeVisible();
  await expect(page.getByTestId('translators').getByRole('listitem').first()).toBeVisible();
});

interface RepoBrief {
  id: string;
  name: string;
  user: { username: string };
}

/** A seeded repo whose shown title has no votes yet (the seed leaves every fourth one so). */
async function anUnvotedRepo(page: Page): Promise<RepoBrief> {
  const repos = (await (await page.request.get('/api/repo/getTagReposByStars?pageSize=50')).json()) as {
    d: { repoList: RepoBrief[] };
  };
  for (const repo of repos.d.repoList) {
    const titles = (await (await page.request.get(`/api/repo/get_chtitles?repoId=${repo.id}&limit=1`)).json()) as {
      d: { list: Array<{ voteCount: number }> };
    };
    if ((titles.d.list[0]?.voteCount ?? 0) === 0) return repo;
  }
  throw new Error('no repo without title votes in the seed');
}

test('a visitor is asked to log in to translate; a signed-in person writes a title with the captcha, sees it shown and counted, and comments', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allowFailedLoad('/api/repo/trans_repo', 400);
  const repo = await anUnvotedRepo(page);
  const fullName = `${repo.user.username}/${repo.name}`;
  await page.goto('/repos?tab=stars');
  await list(page).getByRole('link', { name: fullName, exact: true }).click();
  await expect(page).toHaveURL(`/repo/${repo.id}`);
  await page.getByRole('link', { name: '参与翻译' }).first().click();
  await expect(page).toHaveURL(`/repo/${repo.id}/edit`);
  await page.getByRole('button', { name: '登录后提交' }).click();
  await expect(loginDialog(page)).toBeVisible();
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(avatarMenuButton(page)).toBeVisible();

  const titles = page.getByTestId('title-translations');
  const title = `社区新译名 ${Date.now() % 100000}`;
  await titles.getByRole('radio', { name: '写一个新的标题翻译' }).check();
  await titles.getByRole('textbox', { name: '写一个新的标题翻译' }).fill(title);

  // A wrong captcha is refused with the spec's words, and a fresh image comes.
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await page.getByLabel('图形验证码').fill('zzzz');
  const fresh = page.waitForResponse((r) => r.url().includes('/api/captcha/getRandCode'));
  await page.getByRole('button', { name: '提交翻译' }).click();
  await expect(page.getByText('验证码错误')).toBeVisible();
  const captcha = (await (await fresh).json()) as { d: { answer: string } };
  await page.getByLabel('图形验证码').fill(captcha.d.answer);
  await page.getByRole('button', { name: '提交翻译' }).click();
  await expect(page).toHaveURL(`/repo/${repo.id}`);
  await expect(page.getByText('翻译已提交，感谢你的贡献')).toBeVisible();
  // Shown (it has the only vote) and its writer is among the translators.
  await expect(page.getByTestId('repo-title-translation')).toHaveText(title);
  await expect(page.getByTestId('translators')).toContainText(DEMO_ACCOUNT.username);

  // Counted: one vote, the writer's, on the edit page.
  await page.getByRole('link', { name: '参与翻译' }).first().click();
  const row = page.getByTestId('title-translations').getByRole('listitem').filter({ hasText: title });
  await expect(row.getByTestId('vote-count')).toHaveText('1');
  await expect(row.getByRole('button', { name: /^投票给/ })).toHaveAttribute('aria-pressed', 'true');

  // Comment on the repo.
  await page.goto(`/repo/${repo.id}`);
  const comments = page.getByRole('region', { name: '评论' });
  const text = `这个库的中文文档很有帮助 ${Date.now() % 100000}`;
  await comments.getByRole('textbox').first().fill(text);
  await comments.getByRole('button', { name: '发表评论' }).click();
  await expect(comments.getByRole('list', { name: '评论列表' })).toContainText(text);
  await page.reload();
  await expect(page.getByRole('region', { name: '评论' }).getByRole('list', { name: '评论列表' })).toContainText(text);
});

test('a report lands in the administrators’ one queue (the old /admin/repo-reports leads there), where it is dismissed', async ({
  page,
}) => {
  const repo = await anUnvotedRepo(page);
  await page.goto(`/repo/${repo.id}`);
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(avatarMenuButton(page)).toBeVisible();
  await page.getByRole('button', { name: '举报', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '举报开源库' });
  await dialog.getByRole('radio', { name: '垃圾广告' }).check();
  const note = `刷星 ${Date.now() % 100000}`;
  await dialog.getByRole('textbox').fill(note);
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(page.getByText('举报成功，我们会尽快处理')).toBeVisible();

  // The administrator reads it in the console.
  await page.context().clearCookies();
  await page.goto('/');
  await submitLogin(page, 'admin@jinsha.dev', 'jinsha-admin');
  await expect(avatarMenuButton(page)).toBeVisible();
  await page.goto('/admin/repo-reports');
  await expect(page).toHaveURL(/\/admin\/reports\?type=repo$/);
  const item = page.locator('tr[data-report-id]').filter({ hasText: note });
  await expect(item).toContainText(`${repo.user.username}/${repo.name}`);
  await expect(item).toContainText('垃圾广告');
  await expect(async () => {
    await item.getByRole('button', { name: '驳回' }).click();
    await expect(item).toHaveCount(0, { timeout: 1000 });
  }).toPass();
});
