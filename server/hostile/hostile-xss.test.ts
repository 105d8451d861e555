import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { ensureCategories } from '../../tests/factories/categories.ts';
import { createEntry } from '../../tests/factories/entries.ts';
import { createTag } from '../../tests/factories/tags.ts';
import { createUser } from '../../tests/factories/users.ts';
import { BROWSER_REQUESTS } from '../../tests/setup/browser-requests.ts';
import { XSS_PAYLOADS } from '../../tests/setup/hostile-inputs.ts';
import { type TestApp, requestJson, signIn } from '../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../tests/setup/file-app.ts';

/**
 * The hostile-input suite, part 2: cross-site scripting payloads through every field other people
 * see. Text fields reach pages only through React, which escapes them, so the API must keep them as
 * plain strings (and JSON); the rendered article HTML is the one place HTML is injected, so it must
 * come out of the sanitiser with nothing that runs; link fields take only http(s).
 */

let database: Database;
let app: TestApp;
let cookie: string;
let categoryId: string;
let tagId: string;
let entryId: string;

/** The payloads in groups of twelve, one article test each. */
const PAYLOAD_GROUPS = Array.from({ length: Math.ceil(XSS_PAYLOADS.length / 12) }, (_, i) =>
  XSS_PAYLOADS.slice(i * 12, i * 12 + 12),
);

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  categoryId = (await ensureCategories(database.db)).frontend.id;
  tagId = (await createTag(database.db)).id;
  cookie = await signIn(app, await createUser(database.db));
  entryId = (await createEntry(database.db)).id;
});

function call<T = unknown>(method: string, url: string, json?: unknown) {
  return requestJson<T>(app, url, { method, headers: { cookie, ...BROWSER_REQUESTS.ownScript }, json });
}

const ALLOWED_TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr blockquote pre code span em strong del s sup sub kbd mark ul ol li a img table thead tbody tr th td details summary'.split(
    ' ',
  ),
);

/** Why a piece of stored HTML could run or load something, or null when it cannot. */
function unsafeHtml(html: string): string | null {
  let problem: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (problem) return;
      if (!ALLOWED_TAGS.has(name)) problem = `<${name}>`;
      for (const [key, value] of Object.entries(attributes)) {
        if (/^on/i.test(key) || ['srcdoc', 'formaction', 'background', 'action'].includes(key))
          problem = `${name} ${key}`;
        if (key === 'style' && !/^text-align:(left|right|center);?$/.test(value.replace(/\s/g, ''))) {
          problem = `${name} style=${value}`;
        }
        if (key === 'href' || key === 'src') {
          const ok =
            /^https?:\/\//i.test(value) ||
            /^\/link\?target=https?%3A%2F%2F/i.test(value) ||
            /^\/uploads\/[\w/.-]+$/.test(value) ||
            /^#[\w-]+$/.test(value) ||
            (key === 'href' && /^\/(?!\/)[^\s\\]*$/.test(value) && !value.startsWith('/api/'));
          if (!ok) problem = `${name} ${key}=${value}`;
        }
        if (key === 'id' && !/^heading-\d+$/.test(value)) problem = `${name} id=${value}`;
      }
    },
  });
  parser.write(html);
  parser.end();
  return problem;
}

