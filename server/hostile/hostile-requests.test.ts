import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { ensureCategories } from '../../tests/factories/categories.ts';
import { createEntry } from '../../tests/factories/entries.ts';
import { createTag } from '../../tests/factories/tags.ts';
import { createUser, type TestUser } from '../../tests/factories/users.ts';
import { BROWSER_REQUESTS } from '../../tests/setup/browser-requests.ts';
import {
  apiOperations,
  byService,
  contractOperations,
  isWrite,
  type Operation,
  operationUrl,
  ssrfTargets,
} from '../../tests/setup/hostile-inputs.ts';
import { type TestApp, TEST_ORIGIN, requestJson, signIn } from '../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../tests/setup/file-app.ts';
import { BODY_MAX_BYTES } from '../http/limits.ts';
import { CROSS_SITE_MESSAGE } from '../http/security.ts';
import { LINK_PREVIEW_MESSAGES } from '../modules/link-preview/link-preview.fetch.ts';

/**
 * The hostile-input suite, part 1: forged cross-site requests against every write the OpenAPI
 * document lists, other people's ids, malformed ids, queries and bodies against every operation,
 * oversized bodies, and the share form's page reader aimed at internal addresses.
 */

let database: Database;
let app: TestApp;
let operations: Operation[];
let me: TestUser;
let cookie: string;
let categories: Awaited<ReturnType<typeof ensureCategories>>;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  categories = await ensureCategories(database.db);
  me = await createUser(database.db);
  cookie = await signIn(app, me);
  operations = await apiOperations(app);
});

async function send(operation: Operation, url: string, headers: Record<string, string>, body?: BodyInit) {
  const response = await app.request(url, { method: operation.method.toUpperCase(), headers, body });
  const text = await response.text();
  let envelope: { s?: unknown; m?: unknown } | null = null;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = null;
  }
  return { status: response.status, envelope, text };
}

