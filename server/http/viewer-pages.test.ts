import { Hono } from 'hono';
import pino from 'pino';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { letterAvatar } from '@core/avatar.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { type ChangeBus, changeBus } from '../adapters/changes.ts';
import type { Viewer } from '../modules/auth/auth.policy.ts';
import type { AppEnv, RequestContext } from './context.ts';
import { type ViewerPageHooks, viewerPages } from './viewer-pages.ts';

/**
 * Signed-in feed pages from a template (issue 10, goal 3): a page made once for a stand-in viewer
 * and filled per request must be byte for byte the page rendered for that viewer — names that
 * need escaping in HTML and in the hydration script included — and must never show one viewer's
 * page to another. The renderer here escapes as React (the header, for real) and React Router's
 * hydration script do; the journeys run the real app with VIEWER_PAGES_VERIFY, which compares
 * every templated page with the page rendered as usual.
 */
const page = { rows: ['<li>第一篇</li>', '<li>第二篇</li>'] };
const likedRow = '<li class="liked">第一篇</li>';

/** React Router's escaping of its hydration script (react-router's escapeHtml). */
const escapeScript = (text: string) =>
  text.replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

let renders = 0;
let source: object = page;

function rowsFor(viewer: Viewer): string {
  return (viewer.id === 'liker0000000000000000000' ? [likedRow, page.rows[1]] : page.rows).join('');
}

/** Without a picture, the viewer's letter on their colour: tokens in a template render (as app/root.tsx does). */
function letterSpan(ctx: RequestContext) {
  const viewer = ctx.viewer as Viewer;
  const template = ctx.template;
  const { initial, color } = template
    ? { initial: template.value('initial'), color: template.value('color') }
    : letterAvatar(viewer);
  return createElement('span', { style: { backgroundColor: color }, 'aria-label': viewer.username }, initial);
}