describe('XSS payloads through every field shown to others', () => {
  // A few payloads per test, so each stays short.
  for (const [group, payloads] of PAYLOAD_GROUPS.entries()) {
    it(`articles (payload group ${group + 1} of ${PAYLOAD_GROUPS.length}): the rendered HTML runs nothing; title and abstract stay plain text`, async () => {
      const failures: string[] = [];
      for (const payload of payloads) {
        const published = await call<{ entryId: string }>('POST', '/api/post/entryPublish', {
          title: payload.slice(0, 120),
          content: `正文\n\n${payload}\n\n${payload}`,
          abstract: payload,
          category: categoryId,
          tags: tagId,
        });
        // Refusing the whole article (an image address that is not allowed) is also safe.
        if (published.status === 400) continue;
        expect(published.status, payload).toBe(200);
        const { body } = await call<{ title: string; contentHtml: string; abstract: string }>(
          'GET',
          `/api/post/getEntry?entryId=${published.body.d.entryId}`,
        );
        const problem = unsafeHtml(body.d.contentHtml);
        if (problem) failures.push(`${payload} → ${problem}`);
        if (body.d.title !== payload.slice(0, 120).trim()) failures.push(`${payload} → title changed`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('the editor preview renders by the same rules', async () => {
    const failures: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const { body } = await call<{ html: string }>('POST', '/api/draft/preview', { content: payload });
      const problem = unsafeHtml(body.d.html);
      if (problem) failures.push(`${payload} → ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('comments keep the payload as plain text in JSON', async () => {
    const failures: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const comment = await call<{ commentId: string }>('POST', '/api/comment/comment', {
        content: payload,
        targetId: entryId,
        targetType: 'entry',
      });
      const stored = await call<{ comments: Array<{ content: string }> }>(
        'GET',
        `/api/comment/comments?idList=${comment.body.d.commentId}`,
      );
      if (stored.body.d.comments[0]?.content !== payload.trim()) failures.push(`comment ${payload}`);
    }
    expect(failures).toEqual([]);
  });

  it('pins keep the payload as plain text in JSON', async () => {
    const failures: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const pin = await call<{ id: string; content: string }>('POST', '/api/pin/publish', { content: payload });
      if (pin.body.d.content !== payload.trim()) failures.push(`pin ${payload}`);
    }
    expect(failures).toEqual([]);
  });

  it('profile fields keep the payload as plain text in JSON', async () => {
    const failures: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      for (const field of ['jobTitle', 'company', 'selfDescription']) {
        const value = payload.slice(0, 50);
        const saved = await call<{ value: string }>('POST', '/api/user/v1/updateUserInfo', { field, value });
        if (saved.status !== 200 || saved.body.d.value !== value) failures.push(`${field} ${payload}`);
      }
    }
    expect(failures).toEqual([]);
    const response = await app.request('/api/user/v1/getUserInfo', { headers: { cookie } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('collections take the payload as a title and description', async () => {
    const failures: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const collection = await call<{ id: string }>('POST', '/api/collection/collectionset', {
        title: payload.slice(0, 40),
        description: payload,
      });
      if (collection.status !== 200) failures.push(`collection ${payload} → ${collection.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('link fields take only http(s) addresses', async () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
    ]) {
      const blog = await call('POST', '/api/user/v1/updateUserInfo', { field: 'blogAddress', value });
      expect(blog.status, value).toBe(400);
      const shared = await call('POST', '/api/post/entryPublish', {
        title: '链接',
        originalUrl: value,
        category: categoryId,
        tags: tagId,
      });
      expect(shared.status, value).toBe(400);
      const cover = await call('POST', '/api/post/entryPublish', {
        title: '封面',
        content: '正文',
        screenshot: value,
        category: categoryId,
        tags: tagId,
      });
      expect(cover.status, value).toBe(400);
    }
  });

  it('pages inject HTML in only four places: rendered markdown, feed rows, pin bodies and the theme script', () => {
    const appDir = fileURLToPath(new URL('../../app', import.meta.url));
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (
          /\.tsx?$/.test(name) &&
          /dangerouslySetInnerHTML|insertAdjacentHTML|\.innerHTML\s*=/.test(readFileSync(file, 'utf8'))
        ) {
          found.push(path.relative(appDir, file));
        }
      }
    };
    walk(appDir);
    // ArticleBody shows what the server's markdown renderer sanitised (articles, previews, booklet
    // sections, READMEs); the feed list shows rows React rendered on the server
    // (feed-rows.server.tsx: renderToStaticMarkup, which escapes every text and attribute), and a
    // pin card its body rendered so (pin-rows.server.tsx); the theme script is our own constant.
    // Anything else showing HTML goes through ArticleBody, with HTML from the renderer.
    expect(found.sort()).toEqual([
      'features/entries/entry-feed.tsx',
      'features/pins/pin-card.tsx',
      'features/shell/theme-script.tsx',
      'ui/article-body.tsx',
    ]);
  });
});
