import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { ensureCategories } from '../../tests/factories/categories.ts';
import { createEntry } from '../../tests/factories/entries.ts';
import { createTag } from '../../tests/factories/tags.ts';
import { createUser } from '../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../tests/setup/file-app.ts';
import { NUL_CHARACTER_MESSAGE } from './limits.ts';

let database: Database;
let app: TestApp;
let cookie: string;
let entryId: string;
let draftId: string;
let categoryId: string;
let tagId: string;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  const categories = await ensureCategories(database.db);
  categoryId = categories.frontend.id;
  tagId = (await createTag(database.db)).id;
  const user = await createUser(database.db);
  cookie = await signIn(app, user);
  entryId = (await createEntry(database.db)).id;
  const draft = await requestJson<{ id: string }>(app, '/api/draft/create', {
    method: 'POST',
    headers: { cookie },
    json: { title: '草稿' },
  });
  draftId = draft.body.d.id;
});

const NUL = '\u0000';

describe('a NUL character anywhere in a text answers 400, never 500', () => {
  /** Each call with `x` in one of its texts: '' for the control call, NUL for the hostile one. */
  const calls: Array<[name: string, path: (x: string) => string, json?: (x: string) => Record<string, unknown>]> = [
    ['comment', () => '/api/comment/comment', (x) => ({ content: `评论${x}`, targetId: entryId, targetType: 'entry' })],
    ['pin', () => '/api/pin/publish', (x) => ({ content: `沸点${x}` })],
    [
      'entry',
      () => '/api/post/entryPublish',
      (x) => ({ title: `标题${x}`, content: '正文', category: categoryId, tags: tagId, type: 'article' }),
    ],
    ['bio', () => '/api/user/v1/updateUserInfo', (x) => ({ field: 'selfDescription', value: `简介${x}` })],
    ['draft', () => '/api/draft/update', (x) => ({ draftId, content: `正文${x}` })],
    ['collection', () => '/api/collection/collectionset', (x) => ({ title: `收藏集${x}`, description: '' })],
    ['tag search', (x) => `/api/tag/tag/type/hot/search/${encodeURIComponent(`前端${x}`)}/page/0/pageSize/10`],
  ];

  for (const [name, path, json] of calls) {
    it(name, async () => {
      const send = (x: string) =>
        requestJson(app, path(x), { method: json ? 'POST' : 'GET', headers: { cookie }, json: json?.(x) });
      // The same call without the NUL works: the path and the payload are right.
      expect((await send('')).status).toBe(200);
      const { status, body } = await send(NUL);
      expect(status).toBe(400);
      expect(body).toEqual({ s: 0, m: NUL_CHARACTER_MESSAGE, d: null });
    });
  }

  it('also in a query, a form body and a page URL; an escaped backslash before u0000 is just text', async () => {
    expect((await app.request(`/api/timeline/search?query=a%00b`)).status).toBe(400);
    const form = await app.request('/api/pin/publish', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'content=a%00b',
    });
    expect(form.status).toBe(400);
    expect((await app.request('/search?query=%00')).status).toBe(400);
    const text = await requestJson(app, '/api/pin/publish', {
      method: 'POST',
      headers: { cookie },
      json: { content: 'a path C:\\u0000 is not a NUL' },
    });
    expect(text.status).toBe(200);
  });
});
