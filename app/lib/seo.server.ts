import type { AppLoadContext } from 'react-router';
import { type PageSeo, SITE_DESCRIPTION } from './seo.ts';
import { isGuestId } from '@core/ids.ts';
import type { EntryDetail } from '@server/modules/entries/entries.service.ts';

/** The site's origin without a trailing slash. */
export function siteOrigin(context: AppLoadContext): string {
  return context.env.SITE_URL.replace(/\/+$/, '');
}

type SeoFields = Omit<PageSeo, 'siteName' | 'url'>;

/** The fields a page set, without those it passed as undefined ("no better value here"). */
function givenFields(extra: { [K in keyof SeoFields]?: SeoFields[K] | undefined }): Partial<SeoFields> {
  return Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
}

/**
 * A page's SEO data: canonical URL = SITE_URL + path (the query only where it selects content).
 * A field given as undefined keeps the default: `description: undefined` means the site's own.
 */
export function pageSeo(
  context: AppLoadContext,
  path: string,
  extra: { [K in keyof SeoFields]?: SeoFields[K] | undefined } = {},
): PageSeo {
  const origin = siteOrigin(context);
  return {
    siteName: context.env.SITE_NAME,
    url: `${origin}${path}`,
    description: SITE_DESCRIPTION,
    ...givenFields(extra),
    feeds: extra.feeds?.map((feed) => ({
      ...feed,
      href: feed.href.startsWith('/') ? `${origin}${feed.href}` : feed.href,
    })),
  };
}

/** Absolute URL of an image that may be site-relative (uploads). */
export function absoluteUrl(context: AppLoadContext, url: string): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') ? `${siteOrigin(context)}${url}` : url;
}

/** What an entry page tells search engines and link previews: canonical URL, OG image, schema.org Article. */
export function entrySeo(context: AppLoadContext, entry: Omit<EntryDetail, 'content' | 'contentHtml'>) {
  const authorUrl = isGuestId(entry.user.id) ? undefined : `${siteOrigin(context)}/user/${entry.user.id}`;
  return pageSeo(context, `/${entry.type === 'post' ? 'post' : 'entry'}/${entry.id}`, {
    description: entry.abstract || entry.title,
    type: 'article',
    image: absoluteUrl(context, entry.screenshot),
    article: {
      headline: entry.title,
      author: { name: entry.user.username, url: authorUrl },
      datePublished: entry.createdAt,
      dateModified: entry.updatedAt,
      keywords: entry.tags.map((tag) => tag.title),
    },
  });
}
