import hljs from 'highlight.js/lib/common';
import MarkdownIt, { type Token } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { LIMITS } from '@core/constants.ts';
import { collapseWhitespace, truncate } from '@core/format.ts';
import { isUserImageUrl, isUserLinkPath } from '@core/user-urls.ts';

export interface TocItem {
  id: string;
  level: number;
  text: string;
}

export interface RenderedMarkdown {
  /** Sanitised HTML, safe to inject as is. */
  html: string;
  toc: TocItem[];
  readingMinutes: number;
  /** Plain text, for search vectors. */
  text: string;
  /** The prose alone (no headings, code blocks or image captions), for abstracts. */
  summary: string;
  /** The first image that may be shown (an upload or another site's), for the feed thumbnail; '' for none. */
  firstImage: string;
  /** Image addresses the sanitiser dropped (core/user-urls.ts): publishing refuses them. */
  blockedImages: string[];
}

export interface RenderOptions {
  /** SITE_URL's origin: absolute addresses of this site other than uploads are not images. */
  siteOrigin?: string;
  /**
   * A document that lives elsewhere (a repo's README): relative links resolve against `links`,
   * relative images against `images`, as the code host shows them. Anchors stay on the page.
   */
  base?: { links: string; images: string };
}

/** A relative address (no scheme, not protocol-relative, not an anchor) resolved against `base`. */
function resolveAgainst(value: string | undefined, base: string): string | undefined {
  if (!value || value.startsWith('#') || value.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  try {
    const root = new URL(base);
    // A path from the root ("/docs/x.md") means the repository's root, not the host's.
    return new URL(value.startsWith('/') ? value.slice(1) : value, root).href;
  } catch {
    return value;
  }
}

/** Outbound links leave through this page so that the site can warn and count (SPEC §9 link-out). */
export const LINK_OUT_PATH = '/link';

const HEADING_ID = /^heading-\d+$/;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function highlight(code: string, language: string): string {
  const lang = language.trim().toLowerCase();
  if (lang && hljs.getLanguage(lang)) {
    const value = hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
    return `<pre><code class="hljs language-${escapeHtml(lang)}">${value}</code></pre>`;
  }
  return `<pre><code class="hljs">${escapeHtml(code)}</code></pre>`;
}

/**
 * Raw HTML is on so that authors can use <kbd>, <details> and the like; everything the renderer
 * produces goes through the sanitiser below, so raw HTML never reaches a page unfiltered.
 */
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false, highlight });

function inlineText(token: Token): string {
  return (token.children ?? [])
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      if (child.type === 'image') return child.content;
      return '';
    })
    .join('');
}

/**
 * Link text that is a bare address is cut 12 characters after the host, with an ellipsis
 * (SPEC §5, §9: links are shown shortened beyond 12 characters after the host). Other link
 * text is the author's words and stays whole.
 */
export function shortenLinkText(text: string, keep = LIMITS.linkShortenAfterHost): string {
  const match = /^(https?:\/\/)?([^/?#\s]+)([/?#][^\s]*)?$/i.exec(text);
  if (!match || (!match[1] && !/^www\./i.test(match[2]))) return text;
  const rest = match[3] ?? '';
  const chars = Array.from(rest);
  if (chars.length <= keep) return text;
  return `${match[1] ?? ''}${match[2]}${chars.slice(0, keep).join('')}...`;
}

/** Numbers headings in document order (SPEC §9: heading-{index}) and lazy-loads images. */
function decorate(tokens: Token[]): TocItem[] {
  const toc: TocItem[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const id = `heading-${toc.length}`;
      token.attrSet('id', id);
      const inline = tokens[index + 1];
      toc.push({ id, level: Number(token.tag.slice(1)), text: inline ? collapseWhitespace(inlineText(inline)) : '' });
    }
    if (token.type === 'inline') {
      const children = token.children ?? [];
      children.forEach((child, at) => {
        if (child.type === 'image') child.attrSet('loading', 'lazy');
        // A link whose text is its own address shows at most 12 characters after the host (SPEC §9).
        const text = children[at + 1];
        if (child.type === 'link_open' && text?.type === 'text' && children[at + 2]?.type === 'link_close') {
          text.content = shortenLinkText(text.content);
        }
      });
    }
  });
  return toc;
}

function plainText(tokens: Token[]): string {
  const blocks: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') blocks.push(inlineText(token));
    else if (token.type === 'fence' || token.type === 'code_block') blocks.push(token.content);
  }
  return blocks.filter((block) => block.trim() !== '').join('\n');
}

/**
 * The words a reader reads as prose: paragraphs, list items, quotes and table cells, without
 * headings, fenced or indented code, or images' alt text (abstracts, issue 12).
 */
