import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import type { EntryView } from '@server/modules/entries/entries.service.ts';
import { documentHtmlOf } from '~/lib/document-html.server.ts';
import { FEED_ROWS_KEY } from './entry-feed.tsx';
import { feedRows } from './feed-rows.server.tsx';

/**
 * The feeds' rows as server HTML (issue 10, goals 3 and 5): a shared page's rows are rendered once
 * for every viewer, each viewer's likes flip only their rows, and the document keeps the HTML out
 * of its loader data (the rows' text is sent once). Freshness: the rows belong to the shared page
 * object, which the change bus replaces after a change (entries.shared-feed.test.ts).
 */
function entry(id: string, title: string, likeCount = 0): EntryView {
  return {
    id,
    type: 'article',
    title,
    abstract: `${title}的摘要`,
    originalUrl: '',
    screenshot: '',
    createdAt: new Date().toISOString(),
    viewCount: 10,
    likeCount,
    commentCount: 2,
    liked: false,
    user: { id: 'a'.repeat(24), username: '作者' },
    tags: [{ id: 'b'.repeat(24), title: 'React' }],
  } as unknown as EntryView;
}

const documentRequest = () => ({ dataRequest: false }) as AppLoadContext;
const dataRequest = () => ({ dataRequest: true }) as AppLoadContext;
const ONE = '1'.repeat(24);
const TWO = '2'.repeat(24);

describe('feed rows as server HTML', () => {
  it('keeps a document’s rows beside the request, out of the loader data', () => {
    const page = { entrylist: [entry(ONE, '第一篇'), entry(TWO, '第二篇')] };
    const context = documentRequest();
    const rows = feedRows(context, { page, shared: true, marks: null });
    expect(rows).toEqual({ count: 2, ids: null, html: null });
    const html = documentHtmlOf(context)?.get(FEED_ROWS_KEY) ?? '';
    expect(html).toContain('第一篇');
    // The title link discovers its route ahead as <Link> does; the author and tag links do not.
    expect(html).toContain(`<a href="/entry/${ONE}" data-discover="true">第一篇</a>`);
    expect(html).toContain('<a href="/tag/React">React</a>');
  });

  it('sends a data request’s rows in the loader data, one string a row', () => {
    const page = { entrylist: [entry(ONE, '第一篇'), entry(TWO, '第二篇')] };
    const context = dataRequest();
    const rows = feedRows(context, { page, shared: true, marks: null });
    expect(rows.ids).toEqual([ONE, TWO]);
    expect(rows.html).toHaveLength(2);
    expect(rows.html?.[1]).toContain('第二篇');
    expect(documentHtmlOf(context)).toBeNull();
  });

  it('renders a shared page’s rows once and lays each viewer’s likes over them', () => {
    const page = { entrylist: [entry(ONE, '第一篇', 3), entry(TWO, '第二篇', 5)] };
    const anonymous = feedRows(dataRequest(), { page, shared: true, marks: null }).html ?? [];
    const fan =
      feedRows(dataRequest(), { page, shared: true, marks: { liked: new Set([TWO]), collected: new Set() } }).html ??
      [];
    const again = feedRows(dataRequest(), { page, shared: true, marks: null }).html ?? [];
    // The same strings, not a second render.
    expect(again[0]).toBe(anonymous[0]);
    expect(fan[0]).toBe(anonymous[0]);
    expect(anonymous[1]).toContain('aria-pressed="false" aria-label="点赞，已有 5 人点赞"');
    expect(fan[1]).toContain('aria-pressed="true" aria-label="取消点赞，已有 5 人点赞"');
    expect(fan[1]).toContain('class="like-inline ic-thumbs-up ic-on text-brand"');
  });

  it('renders new rows for a new page (after a change) and a viewer’s own page as it is', () => {
    const before = { entrylist: [entry(ONE, '第一篇', 0)] };
    feedRows(dataRequest(), { page: before, shared: true, marks: null });
    const after = { entrylist: [entry(ONE, '第一篇', 1)] };
    expect(feedRows(dataRequest(), { page: after, shared: true, marks: null }).html?.[0]).toContain('已有 1 人点赞');
    const own = { entrylist: [{ ...entry(TWO, '自己的'), liked: true } as EntryView] };
    expect(feedRows(dataRequest(), { page: own }).html?.[0]).toContain('aria-pressed="true"');
  });

  it('escapes what authors wrote', () => {
    const page = { entrylist: [entry(ONE, '<img src=x onerror=alert(1)>')] };
    const html = feedRows(dataRequest(), { page }).html?.[0] ?? '';
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
