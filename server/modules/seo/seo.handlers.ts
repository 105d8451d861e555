import { TRANSPORT_MESSAGES } from '@core/messages.ts';
import { isValidId } from '@core/ids.ts';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { isAppError } from '../../http/errors.ts';
import { PUBLIC_DOCUMENT_CACHE } from './seo.cache.ts';
import * as seo from './seo.service.ts';

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

/** A public document: the same for everyone, so shared caches may keep it. */
function document(c: Context<AppEnv>, body: string, contentType: string) {
  return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': PUBLIC_DOCUMENT_CACHE });
}

function notFoundText(c: Context<AppEnv>) {
  return c.text(TRANSPORT_MESSAGES[404], 404, { 'Cache-Control': 'no-store' });
}

/** Runs a feed builder; a missing category, tag or user is a plain 404. */
async function feed(c: Context<AppEnv>, build: (ctx: seo.FeedContext) => Promise<string>) {
  const { db, env } = c.get('ctx');
  try {
    return document(c, await build({ db, siteUrl: env.SITE_URL, siteName: env.SITE_NAME }), RSS);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return notFoundText(c);
    throw error;
  }
}

/** /robots.txt, /sitemap.xml with its files, and the RSS feeds of every public list (SPEC: SEO). */
export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.body(seo.robotsTxt(c.get('ctx').env.SITE_URL), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': PUBLIC_DOCUMENT_CACHE,
    }),
  )
  .get('/sitemap.xml', async (c) => {
    const { db, env } = c.get('ctx');
    return document(c, await seo.sitemapIndex({ db }, { siteUrl: env.SITE_URL }), XML);
  })
  .get('/sitemaps/:file{[a-z0-9-]+\\.xml}', async (c) => {
    const { db, env } = c.get('ctx');
    const file = c.req.param('file').replace(/\.xml$/, '');
    if (file === 'pages') return document(c, await seo.sitemapPages({ db }, env.SITE_URL), XML);
    const tags = /^tags-(\d{1,4})$/.exec(file);
    if (tags) return document(c, await seo.sitemapTags({ db }, { siteUrl: env.SITE_URL, page: Number(tags[1]) }), XML);
    const month = /^entries-(\d{4}-\d{2})$/.exec(file);
    const body = month ? await seo.sitemapEntries({ db }, { siteUrl: env.SITE_URL, month: month[1] }) : null;
    return body === null ? notFoundText(c) : document(c, body, XML);
  })
  .get('/feed', (c) => feed(c, (ctx) => seo.homeFeed(ctx, undefined)))
  .get('/feed/zhuanlan', (c) => feed(c, (ctx) => seo.columnFeed(ctx, undefined)))
  .get('/feed/zhuanlan/:category', (c) => feed(c, (ctx) => seo.columnFeed(ctx, c.req.param('category'))))
  .get('/feed/tag/:title', (c) => feed(c, (ctx) => seo.tagFeed(ctx, c.req.param('title').slice(0, 32))))
  .get('/feed/user/:id', (c) => {
    const id = c.req.param('id');
    return isValidId(id) ? feed(c, (ctx) => seo.userFeed(ctx, id)) : notFoundText(c);
  })
  .get('/feed/:category', (c) => feed(c, (ctx) => seo.homeFeed(ctx, c.req.param('category'))));
