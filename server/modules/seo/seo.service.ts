import type { Ctx } from '../../http/context.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import type { Db } from '@db/client.ts';
import { Feed } from 'feed';
import type { Viewer } from '../auth/auth.policy.ts';
import { type EntryView, listEntries, listTagEntries, listUserEntries } from '../entries/entries.service.ts';
import { getCategoryIndex, getTagByTitle } from '../tags/tags.service.ts';
import { getUserBrief } from '../users/users.service.ts';
import * as queries from './seo.queries.ts';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Entries in a feed. */
export const FEED_ITEMS = PAGE_SIZE.feed;

export function siteOrigin(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

function entryPath(entry: { id: string; type: string }): string {
  return entry.type === 'post' ? `/post/${entry.id}` : `/entry/${entry.id}`;
}

export function robotsTxt(siteUrl: string): string {
  const origin = siteOrigin(siteUrl);
  return [
    '# Public pages are open to crawlers; signed-in screens, the editor and the API are not content.',
    'User-agent: *',
    'Allow: /',
    ...[
      '/api/',
      '/editor/',
      '/timeline',
      '/getting-started',
      '/new-entry',
      '/edit-entry/',
      '/published',
      '/notification',
      '/user/settings',
      '/user/wallet',
      '/user/invitation',
      '/subscribe/subscribed',
      '/search',
      '/link',
      '/unsubscribe',
      '/invite',
    ].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function urlset(urls: Array<{ loc: string; lastmod?: Date; changefreq?: string }>): string {
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}${u.changefreq ? `<changefreq>${u.changefreq}</changefreq>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * /sitemap.xml: a sitemap index. The fixed pages (home, categories, columns, tag list), the tags
 * in files of 50,000, and the entries in one file per month of creation, from the oldest month
 * to this one, so no file needs an offset into a million rows.
 */
export async function sitemapIndex(
  ctx: Pick<Ctx, 'db'>,
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
): Promise<string> {
  const { db } = ctx;
  const origin = siteOrigin(siteUrl);
  const [oldest, tagCount] = await Promise.all([queries.selectOldestEntryDate(db), queries.countTags(db)]);
  const files = [`${origin}/sitemaps/pages.xml`];
  for (let page = 0; page * SITEMAP_MAX_URLS < tagCount; page++) files.push(`${origin}/sitemaps/tags-${page}.xml`);
  if (oldest) {
    const month = new Date(Date.UTC(oldest.getUTCFullYear(), oldest.getUTCMonth(), 1));
    const months: string[] = [];
    while (month <= now) {
      months.push(monthKey(month));
      month.setUTCMonth(month.getUTCMonth() + 1);
    }
    for (const key of months.reverse()) files.push(`${origin}/sitemaps/entries-${key}.xml`);
  }
  const body = files.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** The fixed public pages: home, explore and columns by category, the tag list. */
export async function sitemapPages(ctx: Pick<Ctx, 'db'>, siteUrl: string): Promise<string> {
  const { db } = ctx;
  const origin = siteOrigin(siteUrl);
  const { list } = await getCategoryIndex({ db });
  const paths = [
    '/',
    '/explore',
    ...list.map((c) => `/explore/${c.name}`),
    '/zhuanlan',
    ...list.map((c) => `/zhuanlan/${c.name}`),
    ...list.map((c) => `/welcome/${c.name}`),
    '/subscribe/all',
  ];
  return urlset(paths.map((path) => ({ loc: `${origin}${path}`, changefreq: 'hourly' })));
}

export async function sitemapTags(
  ctx: Pick<Ctx, 'db'>,
  { siteUrl, page }: { siteUrl: string; page: number },
): Promise<string> {
  const { db } = ctx;
  const origin = siteOrigin(siteUrl);
  const rows = await queries.selectTagLocations(db, { offset: page * SITEMAP_MAX_URLS, limit: SITEMAP_MAX_URLS });
  return urlset(rows.map((t) => ({ loc: `${origin}/tag/${encodeURIComponent(t.title)}`, lastmod: t.updatedAt })));
}

/** The entries created in one month (YYYY-MM), newest first, at most 50,000. */
export async function sitemapEntries(
  ctx: Pick<Ctx, 'db'>,
  { siteUrl, month }: { siteUrl: string; month: string },
): Promise<string | null> {
  const { db } = ctx;
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  if (monthIndex < 0 || monthIndex > 11) return null;
  const origin = siteOrigin(siteUrl);
  const rows = await queries.selectEntryLocations(db, {
    from: new Date(Date.UTC(year, monthIndex, 1)),
    to: new Date(Date.UTC(year, monthIndex + 1, 1)),
    limit: SITEMAP_MAX_URLS,
  });
  return urlset(rows.map((e) => ({ loc: `${origin}${entryPath(e)}`, lastmod: e.updatedAt })));
}

/** What a feed is about: its title, the page it mirrors and its own address. */
interface FeedSource {
  title: string;
  description: string;
  pagePath: string;
  feedPath: string;
  entries: EntryView[];
}

function rss(siteUrl: string, siteName: string, source: FeedSource): string {
  const origin = siteOrigin(siteUrl);
  const feed = new Feed({
    id: `${origin}${source.pagePath}`,
    title: `${source.title} - ${siteName}`,
    description: source.description,
    link: `${origin}${source.pagePath}`,
    language: 'zh-CN',
    updated: source.entries[0] ? new Date(source.entries[0].createdAt) : new Date(0),
    generator: siteName,
    feedLinks: { rss: `${origin}${source.feedPath}` },
    copyright: `© ${siteName}`,
  });
  for (const entry of source.entries) {
    const link = `${origin}${entryPath(entry)}`;
    feed.addItem({
      title: entry.title,
      id: link,
      guid: link,
      link,
      date: new Date(entry.createdAt),
      description: entry.abstract,
      author: [{ name: entry.user.username }],
      category: entry.tags.map((tag) => ({
        name: tag.title,
        domain: `${origin}/tag/${encodeURIComponent(tag.title)}`,
      })),
    });
  }
  return feed.rss2();
}

export interface FeedContext {
  db: Db;
  siteUrl: string;
  siteName: string;
  viewer?: Viewer | null;
}

/** The home list of a category (or all), newest first: /feed and /feed/{category}. */
export async function homeFeed(ctx: FeedContext, category: string | undefined): Promise<string> {
  const index = await getCategoryIndex(ctx);
  const current = category && category !== 'all' ? index.byKey.get(category) : undefined;
  const page = await listEntries({ db: ctx.db, viewer: null }, { category, sort: 'newest', limit: FEED_ITEMS });
  return rss(ctx.siteUrl, ctx.siteName, {
    title: current ? `${current.title}最新文章` : '最新文章',
    description: current ? `${ctx.siteName}上${current.title}分类的最新文章` : `${ctx.siteName}上的最新文章`,
    pagePath: current ? `/explore/${current.name}?sort=newest` : '/explore?sort=newest',
    feedPath: current ? `/feed/${current.name}` : '/feed',
    entries: page.entrylist,
  });
}

/** Column articles (type post) of a category or all, newest first: /feed/zhuanlan/{category?}. */
export async function columnFeed(ctx: FeedContext, category: string | undefined): Promise<string> {
  const index = await getCategoryIndex(ctx);
  const current = category && category !== 'all' ? index.byKey.get(category) : undefined;
  const page = await listEntries(
    { db: ctx.db, viewer: null },
    { category, type: 'post', sort: 'newest', limit: FEED_ITEMS },
  );
  return rss(ctx.siteUrl, ctx.siteName, {
    title: current ? `${current.title}专栏` : '专栏',
    description: `${ctx.siteName}专栏${current ? ` · ${current.title}` : ''}的最新文章`,
    pagePath: current ? `/zhuanlan/${current.name}` : '/zhuanlan',
    feedPath: current ? `/feed/zhuanlan/${current.name}` : '/feed/zhuanlan',
    entries: page.entrylist,
  });
}

/** A tag's newest entries: /feed/tag/{title}. */
export async function tagFeed(ctx: FeedContext, title: string): Promise<string> {
  const tag = await getTagByTitle({ db: ctx.db, viewer: null }, title);
  const page = await listTagEntries({ db: ctx.db, viewer: null }, { tagId: tag.id, sort: 'newest', limit: FEED_ITEMS });
  const encoded = encodeURIComponent(tag.title);
  return rss(ctx.siteUrl, ctx.siteName, {
    title: `${tag.title}标签`,
    description: `${ctx.siteName}上标签「${tag.title}」的最新文章`,
    pagePath: `/tag/${encoded}`,
    feedPath: `/feed/tag/${encoded}`,
    entries: page.entrylist,
  });
}

/** A user's newest entries: /feed/user/{id}. */
export async function userFeed(ctx: FeedContext, userId: string): Promise<string> {
  const user = await getUserBrief(ctx, userId);
  const page = await listUserEntries({ db: ctx.db, viewer: null }, { userId, sort: 'newest', limit: FEED_ITEMS });
  return rss(ctx.siteUrl, ctx.siteName, {
    title: user.username,
    description: user.selfDescription || `${user.username}在${ctx.siteName}发表的文章`,
    pagePath: `/user/${user.id}`,
    feedPath: `/feed/user/${user.id}`,
    entries: page.entrylist,
  });
}
