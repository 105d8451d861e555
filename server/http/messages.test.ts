import { describe, expect, it } from 'vitest';
import { TRANSPORT_MESSAGES } from '@core/messages.ts';
import type { Database } from '@db/client.ts';
import { createUser } from '../../tests/factories/users.ts';
import { type TestApp, TEST_ORIGIN, signIn } from '../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../tests/setup/file-app.ts';

/**
 * Every message a person can read from the API is Chinese (but the spec's own 'Unauthorized',
 * 'Forbidden' and 'invalid sort: …'), names the field a schema failure is about, and each
 * transport failure is spelled one way whichever route answers it (issue 12).
 */
let database: Database;
let app: TestApp;
let cookie: string;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  cookie = await signIn(app, await createUser(database.db));
});

const CJK = /[\u4e00-\u9fff]/;

async function messageOf(path: string, init: RequestInit = {}): Promise<{ status: number; m: string }> {
  const response = await app.request(path, init);
  const body = (await response.json()) as { m: string };
  return { status: response.status, m: body.m };
}

const post = (body: string, contentType: string): RequestInit => ({
  method: 'POST',
  headers: { cookie, origin: TEST_ORIGIN, 'content-type': contentType },
  body,
});

describe('schema failures', () => {
  it('say in Chinese what is wrong with which field', async () => {
    const cases: Array<[string, string]> = [
      ['/api/timeline/get_entry_by_rank?limit=500', '参数 limit 不能大于 100'],
      ['/api/timeline/get_entry_by_rank?limit=0', '参数 limit 不能小于 1'],
      ['/api/timeline/get_entry_by_rank?type=essay', '参数 type 只能是 article、post、vote'],
      ['/api/tag/tags/type/hot/page/x/pageSize/10', '参数 page 应为数字'],
      ['/api/timeline/get_entry_by_self', '缺少参数 targetUid'],
      ['/api/timeline/get_entry_by_self?targetUid=abc', '参数 targetUid 格式有误'],
      ['/api/timeline/get_entry_by_ids?entryIds=abc', 'id 格式有误'],
    ];
    for (const [path, message] of cases) {
      expect(await messageOf(path), path).toEqual({ status: 400, m: message });
    }
  });

  it('in a JSON body too, and a schema’s own spec text still wins', async () => {
    const missing = await messageOf('/api/passport/auth/type/email', post('{}', 'application/json'));
    expect(missing.status).toBe(400);
    expect(missing.m).toMatch(CJK);
    expect(missing.m).not.toMatch(/Invalid input|expected/);
  });
});

describe('transport failures', () => {
  it('are spelled one way for each status, whichever route answers', async () => {
    const malformed = [
      await messageOf('/api/passport/auth/type/email', post('{bad', 'application/json')),
      await messageOf('/api/post/entryPublish', post('{bad', 'application/json')),
    ];
    expect(malformed).toEqual([
      { status: 400, m: TRANSPORT_MESSAGES[400] },
      { status: 400, m: TRANSPORT_MESSAGES[400] },
    ]);
    const wrongType = [
      await messageOf('/api/post/entryPublish', post('x', 'text/plain')),
      await messageOf('/api/vote/vote', post('x', 'text/plain')),
    ];
    for (const answer of wrongType) {
      expect(answer.m).toMatch(CJK);
      expect(answer.m).toBe(wrongType[0].m);
    }
    const unknown = [await messageOf('/api/nothing-here'), await messageOf('/api/timeline/no-such-call')];
    expect(unknown).toEqual([
      { status: 404, m: TRANSPORT_MESSAGES[404] },
      { status: 404, m: TRANSPORT_MESSAGES[404] },
    ]);
  });

  it('never show zod’s or Hono’s English', async () => {
    const answers = await Promise.all([
      messageOf('/api/timeline/get_entry_by_rank?limit=abc'),
      messageOf('/api/timeline/get_entry_by_ids'),
      messageOf('/api/vote/get_attender?entryId=x&pageSize=1000'),
      messageOf('/api/post/entryPublish', post('[]', 'application/json')),
    ]);
    for (const answer of answers) {
      expect(answer.m, JSON.stringify(answer)).toMatch(CJK);
      expect(answer.m).not.toMatch(/Invalid|expected|Malformed|Unsupported|Not Found|Too (big|small)/);
    }
  });
});