describe('forged cross-site requests against every write', () => {
  it('the document lists the writes this suite attacks', () => {
    const writes = operations.filter(isWrite);
    expect(writes.length).toBeGreaterThan(60);
    // The per-service tests below read the same document, built from the contracts.
    expect(contractOperations()).toEqual(operations);
    expect(writes.filter((op) => op.method === 'get').map((op) => op.template)).toContain('/post/entryDel');
  });

  it('every write answers 403 to a cross-site request, a foreign Origin and a cross-site navigation', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter(isWrite)) {
      const url = operationUrl(operation);
      const attempts: Array<Record<string, string>> = [
        { ...BROWSER_REQUESTS.crossSite, origin: 'https://evil.example' },
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site', origin: 'https://www.evil.example' },
      ];
      if (operation.method === 'get') {
        attempts.push({ ...BROWSER_REQUESTS.crossSiteNavigation }, { ...BROWSER_REQUESTS.ownPageImage });
      }
      for (const headers of attempts) {
        const withBody: Record<string, string> = operation.bodyType ? { 'content-type': operation.bodyType } : {};
        const body = operation.bodyType === 'application/json' ? '{}' : undefined;
        const result = await send(operation, url, { ...headers, ...withBody, cookie }, body);
        if (result.status !== 403 || result.envelope?.m !== CROSS_SITE_MESSAGE) {
          failures.push(`${operation.method.toUpperCase()} ${url} ${JSON.stringify(headers)} → ${result.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('malformed input never answers 500', () => {
  const BAD_IDS = [
    '..%2F..%2Fetc%2Fpasswd',
    'x'.repeat(300),
    "' OR 1=1 --",
    '-1',
    '1e309',
    '%E0%A4%A',
    '0123456789abcdef0123456G',
    '{}',
    '\u202e',
  ];
  const BAD_JSON_BODIES = [
    '{',
    'null',
    '[]',
    '"text"',
    '12',
    '{"entryId":{"$ne":1},"content":["x"],"title":{"toString":1},"tags":[[[]]]}',
    `{"content":"${'\\ud800'.repeat(10)}","title":"\\udfff","entryId":"${'0'.repeat(24)}"}`,
    `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { role: 'admin' } } }),
    JSON.stringify({ content: 'x'.repeat(200_000), title: '题'.repeat(5000), pointer: 'A'.repeat(5000) }),
  ];
  const BAD_QUERY =
    '?pointer=%ZZ&before=!!!&cursor=eyJ4Ijox&limit=-1&page=99999999999999999999&pageSize=1e9&entryId=../x&idList=' +
    `${'x|'.repeat(500)}&type=<script>&sort=;drop&uid=${'f'.repeat(24)}&token=x`;

  function allowed(status: number) {
    return [200, 400, 401, 403, 404, 410, 413, 415, 429].includes(status);
  }

  // One test per service, so each stays short and a failure names its service.
  for (const [service, serviceOperations] of byService(contractOperations())) {
    it(`bad path ids, query strings and bodies against every ${service} operation, signed in and not`, async () => {
      const failures: string[] = [];
      const check = async (operation: Operation, url: string, headers: Record<string, string>, body?: string) => {
        const result = await send(operation, url, headers, body);
        // The OAuth calls answer with redirects by design (to the provider, or back with an error).
        if (result.status === 302 && operation.template.startsWith('/oauth/')) return;
        if (!allowed(result.status) || (result.status !== 200 && typeof result.envelope?.m !== 'string')) {
          failures.push(
            `${operation.method.toUpperCase()} ${url.slice(0, 120)} ${body?.slice(0, 40) ?? ''} → ${result.status} ${result.text.slice(0, 120)}`,
          );
        }
      };
      for (const operation of serviceOperations) {
        // The page reader fetches the open web; it is attacked on its own below.
        if (operation.template === '/post/page/info') continue;
        const ownHeaders = { ...BROWSER_REQUESTS.ownScript, origin: TEST_ORIGIN, cookie };
        if (operation.template.includes('{')) {
          for (const id of BAD_IDS)
            await check(
              operation,
              operationUrl(operation, () => id),
              ownHeaders,
            );
        }
        await check(operation, `${operationUrl(operation)}${BAD_QUERY}`, ownHeaders);
        await check(operation, `${operationUrl(operation)}${BAD_QUERY}`, { ...BROWSER_REQUESTS.ownScript });
        if (operation.bodyType === 'application/json') {
          for (const body of BAD_JSON_BODIES) {
            await check(
              operation,
              operationUrl(operation),
              { ...ownHeaders, 'content-type': 'application/json' },
              body,
            );
          }
          // A body sent with the wrong type.
          await check(operation, operationUrl(operation), { ...ownHeaders, 'content-type': 'text/plain' }, '{}');
        } else if (operation.bodyType) {
          await check(
            operation,
            operationUrl(operation),
            { ...ownHeaders, 'content-type': operation.bodyType },
            '%%%&&&=',
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('a body over the limit answers 413 on every operation that takes one', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(BODY_MAX_BYTES) });
    const failures: string[] = [];
    for (const operation of operations.filter((op) => op.bodyType === 'application/json')) {
      const result = await send(
        operation,
        operationUrl(operation),
        { 'content-type': 'application/json', origin: TEST_ORIGIN },
        big,
      );
      if (result.status !== 413) failures.push(`${operation.template} → ${result.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('other people’s things', () => {
  it('writes on someone else’s entry, comment, pin, draft, collection, invitations or follows answer 403 or 404', async () => {
    const other = await createUser(database.db);
    const otherCookie = await signIn(app, other);
    const as = (who: string, method: string, path: string, json?: unknown) =>
      requestJson(app, path, { method, headers: { cookie: who, ...BROWSER_REQUESTS.ownScript }, json });
    const entry = await createEntry(database.db, { userId: other.id });
    const tag = await createTag(database.db);
    const comment = await as(otherCookie, 'POST', '/api/comment/comment', {
      content: '别人的评论',
      targetId: entry.id,
      targetType: 'entry',
    });
    const pin = await as(otherCookie, 'POST', '/api/pin/publish', { content: '别人的沸点' });
    const draft = await as(otherCookie, 'POST', '/api/draft/create', { title: '别人的草稿' });
    const collection = await as(otherCookie, 'POST', '/api/collection/collectionset', { title: '别人的收藏集' });
    const commentId = (comment.body.d as { commentId: string }).commentId;
    const pinId = (pin.body.d as { id: string }).id;
    const draftId = (draft.body.d as { id: string }).id;
    const csId = (collection.body.d as { id: string }).id;

    const attempts: Array<[method: string, path: string, json?: unknown]> = [
      ['GET', `/api/post/entryDel?entryId=${entry.id}`],
      [
        'POST',
        '/api/post/entryUpdate',
        { entryId: entry.id, title: '改', content: '改', category: categories.frontend.id, tags: tag.id },
      ],
      ['DELETE', `/api/comment/comment/${commentId}`],
      ['POST', '/api/pin/delete', { msgId: pinId }],
      ['GET', `/api/draft/get?draftId=${draftId}`],
      ['POST', '/api/draft/update', { draftId, title: '改' }],
      ['POST', '/api/draft/delete', { draftId }],
      ['POST', '/api/draft/publish', { draftId }],
      ['PUT', `/api/collection/collectionset/${csId}`, { title: '改' }],
      ['DELETE', `/api/collection/collectionset/${csId}`],
      ['PUT', '/api/collection/addEntry', { csId, entryId: entry.id }],
      ['GET', `/api/invite/sender/${other.id}/availableCode`],
      ['POST', `/api/invite/sender/${other.id}/postCode`, { receiverName: 'x', receiverEmail: 'x@example.com' }],
      ['POST', '/api/follow/follow', { follower: other.id, followee: me.id }],
      ['POST', '/api/post/recommend', { entryId: entry.id }],
      ['POST', '/api/notification/sendSystemNotification', { content: '通知' }],
      ['POST', '/api/user/v1/forcePasswordReset', { userId: other.id }],
    ];
    const failures: string[] = [];
    for (const [method, path, json] of attempts) {
      const { status } = await as(cookie, method, path, json);
      if (status !== 403 && status !== 404) failures.push(`${method} ${path} → ${status}`);
    }
    expect(failures).toEqual([]);
    // Nothing of theirs changed.
    const still = await as(otherCookie, 'GET', `/api/draft/get?draftId=${draftId}`);
    expect(still.status).toBe(200);
    const entryStill = await requestJson(app, `/api/post/getEntry?entryId=${entry.id}`);
    expect(entryStill.status).toBe(200);
  });
});

describe('the page reader and internal addresses (SSRF)', () => {
  let target: Server;
  let hits = 0;

  beforeAll(async () => {
    target = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<title>internal</title>');
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
  });
  afterAll(() => target?.close());

  it('refuses every internal target in every spelling, and nothing reaches the internal server', async () => {
    const { port } = target.address() as AddressInfo;
    const refusals = new Set<string>([
      LINK_PREVIEW_MESSAGES.blocked,
      LINK_PREVIEW_MESSAGES.scheme,
      LINK_PREVIEW_MESSAGES.invalidUrl,
      LINK_PREVIEW_MESSAGES.unreadable,
      LINK_PREVIEW_MESSAGES.timeout,
    ]);
    const targets = ssrfTargets(port);
    expect(targets.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    await Promise.all(
      targets.map(async (url) => {
        const { status, body } = await requestJson(app, `/api/post/page/info?url=${encodeURIComponent(url)}`, {
          headers: { cookie },
        });
        if (status !== 400 || !refusals.has(body.m)) failures.push(`${url} → ${status} ${body.m}`);
      }),
    );
    expect(failures).toEqual([]);
    expect(hits).toBe(0);
  }, 30_000);
});
