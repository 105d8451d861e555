import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures.ts';

test('the extension page offers the new-tab extension packed for this site', async ({ page, baseURL }) => {
  await page.goto('/extension');
  await expect(page).toHaveTitle(/浏览器插件/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('金砂浏览器插件');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '下载插件' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('jinsha-newtab.zip');
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const manifest = JSON.parse(strFromU8(files['manifest.json'] as Uint8Array));
  expect(manifest.host_permissions).toEqual([`${new URL(baseURL ?? '').origin}/*`]);
});
