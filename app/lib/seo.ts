import type { MetaDescriptor } from 'react-router';
import { pageMeta } from './meta.ts';

/** The fixed site description of SPEC §1, for pages without a better one. */
export const SITE_DESCRIPTION = '金砂是中文开发者的技术社区：文章、分享、开源库、小册和活动，在这里淘出技术的真金。';

/** What a public page tells search engines and feed readers, built by its loader (seo.server.ts). */
export interface PageSeo {
  siteName: string;
  /** The canonical absolute URL: SITE_URL plus the page's path. */
  url: string;
  description: string;
  type?: 'website' | 'article';
  image?: string;
  /** RSS feeds of the page's list (link rel=alternate). */
  feeds?: Array<{ title: string; href: string }>;
  /** schema.org Article data for posts and articles. */
  article?: {
    headline: string;
    author: { name: string; url?: string };
    datePublished: string;
    dateModified: string;
    keywords: string[];
  };
  noindex?: boolean;
}

type MatchLike = Parameters<typeof pageMeta>[0][number];

/**
 * The page's title and description (pageMeta) plus the canonical link, Open Graph, feed links
 * and, for articles, the schema.org Article JSON-LD (a data block: CSP does not run it).
 */
export function seoMeta(matches: MatchLike[], title: string | null, seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return pageMeta(matches, title, SITE_DESCRIPTION);
  // Loader data crosses the network: a page missing its description still gets the site's.
  const description = (seo.description || SITE_DESCRIPTION).slice(0, 160);
  const meta: MetaDescriptor[] = [
    ...pageMeta(matches, title, description),
    { tagName: 'link', rel: 'canonical', href: seo.url },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:title', content: title ?? seo.siteName },
    { property: 'og:description', content: description },
    { property: 'og:url', content: seo.url },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:locale', content: 'zh_CN' },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
  ];
  if (seo.image) meta.push({ property: 'og:image', content: seo.image });
  if (seo.noindex) meta.push({ name: 'robots', content: 'noindex' });
  for (const feed of seo.feeds ?? []) {
    meta.push({ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: feed.href });
  }
  if (seo.article) {
    meta.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: seo.article.headline,
        description,
        url: seo.url,
        mainEntityOfPage: seo.url,
        inLanguage: 'zh-CN',
        ...(seo.image ? { image: [seo.image] } : {}),
        author: {
          '@type': 'Person',
          name: seo.article.author.name,
          ...(seo.article.author.url ? { url: seo.article.author.url } : {}),
        },
        publisher: { '@type': 'Organization', name: seo.siteName },
        datePublished: seo.article.datePublished,
        dateModified: seo.article.dateModified,
        keywords: seo.article.keywords.join(','),
      },
    });
  }
  return meta;
}