function proseText(tokens: Token[]): string {
  const blocks: string[] = [];
  let inHeading = false;
  for (const token of tokens) {
    if (token.type === 'heading_open') inHeading = true;
    else if (token.type === 'heading_close') inHeading = false;
    else if (token.type === 'inline' && !inHeading) {
      const words = (token.children ?? [])
        .map((child) => {
          if (child.type === 'text' || child.type === 'code_inline') return child.content;
          if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
          return '';
        })
        .join('');
      blocks.push(words);
    }
  }
  return blocks.filter((block) => block.trim() !== '').join('\n');
}

/** The source of the first image in the tokens that isUserImageUrl accepts. */
function firstImageOf(tokens: Token[], siteOrigin: string | undefined): string {
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type !== 'image') continue;
      const src = String(child.attrGet('src') ?? '');
      if (src && isUserImageUrl(src, siteOrigin)) return src;
    }
  }
  return '';
}

function isHttpUrl(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** Paths and anchors on this site; '//host' is another site in disguise. */
function isSiteRelative(href: string): boolean {
  return /^[/#?]/.test(href) && !href.startsWith('//');
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'span',
    'em',
    'strong',
    'del',
    's',
    'sup',
    'sub',
    'kbd',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'details',
    'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: { code: ['hljs', 'language-*'], span: ['hljs-*', 'language-*'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    // A link whose target was unsafe keeps its words but stops being a link.
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const attrs: Record<string, string> = {};
      if (title) attrs.title = title;
      if (href && isHttpUrl(href)) {
        attrs.href = `${LINK_OUT_PATH}?target=${encodeURIComponent(href)}`;
        attrs.rel = 'nofollow noopener';
        attrs.target = '_blank';
      } else if (href && isSiteRelative(href) && isUserLinkPath(href)) {
        attrs.href = href;
      }
      return { tagName, attribs: attrs };
    },
    ...Object.fromEntries(
      ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [
        tag,
        (tagName: string, attribs: sanitizeHtml.Attributes) => ({
          tagName,
          // Only the renderer's own numbering survives, so raw HTML cannot clobber other ids.
          attribs: attribs.id && HEADING_ID.test(attribs.id) ? { id: attribs.id } : {},
        }),
      ]),
    ),
  },
};

const CJK_CHAR = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/g;
const LATIN_WORD = /[A-Za-z0-9]+(?:['’.-][A-Za-z0-9]+)*/g;

/** CJK characters read at about 400 a minute, Latin words at about 200; never under a minute. */
export function estimateReadingMinutes(text: string): number {
  const cjk = text.match(CJK_CHAR)?.length ?? 0;
  const words = text.replace(CJK_CHAR, ' ').match(LATIN_WORD)?.length ?? 0;
  return Math.max(1, Math.ceil(cjk / 400 + words / 200));
}

/** Images keep only an address user content may use (core/user-urls.ts); others lose the image. */
function imageTransform(siteOrigin: string | undefined, blocked: string[]): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const { src, ...rest } = attribs;
    const safe: Record<string, string> = { ...rest, loading: 'lazy' };
    if (src && isUserImageUrl(src, siteOrigin)) safe.src = src;
    else if (src) blocked.push(src);
    return { tagName, attribs: safe };
  };
}

export function renderMarkdown(source: string, options: RenderOptions = {}): RenderedMarkdown {
  const env = {};
  const tokens = markdown.parse(source, env);
  const toc = decorate(tokens);
  const blockedImages: string[] = [];
  const base = options.base;
  const linkTransform = sanitizeOptions.transformTags?.a as sanitizeHtml.Transformer;
  const images = imageTransform(options.siteOrigin, blockedImages);
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, env), {
    ...sanitizeOptions,
    transformTags: {
      ...sanitizeOptions.transformTags,
      ...(base && {
        a: (tagName: string, attribs: sanitizeHtml.Attributes) =>
          linkTransform(tagName, { ...attribs, href: resolveAgainst(attribs.href, base.links) ?? '' }),
      }),
      img: base
        ? (tagName: string, attribs: sanitizeHtml.Attributes) =>
            images(tagName, { ...attribs, src: resolveAgainst(attribs.src, base.images) ?? '' })
        : images,
    },
  });
  const text = plainText(tokens);
  return {
    html,
    toc,
    readingMinutes: estimateReadingMinutes(text),
    text,
    summary: proseText(tokens),
    firstImage: firstImageOf(tokens, options.siteOrigin),
    blockedImages,
  };
}

/**
 * The headings of an entry's source with the ids its rendered HTML carries, for the table of
 * contents beside the article: the same numbering as renderMarkdown, without rendering.
 */
export function tableOfContents(source: string): TocItem[] {
  return decorate(markdown.parse(source, {})).filter((heading) => heading.text !== '');
}

/** The words of a markdown source without its markup, one block a line (search snippets). */
export function markdownText(source: string): string {
  return plainText(markdown.parse(source, {}));
}

/** The whitespace-collapsed summary stored with an entry (SPEC §3). */
export function makeAbstract(text: string, max = 200): string {
  return truncate(collapseWhitespace(text), max);
}
