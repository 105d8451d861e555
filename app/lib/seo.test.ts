import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageSeo } from './seo.server.ts';
import { SITE_DESCRIPTION, seoMeta } from './seo.ts';

const context = { env: { SITE_URL: 'https://jinsha.example/', SITE_NAME: '金砂' } } as unknown as AppLoadContext;

function descriptionOf(meta: ReturnType<typeof seoMeta>): unknown {
  const tag = meta.find((tag) => 'name' in tag && tag.name === 'description');
  return tag && 'content' in tag ? tag.content : undefined;
}

describe('pageSeo', () => {
  it('keeps the default description when a page passes none (welcome without a category, search without a query)', () => {
    const seo = pageSeo(context, '/welcome', { description: undefined, image: undefined });
    expect(seo.description).toBe(SITE_DESCRIPTION);
    expect(seo.url).toBe('https://jinsha.example/welcome');
    expect('image' in seo).toBe(false);
    expect(descriptionOf(seoMeta([], null, seo))).toBe(SITE_DESCRIPTION);
  });

  it('uses the description a page gives, cut to 160 characters in the meta tags', () => {
    const seo = pageSeo(context, '/search?query=vue', { description: '在金砂搜索“vue”的结果' });
    expect(seo.description).toBe('在金砂搜索“vue”的结果');
    const long = pageSeo(context, '/', { description: '长'.repeat(300) });
    expect(descriptionOf(seoMeta([], null, long))).toBe('长'.repeat(160));
  });

  it('makes site-relative feed links absolute', () => {
    const seo = pageSeo(context, '/', { feeds: [{ title: '最新文章', href: '/feed' }] });
    expect(seo.feeds).toEqual([{ title: '最新文章', href: 'https://jinsha.example/feed' }]);
  });
});
