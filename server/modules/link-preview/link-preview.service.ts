import type { Ctx } from '../../http/context.ts';
import { Parser } from 'htmlparser2';
import { collapseWhitespace, truncate } from '@core/format.ts';
import { ENTRY_LIMITS } from '@core/entry-input.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { fetchPage, type FetchPageOptions } from './link-preview.fetch.ts';

export interface PageInfo {
  /** The address the page was finally read from (after redirects). */
  url: string;
  title: string;
  description: string;
  /** The page's Open Graph image, absolute http(s), or ''. */
  screenshot: string;
}

/** Title, description and image of an HTML page: Open Graph first, then Twitter cards, then plain tags. */
export function parsePageInfo(html: string, pageUrl: string): Omit<PageInfo, 'url'> {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? '').toLowerCase();
          if (key && attribs.content !== undefined && !meta.has(key)) meta.set(key, attribs.content);
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head' || name === 'body') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  // The head holds everything wanted; stop feeding once it closes.
  for (let i = 0; i < html.length && !done; i += 16_384) parser.write(html.slice(i, i + 16_384));
  parser.end();

  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = collapseWhitespace(meta.get(key) ?? '');
      if (value) return value;
    }
    return '';
  };
  const image = pick('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src');
  let screenshot = '';
  if (image) {
    try {
      const resolved = new URL(image, pageUrl);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') screenshot = resolved.toString();
    } catch {
      screenshot = '';
    }
  }
  return {
    title: truncate(pick('og:title', 'twitter:title') || collapseWhitespace(title), ENTRY_LIMITS.titleMax, ''),
    description: truncate(pick('og:description', 'description', 'twitter:description'), 200),
    screenshot: screenshot.length <= ENTRY_LIMITS.urlMax ? screenshot : '',
  };
}

/** SPEC §7.3 /page/info: reads a page server-side for the share form (signed-in members only). */
export async function getPageInfo(
  ctx: Pick<Ctx, 'viewer' | 'env'>,
  { url, options = {} }: { url: string; options?: FetchPageOptions },
): Promise<PageInfo> {
  requireViewer(ctx.viewer);
  const page = await fetchPage(url, { allowPrivate: ctx.env.LINK_PREVIEW_ALLOW_PRIVATE, ...options });
  return { url: page.url, ...parsePageInfo(page.html, page.url) };
}