/** A signed-in feed page as the app renders it: header, rows, hydration data. */
function render(request: Request, ctx: RequestContext): Response {
  const viewer = ctx.viewer;
  if (!viewer) return new Response('<p>登录</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
  const unread = viewer.unreadUserNotificationCount + viewer.unreadSystemNotificationCount;
  if (ctx.template) ctx.template.source = source;
  if (new URL(request.url).searchParams.has('personal')) void ctx.suid;
  const rows = ctx.template ? ctx.template.slot('rows') : rowsFor(viewer);
  const h = createElement;
  const header = renderToStaticMarkup(
    h(
      'header',
      null,
      h('a', { href: `/user/${viewer.id}`, title: `${viewer.username}的主页` }, viewer.username),
      viewer.avatarLarge ? h('img', { src: viewer.avatarLarge, alt: viewer.username }) : letterSpan(ctx),
      unread > 0 && h('b', null, unread > 99 ? '99+' : unread),
      viewer.role === 'admin' && h('a', { href: '/admin' }, '管理'),
      viewer.hasMutes && h('i', null, 'leak'),
    ),
  );
  const data = JSON.stringify([
    { viewer: 1 },
    { id: 2, username: 3, avatarLarge: 4 },
    viewer.id,
    viewer.username,
    viewer.avatarLarge,
    ctx.nonce,
  ]);
  const script = `<script nonce="${ctx.nonce}">window.__reactRouterContext.streamController.enqueue(${escapeScript(JSON.stringify(data))});</script>`;
  const html = `<!DOCTYPE html><html><body>${header}<ul>${rows}</ul><script nonce="${ctx.nonce}">boot()</script>${script}</body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function viewer(overrides: Partial<Viewer>): Viewer {
  return {
    id: 'a00000000000000000000000',
    username: '读者',
    role: 'user',
    avatarLarge: '/avatars/a.svg',
    isXiaoceAuthor: false,
    hasWallet: false,
    unreadUserNotificationCount: 0,
    unreadSystemNotificationCount: 0,
    sessionId: 'session',
    clientId: 'client',
    hasMutes: false,
    ...overrides,
  };
}

const hooks: ViewerPageHooks = {
  async plan(ctx, url) {
    if (url.searchParams.has('own')) return null;
    const person = ctx.viewer as Viewer;
    const values = person.avatarLarge ? {} : { ...letterAvatar(person) };
    return { key: url.pathname + url.search, source: page, slots: { rows: rowsFor(person) }, values };
  },
};

let bus: ChangeBus;
const people = new Map<string, Viewer>();

function appWith(options: { verify?: boolean; hooks?: ViewerPageHooks; compressPages?: boolean } = {}) {
  const app = new Hono<AppEnv>();
  const logger = pino({ level: 'silent' });
  app.use(async (c, next) => {
    const nonce = `n${Math.random().toString(36).slice(2)}+/=`;
    const ctx = {
      db: {},
      env: {},
      adapters: {},
      logger,
      requestId: 'r',
      viewer: people.get(c.req.header('x-viewer') ?? '') ?? null,
      nonce,
      dataRequest: c.req.path.endsWith('.data'),
      isBot: false,
      suid: 'visitor',
    } as unknown as RequestContext;
    c.set('ctx', ctx);
    await next();
  });
  const direct = (c: { req: { raw: Request }; get: (key: 'ctx') => RequestContext }) => {
    renders++;
    return render(c.req.raw, c.get('ctx'));
  };
  app.get(
    '*',
    viewerPages({
      hooks: options.hooks ?? hooks,
      render: async (request, ctx) => {
        renders++;
        return render(request, ctx);
      },
      bus,
      graceMs: 0,
      maxBytes: 1_000_000,
      verify: options.verify,
      compressPages: options.compressPages ?? false,
    }),
    direct,
  );
  return app;
}

/** The page as the app renders it for this viewer, with this response's nonce. */
async function expectSameAsDirect(response: Response, person: Viewer, path = '/timeline') {
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const html = (
    encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body
  ).toString();
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
  const ctx = { viewer: person, nonce } as RequestContext;
  const expected = await render(new Request(`http://x${path}`), ctx).text();
  expect(html).toBe(expected);
  return html;
}

beforeEach(async () => {
  bus = changeBus({ db: {}, listen: async () => {} } as unknown as Database);
  await bus.ready();
  bus.configure({ graceMs: 0, entries: 100, maxBytes: 1_000_000 });
  renders = 0;
  source = page;
  people.clear();
});

describe('signed-in pages from a template', () => {
  it('renders once for every viewer of a shape, and fills each viewer’s page exactly', async () => {
    const hostile = viewer({
      id: 'b00000000000000000000000',
      username: `</script><b x="1">'&\u2028😀`,
      avatarLarge: '/u/a"b<c>.png?x=1&y=2',
    });
    const liker = viewer({ id: 'liker0000000000000000000', username: 'Ann & "Bob"' });
    const plain = viewer({});
    for (const person of [hostile, liker, plain]) people.set(person.id, person);
    const app = appWith();
    const htmls: string[] = [];
    for (const person of [hostile, liker, plain, hostile]) {
      const response = await app.request('/timeline', { headers: { 'x-viewer': person.id } });
      expect(response.status).toBe(200);
      htmls.push(await expectSameAsDirect(response, person));
    }
    expect(renders).toBe(1);
    expect(htmls[0]).toContain('&lt;/script&gt;&lt;b x=&quot;1&quot;&gt;&#x27;&amp;');
    expect(htmls[0]).not.toContain('</script><b');
    expect(htmls[1]).toContain(likedRow);
    expect(htmls[2]).not.toContain(likedRow);
    expect(htmls[2]).not.toContain('Ann');
  });

  it('answers gzip put together from the compressed template when the client takes it, brotli or not', async () => {
    const hostile = viewer({ id: 'b00000000000000000000000', username: `</script>'&\u2028😀`.repeat(3000) });
    const liker = viewer({ id: 'liker0000000000000000000', username: '张三' });
    const plain = viewer({});
    for (const person of [hostile, liker, plain]) people.set(person.id, person);
    const app = appWith({ compressPages: true });
    for (const person of [hostile, liker, plain, plain]) {
      const response = await app.request('/timeline', {
        headers: { 'x-viewer': person.id, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(Number(response.headers.get('content-length'))).toBe((await response.clone().arrayBuffer()).byteLength);
      const html = await expectSameAsDirect(response, person);
      expect(html).toContain(person === liker ? likedRow : '<html');
    }
    const brotliOnly = await app.request('/timeline', { headers: { 'x-viewer': hostile.id, 'accept-encoding': 'br' } });
    expect(brotliOnly.headers.get('content-encoding')).toBe('br');
    await expectSameAsDirect(brotliOnly, hostile);
    expect(renders).toBe(1);
  });

  it('fills each viewer’s own letter avatar when they have no picture', async () => {
    const app = appWith({ compressPages: true });
    const seen = new Set<string>();
    for (const [id, username] of [
      ['g00000000000000000000000', '<张'],
      ['h00000000000000000000001', 'Ann'],
      ['i00000000000000000000002', '😀x'],
    ]) {
      const person = viewer({ id, username, avatarLarge: '' });
      people.set(id, person);
      const html = await expectSameAsDirect(
        await app.request('/timeline', { headers: { 'x-viewer': id, 'accept-encoding': 'gzip' } }),
        person,
      );
      const { initial, color } = letterAvatar(person);
      expect(html).toContain(`background-color:${color}`);
      expect(html).toContain(`>${initial === '<' ? '&lt;' : initial}</span>`);
      seen.add(color);
    }
    expect(seen.size).toBeGreaterThan(1); // different people, different colours, one template
    expect(renders).toBe(1);
  });

  it('keeps viewers the header shows differently apart', async () => {
    const reader = viewer({});
    const admin = viewer({ id: 'c00000000000000000000000', role: 'admin' });
    const unread = viewer({ id: 'd00000000000000000000000', unreadSystemNotificationCount: 3 });
    const noAvatar = viewer({ id: 'e00000000000000000000000', avatarLarge: '' });
    const app = appWith();
    for (const person of [reader, admin, unread, noAvatar]) {
      people.set(person.id, person);
      await expectSameAsDirect(await app.request('/timeline', { headers: { 'x-viewer': person.id } }), person);
    }
    expect(renders).toBe(4);
  });

  it('renders as usual what it has no plan for, signed out, and what only one visitor may see', async () => {
    const reader = viewer({});
    people.set(reader.id, reader);
    const app = appWith();
    await app.request('/timeline?own=1', { headers: { 'x-viewer': reader.id } });
    await app.request('/timeline');
    expect(renders).toBe(2);
    // The render read the visitor id: no template kept, the page rendered as usual each time.
    for (let i = 0; i < 2; i++)
      await expectSameAsDirect(
        await app.request('/timeline?personal=1', { headers: { 'x-viewer': reader.id } }),
        reader,
        '/timeline?personal=1',
      );
    expect(renders).toBe(6);
  });

  it('makes a new template after a change, and never fills one made from another feed page', async () => {
    const reader = viewer({});
    people.set(reader.id, reader);
    const app = appWith();
    await app.request('/timeline', { headers: { 'x-viewer': reader.id } });
    bus.apply({ kind: 'content', what: 'entry', userId: 'someone', id: 'x' });
    await app.request('/timeline', { headers: { 'x-viewer': reader.id } });
    expect(renders).toBe(2);
    // The template's render saw another feed page than the request's rows were made from.
    source = {};
    bus.apply({ kind: 'content', what: 'entry', userId: 'someone', id: 'y' });
    const response = await app.request('/timeline', { headers: { 'x-viewer': reader.id } });
    await expectSameAsDirect(response, reader);
    expect(renders).toBe(4); // the template, then the page as usual
  });

  it('reports a page that differs from its template when verifying', async () => {
    // A render that shows something of the viewer the template does not key on (here: mutes).
    const muter = viewer({ hasMutes: true });
    people.set(muter.id, muter);
    const app = appWith({ verify: true });
    const response = await app.request('/timeline', { headers: { 'x-viewer': muter.id } });
    expect(response.headers.get('x-viewer-page')).toBe('differs');
    expect(await response.text()).toContain('<i>leak</i>'); // the viewer still gets their own page
    const fine = viewer({ id: 'f00000000000000000000000' });
    people.set(fine.id, fine);
    const same = await app.request('/timeline', { headers: { 'x-viewer': fine.id } });
    expect(same.headers.get('x-viewer-page')).toBe('same');
  });
});
